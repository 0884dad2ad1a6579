#pragma once
// How far the own runner is ahead of the ghost it races (+) or behind it (−), as the screen says
// it: metres along the course, and the seconds that distance takes at the own runner's speed.
// "+14 m" / "−14 m" and "+1.2 s" / "−1.2 s"; under a metre "level". Pure.
#include <optional>
#include <string>

namespace spear::client {

struct GhostGap {
  double metres = 0.0;            // own − ghost, metres
  std::optional<double> seconds;  // at the own speed; none when standing or falling
};

// `own` and `ghost`: course units (10 a metre); `own_speed`: units per second.
GhostGap ghost_gap(double own, double ghost, double own_speed);
std::string gap_metres_text(const GhostGap& gap);   // "+14 m", "−14 m", "level"
std::string gap_seconds_text(const GhostGap& gap);  // "+1.2 s", "−1.2 s", "" without seconds

}  // namespace spear::client
