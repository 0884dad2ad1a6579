#pragma once
// The stickman's skeleton (rig.md §1): bone lengths in canvas units, and the one table of links
// (child joint, parent joint, rest length) from which the pose codec (net/pose_codec), the lab's
// skeleton overlay (client/render/skeleton_overlay) and the tests derive their bones.
#include <array>
#include <cstddef>
#include <cstdint>

#include "rig/pose.hpp"

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

// One link of the skeleton: every joint but the root (the pelvis) hangs from one parent.
struct SkeletonLink {
  Joint child;
  Joint parent;
  // Distance parent → child in an unsquashed pose, units; 0 where the link has no fixed length
  // (the hip below the pelvis, the shoulder at the chest, the spear's tail in the near hand move
  // relative to their parents). A link with a rest length is a bone.
  float rest_length;
  // The length holds after squash rather than before it (rig/raw_pose.hpp: squash_pose keeps the
  // neck and the spear rigid while the body squashes).
  bool rigid = false;
};

inline constexpr Joint kRootJoint = Joint::Pelvis;
inline constexpr std::size_t kSkeletonLinkCount = kJointCount - 1;

// Parents come before children, so one pass in this order places every joint. The order is part
// of the wire format (net/pose_codec.hpp walks it): never reorder it without a protocol bump.
inline constexpr std::array<SkeletonLink, kSkeletonLinkCount> kSkeleton{{
    {Joint::Chest, Joint::Pelvis, kSpine},
    {Joint::Hip, Joint::Pelvis, 0.f},
    {Joint::Shoulder, Joint::Chest, 0.f},
    {Joint::Head, Joint::Chest, kNeck + kHeadR, true},  // to the head's centre
    {Joint::KneeNear, Joint::Hip, kThigh},
    {Joint::FootNear, Joint::KneeNear, kShin},
    {Joint::KneeFar, Joint::Hip, kThigh},
    {Joint::FootFar, Joint::KneeFar, kShin},
    {Joint::ElbowNear, Joint::Shoulder, kUpperArm},
    {Joint::HandNear, Joint::ElbowNear, kForearm},
    {Joint::ElbowFar, Joint::Shoulder, kUpperArm},
    {Joint::HandFar, Joint::ElbowFar, kForearm},
    {Joint::SpearTail, Joint::HandNear, 0.f},
    {Joint::SpearTip, Joint::SpearTail, kSpearLength, true},
}};

constexpr bool is_bone(const SkeletonLink& link) { return link.rest_length > 0.f; }

// Which side of the figure a joint is on, seen by the viewer: the far limbs are behind the body,
// the near limbs in front of it, everything else (trunk, head, spear) in between.
enum class Depth : std::uint8_t { Far, Middle, Near };
constexpr Depth joint_depth(Joint j) {
  switch (j) {
    case Joint::KneeFar:
    case Joint::FootFar:
    case Joint::ElbowFar:
    case Joint::HandFar:
      return Depth::Far;
    case Joint::KneeNear:
    case Joint::FootNear:
    case Joint::ElbowNear:
    case Joint::HandNear:
      return Depth::Near;
    default:
      return Depth::Middle;
  }
}

}  // namespace spear::rig
