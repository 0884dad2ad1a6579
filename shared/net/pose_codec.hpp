#pragma once
// A pose in integers, and its full or delta bit encoding (measured alternatives: bench/ and
// tests/unit/net/pose_codec_test.cpp).
//
// The pose is walked along the skeleton's links (rig/skeleton.hpp: rig::kSkeleton, child joint,
// parent joint, rest length), in its order. The pelvis is the root and travels as a position.
// Every other joint travels either
//  - as a bone angle, when the link has a fixed length in the skeleton (thigh, shin, arms, spine,
//    neck, spear): the client rebuilds it as parent + length · (cos a, sin a) in unsquashed space
//    (the body squashes), or in squashed space for the rigid parts (neck and spear keep their
//    length under squash, rig/raw_pose.hpp: squash_pose), or
//  - as an offset from its rebuilt parent on the 1/16 grid (any joint, any length).
// The encoder measures angles from the *rebuilt* parent to the true joint (no drift down the
// chain), rebuilds exactly as the decoder will, and falls back to the offset form for a link
// whose rebuilt joint would miss by more than the tolerance: every joint is within
// kMaxJointError by construction, whatever the rig does.
#include <array>
#include <cstdint>

#include "net/bit_stream.hpp"
#include "rig/pose.hpp"
#include "rig/skeleton.hpp"

namespace spear::net {

enum class PoseCodecMode : std::uint8_t {
  JointOffsets,  // every link as an offset (plain quantized joints)
  BoneAngles,    // angle form wherever the bone length allows (default: smallest measured)
};

inline constexpr std::size_t kLinkCount = rig::kSkeletonLinkCount;

struct QuantizedPose {
  std::array<std::int32_t, 2> root{};  // pelvis, 1/16 units
  std::uint16_t angle_links = 0;       // bit i: link i travels as an angle
  // Per link: angle form {angle index, 0}; offset form {dx, dy} in 1/16 units.
  std::array<std::array<std::int32_t, 2>, kLinkCount> links{};
  std::uint16_t sx = 256, sy = 256;  // squash, 1/256 steps
  bool head_r_explicit = false;      // head_r differs from kHeadR · (sx + sy) / 2
  std::uint16_t head_r = 0;          // 1/16 units, when explicit
  bool contact_near = false, contact_far = false;
  friend bool operator==(const QuantizedPose&, const QuantizedPose&) = default;
};

// The link table: rig::kSkeleton (child joint, parent joint, rest length, 0: no fixed length;
// whether the length holds after squash, rigid, or before it) with the angle bits of each bone.
struct PoseLink {
  rig::Joint child;
  rig::Joint parent;
  float length;
  unsigned angle_bits;
  bool rigid = false;
};
const std::array<PoseLink, kLinkCount>& pose_links();

QuantizedPose quantize_pose(const rig::Pose& pose, PoseCodecMode mode = PoseCodecMode::BoneAngles);
rig::Pose rebuild_pose(const QuantizedPose& q);

// Writes q, as a delta against baseline when one is given (both sides hold the same baseline).
void write_pose(BitWriter& out, const QuantizedPose& q, const QuantizedPose* baseline);
// Reads what write_pose wrote; false on a corrupt or truncated stream (q then unspecified).
[[nodiscard]] bool read_pose(BitReader& in, const QuantizedPose* baseline, QuantizedPose& q);

// Largest distance between corresponding joints of two poses (units).
float max_joint_error(const rig::Pose& a, const rig::Pose& b);

}  // namespace spear::net
