#include "render/skeleton_overlay.hpp"

#include "render/palette.hpp"

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

}  // namespace

void append_skeleton_overlay(VertexBatch& out, const rig::Pose& pose, const rig::RigDebug* debug,
                             const Placement& place) {
  const float w = kBoneWidth * place.scale;
  auto bone = [&](Joint a, Joint b, sf::Color c) {
    out.line(place(pose[a]), place(pose[b]), w, c);
  };
  // Far side first, as the figure is drawn.
  bone(Joint::Hip, Joint::KneeFar, palette::kBoneFar);
  bone(Joint::KneeFar, Joint::FootFar, palette::kBoneFar);
  bone(Joint::Shoulder, Joint::ElbowFar, palette::kBoneFar);
  bone(Joint::ElbowFar, Joint::HandFar, palette::kBoneFar);
  bone(Joint::Pelvis, Joint::Chest, palette::kBoneNear);
  bone(Joint::Chest, Joint::Head, palette::kBoneNear);
  bone(Joint::SpearTail, Joint::SpearTip, with_opacity(palette::kIkTarget, 0.6f));
  bone(Joint::Hip, Joint::KneeNear, palette::kBoneNear);
  bone(Joint::KneeNear, Joint::FootNear, palette::kBoneNear);
  bone(Joint::Shoulder, Joint::ElbowNear, palette::kBoneNear);
  bone(Joint::ElbowNear, Joint::HandNear, palette::kBoneNear);

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
    const auto joint = static_cast<Joint>(j);
    const bool far = joint == Joint::KneeFar || joint == Joint::FootFar ||
                     joint == Joint::ElbowFar || joint == Joint::HandFar;
    const sf::Vector2f p = place(pose.joints[j]);
    out.disc(p, (kJointRadius + 0.9f) * place.scale, palette::kInk, 12);
    out.disc(p, kJointRadius * place.scale, far ? palette::kBoneFar : palette::kJoint, 12);
  }
}

}  // namespace spear::client
