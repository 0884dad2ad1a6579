#include "server/tick_schedule.hpp"

#include <cmath>

namespace spear::server {

TickSchedule::TickSchedule(double rate, double start, std::uint32_t max_lag_ticks)
    : rate_(rate), origin_(start), max_lag_(max_lag_ticks) {}

double TickSchedule::next_due_time() const {
  return origin_ + static_cast<double>(next_ - origin_tick_) / rate_;
}

std::uint64_t TickSchedule::due(double now) {
  const double elapsed = (now - origin_) * rate_;
  if (elapsed < 0.0) return 0;
  // Ticks origin_tick_ .. origin_tick_ + floor(elapsed) are due.
  const auto last_due = origin_tick_ + static_cast<std::uint64_t>(std::floor(elapsed));
  if (last_due < next_) return 0;
  std::uint64_t n = last_due - next_ + 1;
  if (n > max_lag_) {
    // Too far behind: run one tick now and measure the following ones from here.
    ++resyncs_;
    origin_ = now;
    origin_tick_ = next_;
    n = 1;
  }
  return n;
}

}  // namespace spear::server
