#pragma once
// The lab's standing jump, exactly the articles' track (rig.md §7, §9). Stationary.
#include "rig/body.hpp"

namespace spear::rig {

inline constexpr float kJumpDuration = 1.3f;  // s, crouch to settled
inline constexpr float kJumpRest = 0.6f;      // s standing between two jumps of the lab loop

// Body vertical offset (y down: negative is up): crouch +10, push −6, apex −160, fall, absorb +4,
// settle. easeOutCubic on the way up (p < 0.5), easeInCubic on the way down.
float jump_root_y(float p);
// Vertical squash: 0.84 in the crouch (p 0.2), 1.14 at take-off (0.32), 0.82 at landing (0.82).
float jump_sy(float p);

BodyTargets jump_body(float p);

}  // namespace spear::rig
