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

// The body on the ground as the player sees it: the torso drawn lying, the pelvis within
// kBodyPelvisUnits of the ground line and the chest within kBodyChestUnits (a fallen figure
// lies with its pelvis ~11 units up and its chest ~16: rig/fall.cpp, rig/fall_back.cpp; a crouch
// keeps the pelvis above 45). The crash is heard on the frame this turns on.
inline constexpr float kBodyPelvisUnits = 14.f;
inline constexpr float kBodyChestUnits = 24.f;

inline bool drawn_body_down(const rig::Pose& pose) {
  return pose[rig::Joint::Pelvis].y >= -kBodyPelvisUnits &&
         pose[rig::Joint::Chest].y >= -kBodyChestUnits;
}

}  // namespace spear::client
