#include "core/pause_clock.hpp"

#include <algorithm>

namespace spear::client {

void PauseClock::set_paused(bool paused, double wall) {
  if (paused == paused_) return;
  if (paused) {
    paused_at_ = wall;
  } else {
    paused_total_ += std::max(0.0, wall - paused_at_);
  }
  paused_ = paused;
}

double PauseClock::paused_seconds(double wall) const {
  return paused_total_ + (paused_ ? std::max(0.0, wall - paused_at_) : 0.0);
}

double PauseClock::session_time(double wall) const { return wall - paused_seconds(wall); }

}  // namespace spear::client
