#pragma once
// The space motions are blended in: the pelvis position, each bone's direction angle, the spear's
// tail and angle, and the squash. Offsets in this space keep every bone at its length and turn
// limbs continuously (blending joint positions would pull an elbow through its shoulder).
#include <array>

#include "rig/raw_pose.hpp"

namespace spear::rig {

// Channels: pelvis x, y; spine; neck; thigh near, far; shin near, far; upper arm near, far;
// forearm near, far; spear tail x, y; spear angle; sy. Angles in rad (atan2, y down).
inline constexpr int kBlendChannels = 16;
using BlendVector = std::array<float, kBlendChannels>;

BlendVector to_blend_space(const RawPose& pose);
// Rebuilds the joints (flags and contacts of `out` are kept). A foot that would end below the
// ground is put back on it by the leg's IK.
void from_blend_space(const BlendVector& v, RawPose& out);
// a − b, angles wrapped to (−π, π].
BlendVector blend_difference(const BlendVector& a, const BlendVector& b);

}  // namespace spear::rig
