#pragma once
// Idle: standing, breathing, the spear held upright like a staff in the far hand.
#include "rig/body.hpp"

namespace spear::rig {

inline constexpr float kBreathPeriod = 3.2f;  // s

BodyTargets idle_body(float t);

}  // namespace spear::rig
