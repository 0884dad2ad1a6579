#pragma once
// Bone lengths of the stickman, in canvas units (rig.md §1).

namespace spear::rig {

inline constexpr float kSpine = 54.f;  // pelvis to chest
inline constexpr float kNeck = 13.f;   // chest to head base
inline constexpr float kHeadR = 12.f;  // head radius
inline constexpr float kUpperArm = 27.f;
inline constexpr float kForearm = 25.f;
inline constexpr float kThigh = 37.f;
inline constexpr float kShin = 37.f;
// HIP_H < THIGH + SHIN (74): the figure never stands on locked knees.
inline constexpr float kHipHeight = 66.f;
// The leg pre-clamp: a foot target farther than this from the hip is pulled back.
inline constexpr float kLegReach = kThigh + kShin - 1.5f;
// The spear is about two spines long.
inline constexpr float kSpearLength = 2.f * kSpine;
// The view always shows about this many units of height, whatever the window size.
inline constexpr float kViewHeight = 440.f;

}  // namespace spear::rig
