#include "core/ghost_gap.hpp"

#include <cmath>
#include <cstdio>

namespace spear::client {

namespace {
constexpr double kLevelMetres = 1.0;  // under a metre: level
constexpr double kMinSpeed = 50.0;    // units/s: slower (a fall, the line) gives no seconds
const char* sign(double v) { return v > 0.0 ? "+" : "\u2212"; }
}  // namespace

GhostGap ghost_gap(double own, double ghost, double own_speed) {
  GhostGap g;
  if (!std::isfinite(own) || !std::isfinite(ghost)) return g;
  g.metres = (own - ghost) / 10.0;
  if (std::isfinite(own_speed) && own_speed >= kMinSpeed) g.seconds = (own - ghost) / own_speed;
  return g;
}

std::string gap_metres_text(const GhostGap& gap) {
  if (!(std::abs(gap.metres) >= kLevelMetres)) return "level";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s%.0f m", sign(gap.metres), std::abs(gap.metres));
  return buf;
}

std::string gap_seconds_text(const GhostGap& gap) {
  if (!gap.seconds || !(std::abs(gap.metres) >= kLevelMetres)) return "";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%s%.1f s", sign(*gap.seconds), std::abs(*gap.seconds));
  return buf;
}

}  // namespace spear::client
