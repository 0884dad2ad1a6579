#pragma once
// The lab's unarmed throw (rig.md §7, ours in shape): wind-up with the arm back and the weight
// back, a release where the arm whips over the top and the weight goes forward (easeOutCubic),
// recovery. Stationary; the spear waits stuck in the ground.
#include "rig/body.hpp"

namespace spear::rig {

inline constexpr float kThrowDuration = 1.2f;  // s
inline constexpr float kThrowRest = 0.5f;      // s standing between two throws of the lab loop
inline constexpr float kThrowRelease = 0.58f;  // normalized time the hand lets go

BodyTargets throw_body(float p);

}  // namespace spear::rig
