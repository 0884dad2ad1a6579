#include "core/server_clock.hpp"

#include <cmath>

namespace spear::client {

namespace {
constexpr double kRiseGain = 0.25;  // an early arrival moves the estimate quickly
constexpr double kFallGain = 0.02;  // late arrivals pull it down slowly (latency really grew)
constexpr double kJitterGain = 0.1;
constexpr double kResync = 1.0;  // seconds: farther off than this means a new clock (restart)
}  // namespace

void ServerClock::on_snapshot(double server_time, double local_time) {
  const double s = server_time - local_time;
  if (!valid_ || std::abs(s - offset_) > kResync) {
    valid_ = true;
    offset_ = s;
    jitter_ = 0.0;
    return;
  }
  const double late = offset_ - s;  // > 0: this one came later than the earliest recent ones
  offset_ += (late < 0 ? kRiseGain : kFallGain) * (s - offset_);
  jitter_ += kJitterGain * ((late > 0 ? late : 0.0) - jitter_);
}

}  // namespace spear::client
