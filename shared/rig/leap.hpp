#pragma once
// The runner's jump over a hurdle (game.md): the articles' jump adapted to the run, shorter and
// lower, travelling at run speed, legs tucked in a running stride, with squash and stretch.
// Normalized time p = motion time / kLeapDuration.
#include "rig/vec2.hpp"

namespace spear::rig {

// Pelvis offset added to the run (y down: negative is up). easeOutCubic up, easeInCubic down.
float leap_rise(float p);
// 0 on the ground .. 1 in the air: how much the feet follow the tuck instead of the gait.
float leap_air(float p);
float leap_sy(float p);
// Tucked foot positions relative to the pelvis [near, far]: a hurdler's stride, lead leg forward.
Vec2 leap_tuck(int foot);
float leap_extra_lean(float p);

}  // namespace spear::rig
