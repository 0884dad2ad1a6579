#pragma once
// A foot touching the ground as the player sees it: its joint within kContactUnits of the
// ground line (y 0 in the anchor-relative pose, y down). The one definition the frame trace's
// "contact" reports and the footstep sounds on, so a step is heard on the frame the foot is
// drawn landing. Not the pose's contact flags: a blended pose takes its flags from the nearer
// snapshot (core/pose_blend.hpp), so they flip up to half a snapshot interval away from the
// drawn touch-down (measured 18–48 ms late in a headless run).
#include <array>

#include "rig/pose.hpp"

namespace spear::client {

inline constexpr float kContactUnits = 1.f;  // units above the ground line

// [near, far].
inline std::array<bool, 2> drawn_foot_contact(const rig::Pose& pose) {
  return {pose[rig::Joint::FootNear].y >= -kContactUnits,
          pose[rig::Joint::FootFar].y >= -kContactUnits};
}

}  // namespace spear::client
