#include "rig/jump.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "rig/skeleton.hpp"
#include "rig/squash.hpp"
#include "rig_run.hpp"

namespace spear::rig {
namespace {

using test::Frame;

// The lab jump as played by the rig, from its first frame (p = motion_time / kJumpDuration).
std::vector<Frame> one_jump() { return test::run_motion(Motion::Jump, kJumpDuration, 1.f / 240.f); }

float p_of(const Frame& f) { return f.motion_time / kJumpDuration; }

TEST(Jump, ApexIs160AboveRestBeforeSquash) {
  const auto f = one_jump();
  const float rest_y = f.front().pose[Joint::Pelvis].y;
  EXPECT_NEAR(rest_y, -kHipHeight, 1e-4f);
  float apex = 0.f;
  float apex_p = 0.f;
  for (const Frame& x : f) {
    // Undo the squash about the ground pivot: y / sy.
    const float raw_y = x.pose[Joint::Pelvis].y / x.pose.sy;
    if (raw_y < apex) {
      apex = raw_y;
      apex_p = p_of(x);
    }
  }
  EXPECT_NEAR(rest_y - apex, 160.f, 0.05f);
  EXPECT_NEAR(apex_p, 0.5f, 0.01f);
  EXPECT_NEAR(jump_body(0.5f).pelvis.y, -kHipHeight - 160.f, 1e-3f);
}

TEST(Jump, SquashPassesTheArticlesValuesAtTheRightMoments) {
  const auto f = one_jump();
  struct Mark {
    float p, sy;
    bool min;
  };
  // Crouch 0.84 (a minimum near p 0.2), take-off 1.14 (a maximum near 0.32), landing 0.82 (near
  // 0.82).
  for (const Mark m :
       {Mark{0.2f, 0.84f, true}, Mark{0.32f, 1.14f, false}, Mark{0.82f, 0.82f, true}}) {
    float best = m.min ? 9.f : -9.f;
    float at = 0.f;
    for (const Frame& x : f) {
      const float p = p_of(x);
      if (std::fabs(p - m.p) > 0.06f) continue;
      if (m.min ? x.pose.sy < best : x.pose.sy > best) {
        best = x.pose.sy;
        at = p;
      }
    }
    EXPECT_NEAR(best, m.sy, 0.002f) << m.p;
    EXPECT_NEAR(at, m.p, 0.01f) << m.p;
  }
}

TEST(Jump, SxKeepsVolumeAndHeadRadiusScales) {
  for (const Frame& x : one_jump()) {
    ASSERT_NEAR(x.pose.sx, 1.f + (1.f - x.pose.sy) * 0.7f, 1e-5f);
    ASSERT_NEAR(x.pose.head_r, kHeadR * (x.pose.sx + x.pose.sy) * 0.5f, 1e-4f);
  }
}

TEST(Jump, FeetStayOnTheGroundLineWhenSquashed) {
  int squashed_on_ground = 0;
  for (const Frame& x : one_jump()) {
    if (std::fabs(x.pose.sy - 1.f) < 0.02f) continue;
    for (int i = 0; i < 2; ++i) {
      const bool planted = i == 0 ? x.pose.contact_near : x.pose.contact_far;
      if (!planted) continue;
      ++squashed_on_ground;
      ASSERT_NEAR(x.pose[i == 0 ? Joint::FootNear : Joint::FootFar].y, 0.f, 1e-4f) << p_of(x);
    }
  }
  EXPECT_GT(squashed_on_ground, 50);
  // The pivot is the ground point: a point on the ground line stays on it.
  EXPECT_EQ(squash_point({30.f, 0.f}, {0.f, 0.f}, 1.2f, 0.8f).y, 0.f);
}

TEST(Jump, IsStationaryAndLoopsWithARest) {
  const auto f = test::run_motion(Motion::Jump, 2.f * (kJumpDuration + kJumpRest));
  EXPECT_EQ(f.back().scroll, 0.0);
  // During the rest the figure stands still on both feet.
  const std::size_t rest = static_cast<std::size_t>((kJumpDuration + 0.3f) * 60.f);
  EXPECT_TRUE(f[rest].pose.contact_near && f[rest].pose.contact_far);
  EXPECT_LT(test::max_joint_step(f[rest].pose, f[rest + 5].pose), 1e-4f);
  // And a second jump follows.
  float highest = 0.f;
  for (std::size_t i = rest + 40; i < f.size(); ++i)
    highest = std::min(highest, f[i].pose[Joint::Pelvis].y);
  EXPECT_LT(highest, -200.f);
}

}  // namespace
}  // namespace spear::rig
