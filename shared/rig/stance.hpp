#pragma once
// Poses shared by the stationary motions: the standing stance and the spear stuck in the ground
// while the hands are busy elsewhere (the unarmed throw, the lab jump).
#include "rig/body.hpp"

namespace spear::rig {

inline constexpr float kStandNearFootX = -9.f;  // units from the anchor
inline constexpr float kStandFarFootX = 10.f;

// Standing on both feet, hip at HIP_H, arms hanging (FK).
BodyTargets standing_body();

// The spear stands upright in the ground behind the figure.
void plant_spear(BodyTargets& body);

}  // namespace spear::rig
