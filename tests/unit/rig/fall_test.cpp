#include "rig/fall.hpp"

#include <gtest/gtest.h>

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

TEST(Fall, ScrollFactorEndsAtZero) {
  EXPECT_EQ(fall_scroll_factor(0.f), 1.f);
  EXPECT_EQ(fall_scroll_factor(0.8f), 0.f);
  EXPECT_EQ(fall_scroll_factor(1.f), 0.f);
}

}  // namespace
}  // namespace spear::rig
