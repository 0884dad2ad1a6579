#include "sim/press_timing.hpp"

#include <algorithm>
#include <cmath>

#include "sim/pace.hpp"
#include "sim/runner.hpp"

namespace spear::sim {

float press_lead(double distance, const rig::Pose& pose, int pace, const Obstacle& o) {
  const double gap = o.x - (distance + static_cast<double>(body_front(pose)));
  return static_cast<float>(gap / runner_speed(distance, pace));
}

std::uint8_t press_grade(float lead, ObstacleKind kind) {
  const float middle = kind == ObstacleKind::Hurdle ? kJumpLeadMiddle : kThrustLeadMiddle;
  if (!std::isfinite(lead)) return 0;
  const float off = std::fabs(lead - middle) / kGradeHalfWidth;
  if (off >= 1.f) return 0;
  return static_cast<std::uint8_t>(std::lround((1.f - off) * static_cast<float>(kMaxGrade)));
}

int pass_pace(std::uint8_t grade, ObstacleKind kind, std::uint32_t combo) {
  const int g = std::min<int>(grade, kMaxGrade);
  int earned = kPassPaceScrappy + (kPassPaceCentred - kPassPaceScrappy) * g / kMaxGrade;
  if (kind == ObstacleKind::Target && combo > 1)
    earned += kComboPace * static_cast<int>(std::min(combo, kMaxCombo) - 1);
  return earned;
}

int next_pace(int pace, int earned) { return std::clamp((pace + earned) / 2, kPaceMin, kPaceMax); }

}  // namespace spear::sim
