#pragma once
// The runner's spear: carried two-handed at a slight angle, and the straight two-handed forward
// thrust layered over the running legs (game.md): wind-up, strike (easeOutCubic), hold, recovery.
#include "rig/body.hpp"

namespace spear::rig {

// The carry while running: grip in front of the belly, tip a little up; it rocks with the stride.
SpearHold run_carry(float phase);

// The hold at thrust time t (s since the thrust started, 0..kThrustDuration), blended from and back
// to `carry`. extra_lean: rad added to the body's lean (the body follows the strike).
SpearHold thrust_hold(float t, const SpearHold& carry, float* extra_lean = nullptr);

}  // namespace spear::rig
