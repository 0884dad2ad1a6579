#include "net/pose_codec.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "net/quantize.hpp"
#include "rig/skeleton.hpp"
#include "synthetic_pose.hpp"

namespace spear::net {
namespace {

using test::synthetic_running_pose;

QuantizedPose round_trip(const QuantizedPose& q, const QuantizedPose* base, std::size_t* bits) {
  BitWriter w;
  write_pose(w, q, base);
  if (bits) *bits = w.bit_count();
  BitReader r(w.bytes());
  QuantizedPose out;
  EXPECT_TRUE(read_pose(r, base, out));
  return out;
}

TEST(PoseCodec, EveryJointWithinTolerance) {
  for (auto mode : {PoseCodecMode::JointOffsets, PoseCodecMode::BoneAngles}) {
    float worst = 0.f;
    for (int i = 0; i < 600; ++i) {
      const rig::Pose p = synthetic_running_pose(i / 60.0, 0.3);
      const rig::Pose back = rebuild_pose(quantize_pose(p, mode));
      worst = std::max(worst, max_joint_error(p, back));
      EXPECT_NEAR(back.sx, p.sx, kScaleStep);
      EXPECT_NEAR(back.sy, p.sy, kScaleStep);
      EXPECT_NEAR(back.head_r, p.head_r, 0.06f);
      EXPECT_EQ(back.contact_near, p.contact_near);
      EXPECT_EQ(back.contact_far, p.contact_far);
    }
    EXPECT_LE(worst, kMaxJointError);
    std::printf("mode %d: worst joint error %.3f units\n", static_cast<int>(mode), worst);
  }
}

TEST(PoseCodec, LinksAreTheSkeletonsInItsOrder) {
  // The wire walks rig::kSkeleton; the angle bits per link are part of the protocol: a change
  // here is a wire change (schemas/PROTOCOL.md, kProtocolVersion).
  constexpr unsigned kWireAngleBits[kLinkCount] = {11, 0,  0,  10, 10, 10, 10,
                                                   10, 10, 10, 10, 10, 0,  12};
  const auto& links = pose_links();
  for (std::size_t i = 0; i < kLinkCount; ++i) {
    const rig::SkeletonLink& s = rig::kSkeleton[i];
    EXPECT_EQ(links[i].child, s.child) << "link " << i;
    EXPECT_EQ(links[i].parent, s.parent) << "link " << i;
    EXPECT_EQ(links[i].length, s.rest_length) << "link " << i;
    EXPECT_EQ(links[i].rigid, s.rigid) << "link " << i;
    EXPECT_EQ(links[i].angle_bits, kWireAngleBits[i]) << "link " << i;
  }
}

TEST(PoseCodec, BoneAnglesUsedForRigidBones) {
  const QuantizedPose q = quantize_pose(synthetic_running_pose(0.4), PoseCodecMode::BoneAngles);
  // Thighs, shins, arms, spine and spear have skeleton lengths in the synthetic figure.
  const auto& links = pose_links();
  for (std::size_t i = 0; i < kLinkCount; ++i)
    if (links[i].length > 0.f) {
      EXPECT_TRUE((q.angle_links >> i) & 1u) << "link " << i;
    }
}

TEST(PoseCodec, WrongBoneLengthFallsBackToOffsets) {
  rig::Pose p = synthetic_running_pose(0.4);
  // Stretch the near shin by 3 units: the angle form would miss, the offset form must be used.
  const rig::Vec2 knee = p[rig::Joint::KneeNear];
  const rig::Vec2 d = p[rig::Joint::FootNear] - knee;
  p[rig::Joint::FootNear] = knee + d * ((rig::length(d) + 3.f) / rig::length(d));
  const QuantizedPose q = quantize_pose(p);
  EXPECT_LE(max_joint_error(p, rebuild_pose(q)), kMaxJointError);
  EXPECT_FALSE((q.angle_links >> 5) & 1u);  // link 5: FootNear <- KneeNear
}

TEST(PoseCodec, NonFiniteInputDoesNotPoison) {
  rig::Pose p = synthetic_running_pose(0.1);
  p[rig::Joint::HandFar] = {NAN, INFINITY};
  p.sx = NAN;
  const rig::Pose back = rebuild_pose(quantize_pose(p));
  for (const auto& j : back.joints) {
    EXPECT_TRUE(std::isfinite(j.x));
    EXPECT_TRUE(std::isfinite(j.y));
  }
}

TEST(PoseCodec, FullAndDeltaRoundTripExactly) {
  for (auto mode : {PoseCodecMode::JointOffsets, PoseCodecMode::BoneAngles}) {
    for (int i = 0; i < 300; ++i) {
      const QuantizedPose base = quantize_pose(synthetic_running_pose(i / 60.0), mode);
      const QuantizedPose now = quantize_pose(synthetic_running_pose((i + 4) / 60.0), mode);
      EXPECT_EQ(round_trip(now, nullptr, nullptr), now);
      EXPECT_EQ(round_trip(now, &base, nullptr), now);
    }
  }
}

TEST(PoseCodec, DeltaAgainstWrongBaselineDecodesToSomethingElse) {
  const QuantizedPose a = quantize_pose(synthetic_running_pose(0.0));
  const QuantizedPose b = quantize_pose(synthetic_running_pose(0.1));
  const QuantizedPose c = quantize_pose(synthetic_running_pose(0.5));
  BitWriter w;
  write_pose(w, b, &a);
  BitReader r(w.bytes());
  QuantizedPose out;
  // Why the baseline tick travels with a delta: another baseline gives another pose.
  if (read_pose(r, &c, out)) {
    EXPECT_NE(out, b);
  }
}

TEST(PoseCodec, TruncatedStreamIsRejected) {
  const QuantizedPose q = quantize_pose(synthetic_running_pose(0.2));
  BitWriter w;
  write_pose(w, q, nullptr);
  const auto bytes = w.bytes();
  for (std::size_t n = 0; n + 1 < bytes.size(); ++n) {
    BitReader r(std::span(bytes.data(), n));
    QuantizedPose out;
    EXPECT_FALSE(read_pose(r, nullptr, out)) << n;
  }
}

// Figures for the choice of representation: bits per pose, full and delta (baseline 4 ticks,
// i.e. two 30 Hz snapshots, back).
TEST(PoseCodec, MeasureRepresentations) {
  std::size_t sizes[2][2] = {};
  const int n = 1200;
  for (int m = 0; m < 2; ++m) {
    const auto mode = m == 0 ? PoseCodecMode::JointOffsets : PoseCodecMode::BoneAngles;
    for (int i = 0; i < n; ++i) {
      const QuantizedPose base = quantize_pose(synthetic_running_pose(i / 60.0, 0.1), mode);
      const QuantizedPose now = quantize_pose(synthetic_running_pose((i + 4) / 60.0, 0.1), mode);
      std::size_t full = 0, delta = 0;
      round_trip(now, nullptr, &full);
      round_trip(now, &base, &delta);
      sizes[m][0] += full;
      sizes[m][1] += delta;
    }
  }
  const double offsets_full = static_cast<double>(sizes[0][0]) / 8.0 / n,
               offsets_delta = static_cast<double>(sizes[0][1]) / 8.0 / n;
  const double angles_full = static_cast<double>(sizes[1][0]) / 8.0 / n,
               angles_delta = static_cast<double>(sizes[1][1]) / 8.0 / n;
  std::printf("pose bytes: joint offsets full %.1f delta %.1f | bone angles full %.1f delta %.1f\n",
              offsets_full, offsets_delta, angles_full, angles_delta);
  // The default (bone angles) must be the smaller one, or the default is wrong.
  EXPECT_LT(angles_full, offsets_full);
  EXPECT_LT(angles_delta, offsets_delta);
  EXPECT_LT(angles_delta, 24.0);
}

}  // namespace
}  // namespace spear::net
