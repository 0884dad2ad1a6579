#include "render/skeleton_overlay.hpp"

#include "render/palette.hpp"
#include "rig/skeleton.hpp"

namespace spear::client {
namespace {

using rig::Joint;

void target_marker(VertexBatch& out, sf::Vector2f c, float r, sf::Color colour) {
  out.ring(c, r - 1.f, r + 0.4f, colour, colour, 24);
  out.line({c.x - r - 3.f, c.y}, {c.x - r + 2.f, c.y}, 1.f, colour);
  out.line({c.x + r - 2.f, c.y}, {c.x + r + 3.f, c.y}, 1.f, colour);
  out.line({c.x, c.y - r - 3.f}, {c.x, c.y - r + 2.f}, 1.f, colour);
  out.line({c.x, c.y + r - 2.f}, {c.x, c.y + r + 3.f}, 1.f, colour);
}

sf::Color bone_colour(Joint child) {
  if (child == Joint::SpearTip) return with_opacity(palette::kIkTarget, 0.6f);
  return rig::joint_depth(child) == rig::Depth::Far ? palette::kBoneFar : palette::kBoneNear;
}

}  // namespace

void append_skeleton_overlay(VertexBatch& out, const rig::Pose& pose, const rig::RigDebug* debug,
                             const Placement& place) {
  const float w = kBoneWidth * place.scale;
  // The skeleton's bones (rig/skeleton.hpp), far side first as the figure is drawn: far limbs,
  // then trunk, head and spear, then the near limbs on top.
  for (const rig::Depth depth : {rig::Depth::Far, rig::Depth::Middle, rig::Depth::Near}) {
    for (const rig::SkeletonLink& link : rig::kSkeleton) {
      if (!rig::is_bone(link) || rig::joint_depth(link.child) != depth) continue;
      out.line(place(pose[link.parent]), place(pose[link.child]), w, bone_colour(link.child));
    }
  }

  if (debug != nullptr) {
    const float r = kTargetRadius * place.scale;
    for (int side = 0; side < 2; ++side)
      target_marker(out, place(debug->foot_target[side]), r, palette::kIkTarget);
    if (debug->hands_on_spear) {
      for (int side = 0; side < 2; ++side) {
        target_marker(out, place(debug->hand_target[side]), r * 0.7f, palette::kBoneNear);
      }
    }
  }
  for (std::size_t j = 0; j < rig::kJointCount; ++j) {
    const bool far = rig::joint_depth(static_cast<Joint>(j)) == rig::Depth::Far;
    const sf::Vector2f p = place(pose.joints[j]);
    out.disc(p, (kJointRadius + 0.9f) * place.scale, palette::kInk, 12);
    out.disc(p, kJointRadius * place.scale, far ? palette::kBoneFar : palette::kJoint, 12);
  }
}

}  // namespace spear::client
