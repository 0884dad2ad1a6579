#pragma once
// Joint-wise blending of poses, and of the lab's readouts, for the interpolation buffer
// (net.md "Client interpolation").
#include "rig/pose.hpp"
#include "rig/rig.hpp"

namespace spear::client {

// a + (b − a)·t for every joint and scale; contacts come from the nearer side (t < 0.5 → a).
rig::Pose lerp_pose(const rig::Pose& a, const rig::Pose& b, float t);

// Linear extrapolation: p + (p − prev)·k, for a pose `k` intervals past `p`.
rig::Pose extrapolate_pose(const rig::Pose& prev, const rig::Pose& p, float k);

// A phase that wraps at 1, blended the short way round (0.95 → 0.05 passes through 0, not 0.5);
// t outside 0..1 extrapolates. The result is in [0, 1).
float lerp_phase(float a, float b, float t);

// IK targets point by point; hands_on_spear, and the hand targets unless both hold the
// spear, from the nearer side (t < 0.5 → a).
rig::RigDebug lerp_rig_debug(const rig::RigDebug& a, const rig::RigDebug& b, float t);

// Largest distance between the same joint in two poses, units.
float max_joint_distance(const rig::Pose& a, const rig::Pose& b);

}  // namespace spear::client
