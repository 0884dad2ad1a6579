#include "core/prediction_clock.hpp"

#include <algorithm>
#include <cmath>

namespace spear::client {

double PredictionClock::advance(double dt, double estimate) {
  if (!std::isfinite(estimate)) return time_;
  if (!(dt >= 0.0) || !std::isfinite(dt)) dt = 0.0;
  if (!valid_) {
    valid_ = true;
    time_ = estimate;
    error_ = 0.0;
    return time_;
  }
  // The error the clock would have if it ran at real time this frame.
  const double err = estimate - (time_ + dt);
  if (std::abs(err) > config_.resync) {
    time_ = estimate;
    ++resyncs_;
  } else {
    const double rate = std::clamp(err * config_.gain, -config_.max_rate, config_.max_rate);
    time_ += dt * (1.0 + rate);
  }
  error_ = time_ - estimate;
  return time_;
}

}  // namespace spear::client
