#pragma once
// Walking and running (and the leap and the thrust overlay on top): one gait phase, walk↔run by
// the eased gait value, feet planted in stance (rig.md §5–6), the spear carried or thrust.
#include "rig/body.hpp"
#include "rig/rig.hpp"

namespace spear::rig {

inline constexpr float kWalkSpearAlong = 50.f;  // units from the tail to the far hand, walking

bool is_locomotion(Motion m);

// Puts the feet where the analytic path has them at the current phase (entering the gait from a
// motion that did not track them).
void reset_feet(RigState& s, float run_cadence);

// Advances gait, phase and planted feet by dt and returns the body; *scroll_speed gets the ground
// speed that keeps planted feet still.
BodyTargets locomotion_step(RigState& s, const RigInput& in, float dt, float* scroll_speed);

}  // namespace spear::rig
