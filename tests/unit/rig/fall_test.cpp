#include "rig/fall.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "rig_run.hpp"

namespace spear::rig {
namespace {

TEST(Fall, SlidesToAStopAndLiesStill) {
  RigState s;
  RigInput in;
  in.motion = Motion::Run;
  test::run_more(s, in, 2.f);
  in.motion = Motion::Fall;
  const auto f = test::run_more(s, in, kFallDuration + 1.f);
  // Decelerating: never faster than the run, never speeding up, 0 at the end.
  for (std::size_t i = 1; i < f.size(); ++i) {
    ASSERT_LE(f[i].scroll_speed, f[i - 1].scroll_speed + 1e-3f) << i;
    ASSERT_LE(f[i].scroll_speed, 382.6f);
  }
  EXPECT_GT(f[0].scroll_speed, 380.f);  // from the run's speed
  EXPECT_GT(f[12].scroll_speed, 150.f);
  EXPECT_EQ(f.back().scroll_speed, 0.f);
  // Lying down: body near the ground, spine nearly horizontal, head forward.
  const Pose& p = f.back().pose;
  EXPECT_GT(p[Joint::Pelvis].y, -20.f);
  EXPECT_GT(p[Joint::Head].y, -30.f);
  EXPECT_GT(p[Joint::Head].x, p[Joint::Pelvis].x + 50.f);
  // The spear lies on the ground too.
  EXPECT_GT(p[Joint::SpearTip].y, -5.f);
  // Holds still after kFallDuration.
  const std::size_t held = static_cast<std::size_t>((kFallDuration + 0.1f) * 60.f);
  EXPECT_LT(test::max_frame_move(f, held), 1e-4f);
  // Squash at the impact.
  float min_sy = 1.f;
  for (const auto& x : f) min_sy = std::min(min_sy, x.pose.sy);
  EXPECT_LT(min_sy, 0.85f);
}

// Into a straw target: stopped dead (no slide at all), backwards onto its back, lying still.
TEST(FallBack, StopsDeadFallsBackwardsAndLiesOnItsBack) {
  RigState s;
  RigInput in;
  in.motion = Motion::Run;
  const auto run = test::run_more(s, in, 2.f);
  float front_at_crash = -1e9f;
  for (std::size_t j = 0; j < kJointCount; ++j) {
    if (j != static_cast<std::size_t>(Joint::SpearTail) &&
        j != static_cast<std::size_t>(Joint::SpearTip))
      front_at_crash = std::max(front_at_crash, run.back().pose.joints[j].x);
  }
  in.motion = Motion::FallBack;
  const auto f = test::run_more(s, in, kFallDuration + 1.f);
  EXPECT_EQ(s.motion, Motion::FallBack);
  for (const auto& x : f) ASSERT_EQ(x.scroll_speed, 0.f);  // from the very first step
  // Everything goes back from where the body met the target.
  for (std::size_t i = 18; i < f.size(); ++i) {
    for (std::size_t j = 0; j < kJointCount; ++j) {
      if (j == static_cast<std::size_t>(Joint::SpearTail) ||
          j == static_cast<std::size_t>(Joint::SpearTip))
        continue;
      ASSERT_LE(f[i].pose.joints[j].x, front_at_crash) << "frame " << i << " joint " << j;
    }
  }
  // Lying on its back: body near the ground, the head behind the pelvis.
  const Pose& p = f.back().pose;
  EXPECT_GT(p[Joint::Pelvis].y, -20.f);
  EXPECT_GT(p[Joint::Head].y, -30.f);
  EXPECT_LT(p[Joint::Head].x, p[Joint::Pelvis].x - 50.f);
  EXPECT_GT(p[Joint::SpearTip].y, -5.f);  // the spear lies on the ground
  const std::size_t held = static_cast<std::size_t>((kFallDuration + 0.1f) * 60.f);
  EXPECT_LT(test::max_frame_move(f, held), 1e-4f);
  float min_sy = 1.f;
  for (const auto& x : f) min_sy = std::min(min_sy, x.pose.sy);
  EXPECT_LT(min_sy, 0.85f);  // squash when the back hits the ground
}

TEST(Fall, ScrollFactorEndsAtZero) {
  EXPECT_EQ(fall_scroll_factor(0.f), 1.f);
  EXPECT_EQ(fall_scroll_factor(0.8f), 0.f);
  EXPECT_EQ(fall_scroll_factor(1.f), 0.f);
}

}  // namespace
}  // namespace spear::rig
