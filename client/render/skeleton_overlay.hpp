#pragma once
// The motion lab's look under the skin: bones as thin lines, joint dots, and the IK targets the
// rig aimed for (feet before the pre-clamp, hands on the shaft).
#include "render/vertex_batch.hpp"
#include "rig/pose.hpp"
#include "rig/rig.hpp"

namespace spear::client {

inline constexpr float kBoneWidth = 1.4f;    // units
inline constexpr float kJointRadius = 2.6f;  // units
inline constexpr float kTargetRadius = 5.f;  // units

// `debug` may be null (no IK targets then). Targets are anchor-relative, like the pose.
void append_skeleton_overlay(VertexBatch& out, const rig::Pose& pose, const rig::RigDebug* debug,
                             const Placement& place);

}  // namespace spear::client
