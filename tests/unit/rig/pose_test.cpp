#include "rig/pose.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <type_traits>

#include "rig/body.hpp"
#include "rig/skeleton.hpp"
#include "rig_run.hpp"

namespace spear::rig {
namespace {

using test::Frame;

constexpr Motion kAll[] = {Motion::Idle, Motion::Walk,   Motion::Run,  Motion::Throw, Motion::Jump,
                           Motion::Form, Motion::Thrust, Motion::Fall, Motion::Leap};

static_assert(std::is_trivially_copyable_v<RigState>);
static_assert(std::is_trivially_copyable_v<Pose>);

float cross(Vec2 a, Vec2 b) { return a.x * b.y - a.y * b.x; }

float segment_distance(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const float t = std::clamp(dot(p - a, ab) / dot(ab, ab), 0.f, 1.f);
  return distance(p, a + ab * t);
}

TEST(Pose, BoneLengthsHoldOutsideSquash) {
  for (Motion m : kAll) {
    const auto f = test::run_motion(m, 14.f);
    int checked = 0;
    for (const Frame& x : f) {
      ASSERT_TRUE(test::all_finite(x.pose)) << motion_name(m);
      if (x.pose.sy != 1.f) continue;
      ++checked;
      ASSERT_LT(test::worst_bone_error(x.pose), 1e-3f) << motion_name(m) << " t " << x.motion_time;
    }
    EXPECT_GT(checked, 60) << motion_name(m);
  }
}

TEST(Pose, KneesNeverBendBackwards) {
  // Facing +x, a knee lies in front of (or on) its hip→foot line: cross(foot − hip, knee − hip) ≤ 0
  // in y-down space means the knee is on the +x side of a downward line.
  for (Motion m : kAll) {
    for (const Frame& x : test::run_motion(m, 14.f)) {
      for (int i = 0; i < 2; ++i) {
        const Vec2 hip = x.pose[Joint::Hip];
        const Vec2 knee = x.pose[i == 0 ? Joint::KneeNear : Joint::KneeFar];
        const Vec2 foot = x.pose[i == 0 ? Joint::FootNear : Joint::FootFar];
        ASSERT_LE(cross(foot - hip, knee - hip), 1e-2f) << motion_name(m) << " t " << x.motion_time;
      }
    }
  }
}

TEST(Pose, HandsHoldTheShaftWithOppositeElbows) {
  for (Motion m : {Motion::Run, Motion::Thrust, Motion::Form, Motion::Leap}) {
    const auto f = test::run_motion(m, 12.f);
    for (std::size_t k = 30; k < f.size(); ++k) {
      const Pose& p = f[k].pose;
      const Vec2 tail = p[Joint::SpearTail];
      const Vec2 tip = p[Joint::SpearTip];
      ASSERT_LT(segment_distance(p[Joint::HandNear], tail, tip), 0.5f)
          << motion_name(m) << " " << k;
      ASSERT_LT(segment_distance(p[Joint::HandFar], tail, tip), 0.5f) << motion_name(m) << " " << k;
      // Opposite elbow signs: each elbow on a different side of its shoulder→hand line.
      const Vec2 s = p[Joint::Shoulder];
      const float near = cross(p[Joint::HandNear] - s, p[Joint::ElbowNear] - s);
      const float far = cross(p[Joint::HandFar] - s, p[Joint::ElbowFar] - s);
      ASSERT_LT(near * far, 0.f) << motion_name(m) << " " << k;
    }
  }
}

TEST(Pose, SpearIsCarriedAtASlightAngleWhileRunning) {
  const auto f = test::run_motion(Motion::Run, 2.f);
  for (std::size_t k = 1; k < f.size(); ++k) {
    const Vec2 d = f[k].pose[Joint::SpearTip] - f[k].pose[Joint::SpearTail];
    const float angle = std::atan2(-d.y, d.x);  // up is positive here
    ASSERT_GT(angle, 0.1f);
    ASSERT_LT(angle, 0.45f);
    ASSERT_GT(d.x, 0.f);
  }
}

TEST(Pose, FeetNeverGoBelowTheGround) {
  for (Motion m : kAll) {
    for (const Frame& x : test::run_motion(m, 12.f)) {
      ASSERT_LE(x.pose[Joint::FootNear].y, 1e-3f) << motion_name(m);
      ASSERT_LE(x.pose[Joint::FootFar].y, 1e-3f) << motion_name(m);
    }
  }
}

TEST(Pose, NothingGoesIntoTheGround) {
  for (Motion m : kAll) {
    for (const Frame& x : test::run_motion(m, 14.f)) {
      for (std::size_t j = 0; j < kJointCount; ++j) {
        ASSERT_LE(x.pose.joints[j].y, 0.5f)
            << motion_name(m) << " " << joint_name(static_cast<Joint>(j)) << " t " << x.motion_time;
      }
    }
  }
}

TEST(Pose, SameInputsGiveBitIdenticalPoses) {
  RigState a, b;
  RigInput in;
  for (int i = 0; i < 2000; ++i) {
    in.motion = kAll[(i / 97) % 9];
    in.start_thrust = i % 31 == 0;
    in.cadence = 2.55f + 0.0004f * static_cast<float>(i);
    const Pose pa = step_rig(a, in, test::kDt);
    const Pose pb = step_rig(b, in, test::kDt);
    for (std::size_t j = 0; j < pa.joints.size(); ++j) {  // bit for bit (== on the floats)
      ASSERT_EQ(pa.joints[j].x, pb.joints[j].x) << i << " joint " << j;
      ASSERT_EQ(pa.joints[j].y, pb.joints[j].y) << i << " joint " << j;
    }
  }
  EXPECT_EQ(a.scroll, b.scroll);
}

TEST(Pose, JointNames) {
  EXPECT_EQ(joint_name(Joint::KneeNear), "knee_near");
  EXPECT_EQ(joint_name(Joint::SpearTip), "spear_tip");
  for (std::size_t i = 0; i < kJointCount; ++i) EXPECT_NE(joint_name(static_cast<Joint>(i)), "?");
}

TEST(Skeleton, EveryJointButTheRootHangsFromOneParentPlacedBeforeIt) {
  std::array<int, kJointCount> as_child{};
  std::array<bool, kJointCount> placed{};
  placed[static_cast<std::size_t>(kRootJoint)] = true;
  for (const SkeletonLink& link : kSkeleton) {
    EXPECT_TRUE(placed[static_cast<std::size_t>(link.parent)])
        << joint_name(link.child) << " before its parent " << joint_name(link.parent);
    ++as_child[static_cast<std::size_t>(link.child)];
    placed[static_cast<std::size_t>(link.child)] = true;
  }
  for (std::size_t i = 0; i < kJointCount; ++i) {
    const auto j = static_cast<Joint>(i);
    EXPECT_EQ(as_child[i], j == kRootJoint ? 0 : 1) << joint_name(j);
  }
}

TEST(Pose, BadTimeStepsAreHarmless) {
  RigState s;
  RigInput in;
  in.motion = Motion::Run;
  for (float dt : {-1.f, std::nanf(""), INFINITY, 0.f, 5.f, 1e-9f}) {
    const Pose p = step_rig(s, in, dt);
    EXPECT_TRUE(test::all_finite(p));
    EXPECT_TRUE(std::isfinite(s.scroll));
  }
  in.motion = static_cast<Motion>(200);
  EXPECT_TRUE(test::all_finite(step_rig(s, in, test::kDt)));
}

}  // namespace
}  // namespace spear::rig
