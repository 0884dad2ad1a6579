#pragma once
// Joint-wise blending of poses for the interpolation buffer (net.md "Client interpolation").
#include "rig/pose.hpp"

namespace spear::client {

// a + (b − a)·t for every joint and scale; contacts come from the nearer side (t < 0.5 → a).
rig::Pose lerp_pose(const rig::Pose& a, const rig::Pose& b, float t);

// Linear extrapolation: p + (p − prev)·k, for a pose `k` intervals past `p`.
rig::Pose extrapolate_pose(const rig::Pose& prev, const rig::Pose& p, float k);

// Largest distance between the same joint in two poses, units.
float max_joint_distance(const rig::Pose& a, const rig::Pose& b);

}  // namespace spear::client
