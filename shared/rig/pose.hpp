#pragma once
// The pose: plain data, the rig's only output (rig.md §2). Drawing knows nothing of how it was
// made.
#include <array>
#include <cstdint>
#include <string_view>

#include "rig/vec2.hpp"

namespace spear::rig {

// Every point of the figure. "Near" is the side facing the viewer, "far" the other.
enum class Joint : std::uint8_t {
  Pelvis,
  Chest,
  Head,
  Shoulder,
  Hip,
  KneeNear,
  KneeFar,
  FootNear,
  FootFar,
  ElbowNear,
  ElbowFar,
  HandNear,
  HandFar,
  SpearTail,
  SpearTip,
  Count
};
inline constexpr std::size_t kJointCount = static_cast<std::size_t>(Joint::Count);

// Names as used by spear-rig-dump and the docs.
std::string_view joint_name(Joint j);

struct Pose {
  // Canvas units relative to the figure's anchor: (0, 0) is the ground point under the figure,
  // y down, so points of the body have negative y. Squash is already applied.
  std::array<Vec2, kJointCount> joints{};
  float sx = 1.f;             // horizontal squash scale
  float sy = 1.f;             // vertical squash scale
  float head_r = 12.f;        // head radius after squash: HEADR · (sx + sy) / 2
  bool contact_near = false;  // near foot planted on the ground by the rig
  bool contact_far = false;

  Vec2& operator[](Joint j) { return joints[static_cast<std::size_t>(j)]; }
  Vec2 operator[](Joint j) const { return joints[static_cast<std::size_t>(j)]; }
};

}  // namespace spear::rig
