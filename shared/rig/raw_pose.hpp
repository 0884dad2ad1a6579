#pragma once
// A pose before squash: the space in which motions are built and blended.
#include <array>

#include "rig/pose.hpp"

namespace spear::rig {

struct RawPose {
  std::array<Vec2, kJointCount> joints{};  // units, anchor-relative, y down, unsquashed
  float sy = 1.f;                          // vertical squash to apply at the end
  bool contact[2] = {false, false};        // [near, far] foot planted
  bool spear_grounded = false;  // spear stuck upright in the ground: not part of the body's squash

  Vec2& operator[](Joint j) { return joints[static_cast<std::size_t>(j)]; }
  Vec2 operator[](Joint j) const { return joints[static_cast<std::size_t>(j)]; }
};

// The final step of every pose (rig.md §9): every body joint through S(p) about the ground point
// (0, 0), sx derived from sy, head radius scaled. Rigid parts keep their length: the head centre
// stays kNeck + kHeadR from the chest and the spear kSpearLength long (it turns with the squashed
// hands, about the grip); a grounded spear is not squashed at all.
Pose squash_pose(const RawPose& raw);

}  // namespace spear::rig
