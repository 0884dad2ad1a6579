#include "rig/secondary.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "rig_run.hpp"

namespace spear::rig {
namespace {

TEST(HeadSpring, SettlesWithOvershoot) {
  HeadSpring s;
  step_head_spring(s, {0.f, 0.f}, 0.f);
  // The body jerks 1.5 units forward (inside kHeadMaxLag, so the spring acts freely): the head
  // lags, passes the target a little, settles.
  constexpr float kJerk = 1.5f;
  static_assert(kJerk < kHeadMaxLag);
  float max_x = 0.f;
  float x = 0.f;
  for (int i = 0; i < 120; ++i) {
    x = step_head_spring(s, {kJerk, 0.f}, 1.f / 60.f).x;
    max_x = std::max(max_x, x);
  }
  EXPECT_GT(max_x, kJerk * 1.01f);  // overshoot
  EXPECT_LT(max_x, kJerk * 1.2f);   // a little
  EXPECT_NEAR(x, kJerk, 0.01f);
}

TEST(HeadSpring, LagsWhenTheBodyJerksAndIsStableAtAnyClampedDt) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dt(0.f, 0.05f);  // beyond the clamp too
  HeadSpring s;
  Vec2 target{0.f, -140.f};
  step_head_spring(s, target, 0.f);
  for (int i = 0; i < 20000; ++i) {
    target = {40.f * std::sin(0.01f * static_cast<float>(i)),
              -140.f + 160.f * std::sin(0.05f * static_cast<float>(i))};
    const Vec2 p = step_head_spring(s, target, dt(rng));
    ASSERT_TRUE(std::isfinite(p.x) && std::isfinite(p.y));
    ASSERT_LE(distance(p, target), kHeadMaxLag + 1e-3f);
  }
  // Moving steadily, the head is carried along without lag.
  HeadSpring t;
  step_head_spring(t, {0.f, 0.f}, 0.f);
  Vec2 p;
  for (int i = 1; i <= 240; ++i)
    p = step_head_spring(t, {0.f, -2.f * static_cast<float>(i)}, 1.f / 60.f);
  EXPECT_NEAR(p.y, -480.f, 0.6f);  // within one 1/240 s substep of travel
}

TEST(Hair, KeepsNineUnitLinksAtAnyFrameRate) {
  for (float dt : {1.f / 240.f, 1.f / 60.f, 1.f / 30.f, 0.033f, 0.1f}) {
    Hair h;
    float worst = 0.f;
    for (int i = 0; i < 3000; ++i) {
      const float t = static_cast<float>(i) * dt;
      const Vec2 pin{3.f * std::sin(9.f * t), -150.f + 60.f * std::sin(3.f * t)};
      step_hair(h, pin, hair_wind(382.5f, i % 200 < 40), dt);
      ASSERT_EQ(h.cur[0], pin);
      for (int k = 0; k + 1 < kHairPoints; ++k) {
        ASSERT_TRUE(std::isfinite(h.cur[k + 1].x));
        worst = std::max(worst, std::fabs(distance(h.cur[k], h.cur[k + 1]) - kHairLink));
      }
    }
    EXPECT_LT(worst, 0.05f) << "dt " << dt;
  }
}

TEST(Hair, StreamsBackWhenRunningAndHangsWhenStill) {
  Hair run, still;
  const Vec2 pin{0.f, -150.f};
  for (int i = 0; i < 600; ++i) {
    step_hair(run, pin, hair_wind(382.5f, false), 1.f / 60.f);
    step_hair(still, pin, hair_wind(0.f, false), 1.f / 60.f);
  }
  const Vec2 r = run.cur[kHairPoints - 1] - pin;
  const Vec2 s = still.cur[kHairPoints - 1] - pin;
  EXPECT_LT(r.x, -20.f);                                         // far behind
  EXPECT_LT(std::fabs(r.y), 12.f);                               // nearly level
  EXPECT_GT(s.y, 20.f);                                          // hangs down
  EXPECT_LT(hair_wind(382.5f, true), hair_wind(382.5f, false));  // a kick in the air
  EXPECT_LT(hair_wind(382.5f, false), hair_wind(106.f, false));
}

TEST(Secondary, DrivenByThePoseIsFiniteAndPinnedToTheHead) {
  const auto f = test::run_motion(Motion::Jump, 4.f);
  Secondary s;
  for (const auto& x : f) {
    const SecondaryPose sp =
        step_secondary(s, x.pose, x.scroll_speed, !x.pose.contact_near, test::kDt);
    ASSERT_LE(distance(sp.head, x.pose[Joint::Head]), kHeadMaxLag + 1e-3f);
    ASSERT_LT(distance(sp.hair[0], sp.head), x.pose.head_r + 0.5f);
  }
}

}  // namespace
}  // namespace spear::rig
