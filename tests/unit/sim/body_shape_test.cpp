#include "sim/body_shape.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "motion_poses.hpp"
#include "rig/rig.hpp"

namespace spear::sim {
namespace {

using rig::Joint;
using rig::Vec2;

using test::point_segment;

TEST(BodyShape, StaysWithinItsReachOfTheJointLines) {
  double worst = 0.0;
  for (const rig::Pose& p : test::every_motion_poses()) {
    const BodyShape s = body_shape(p);
    ASSERT_GT(s.count, 3 * kHoseCapsules);
    const Joint lines[][2] = {
        {Joint::Pelvis, Joint::Chest},       {Joint::Chest, Joint::Head},
        {Joint::Shoulder, Joint::ElbowNear}, {Joint::ElbowNear, Joint::HandNear},
        {Joint::Hip, Joint::KneeNear},       {Joint::KneeNear, Joint::FootNear}};
    for (int i = 0; i < s.count; ++i) {
      const Capsule& c = s.capsules[static_cast<std::size_t>(i)];
      if (c.part == BodyPart::Head) continue;
      for (Vec2 q : {c.a, c.b}) {
        double d = 1e9;
        for (const auto& l : lines) d = std::min(d, point_segment(q, p[l[0]], p[l[1]]));
        worst = std::max(worst, d + c.r);
      }
    }
  }
  std::printf("body shape: reaches %.2f units from the joint lines at most (kHoseReach %.1f)\n",
              worst, kHoseReach);
  EXPECT_LE(worst, kHoseReach);
}

TEST(BodyShape, FarLimbsAndTheSpearAreNotBody) {
  rig::Pose p = test::every_motion_poses()[30];
  const BodyShape a = body_shape(p);
  p[Joint::FootFar] = {500.f, -20.f};
  p[Joint::KneeFar] = {480.f, -40.f};
  p[Joint::HandFar] = {500.f, -80.f};
  p[Joint::ElbowFar] = {480.f, -90.f};
  p[Joint::SpearTip] = {600.f, -90.f};
  const BodyShape b = body_shape(p);
  EXPECT_EQ(a.count, b.count);
  EXPECT_EQ(a.x_max, b.x_max);
  const WorldBox box{490.0, 510.0, -100.0, 0.0};
  EXPECT_EQ(shape_touches_box(b, 0.0, box), BodyPart::Count);
  EXPECT_FALSE(may_touch_box(p, 0.0, box));
}

TEST(BodyShape, CapsuleAgainstABox) {
  const WorldBox box{10.0, 20.0, -30.0, 0.0};
  const Capsule c{{0.f, -10.f}, {5.f, -10.f}, 4.f, BodyPart::NearLeg};
  EXPECT_NEAR(capsule_box_gap(c, 0.0, box), 1.0, 1e-9);
  EXPECT_FALSE(capsule_touches_box(c, 0.0, box));
  EXPECT_TRUE(capsule_touches_box(c, 1.0, box));  // moved along the course by 1 unit
  // Near a corner the round cap counts, not the square around it.
  const Capsule corner{{7.f, -33.f}, {7.f, -33.f}, 4.f, BodyPart::Head};
  EXPECT_NEAR(capsule_box_gap(corner, 0.0, box), std::hypot(3.0, 3.0) - 4.0, 1e-6);
  const Capsule off{{6.f, -34.f}, {6.f, -34.f}, 4.f, BodyPart::Head};
  EXPECT_FALSE(capsule_touches_box(off, 0.0, box));
}

}  // namespace
}  // namespace spear::sim
