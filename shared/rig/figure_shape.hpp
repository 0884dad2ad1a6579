#pragma once
// How thick the figure is drawn (rig.md §11), in units, full widths. One set of numbers for the
// client's renderer, which draws the figure with them, and the sim, which crashes a runner only
// on what is drawn at full strength (sim/body_shape.hpp): a change here changes both.
#include "rig/vec2.hpp"

namespace spear::rig {

// Limbs are rubber hoses through root → mid → tip (rig/catmull_rom.hpp; the renderer fills them
// with client/render/limb_geometry.hpp), tapering linearly along their length from the root
// width to the tip width.
inline constexpr float kLimbRootWidth = 9.f;
inline constexpr float kLimbTipWidth = 5.f;
inline constexpr int kLimbSamplesPerSegment = 8;  // centre-line samples between two joints
// The torso is a hose pelvis → chest, a little wider at the chest.
inline constexpr float kTorsoPelvisWidth = 10.f;
inline constexpr float kTorsoChestWidth = 12.f;
// The neck runs from the chest into the head disc and ends kNeckInset head radii inside it; it is
// drawn only when the head is farther than kNeckMinLength head radii from the chest.
inline constexpr float kNeckWidth = 6.f;
inline constexpr float kNeckInset = 0.8f;
inline constexpr float kNeckMinLength = 0.5f;
// The head is a disc of the pose's head_r, never drawn smaller than this.
inline constexpr float kMinHeadRadius = 1.f;
// The far limbs are drawn thinner (and at 42 % opacity): they are depth, not body.
inline constexpr float kFarLimbWidthScale = 0.82f;

// Where the neck ends (inside the head disc of radius `head_r` centred at `head`), or false when
// the head is too close to the chest for a neck to be drawn.
inline bool neck_end(Vec2 chest, Vec2 head, float head_r, Vec2& end) {
  const Vec2 to_head = head - chest;
  const float len = length(to_head);
  if (!(len > head_r * kNeckMinLength)) return false;
  end = head - to_head * (head_r * kNeckInset / len);
  return true;
}

}  // namespace spear::rig
