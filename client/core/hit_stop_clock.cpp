#include "core/hit_stop_clock.hpp"

#include <algorithm>
#include <cmath>

namespace spear::client {

void HitStopClock::trigger() {
  if (lag_ >= config_.max_lag) return;
  hold_left_ = std::min(config_.hold, config_.max_lag - lag_);
  since_hold_ = 0.0;
}

double HitStopClock::advance(double dt) {
  if (!(dt >= 0.0) || !std::isfinite(dt)) dt = 0.0;
  const double held = std::min(dt, hold_left_);
  lag_ += held;
  hold_left_ -= held;
  double rest = dt - held;
  // Catching up in small steps so the eased rate is integrated evenly at any frame rate.
  while (rest > 0.0 && lag_ > 0.0) {
    const double h = std::min(rest, 0.004);
    const double ramp =
        config_.ease > 0.0 ? std::min(1.0, (since_hold_ + h / 2) / config_.ease) : 1.0;
    lag_ = std::max(0.0, lag_ - h * config_.catch_up * ramp);
    since_hold_ += h;
    rest -= h;
  }
  return lag_;
}

}  // namespace spear::client
