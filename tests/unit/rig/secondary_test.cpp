#include "rig/secondary.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "rig/rig.hpp"
#include "rig/skeleton.hpp"
#include "rig_run.hpp"

namespace spear::rig {
namespace {

// The head's offset across the neck (units, + = forward of the pose's head, y down, facing +x).
float across_neck(Vec2 chest, Vec2 pose_head, Vec2 sprung) {
  const Vec2 up = (pose_head - chest) * (1.f / distance(pose_head, chest));
  return dot(sprung - pose_head, Vec2{-up.y, up.x});
}

TEST(HeadSpring, AJoltTurnsTheHeadOnARigidNeckWithOneOvershoot) {
  // An upright neck of 25 whose body starts rising at 600 units/s and keeps rising: the head is
  // left behind, nodding forward, swings back past its place once and settles.
  HeadSpring s;
  const Vec2 neck{0.f, -25.f};
  Vec2 chest{0.f, -120.f};
  step_head_spring(s, chest, chest + neck, 0.f);
  step_head_spring(s, chest, chest + neck, 1.f / 60.f);  // at rest: its speed is known
  std::vector<float> lag;
  for (int i = 0; i < 90; ++i) {
    chest.y -= 600.f / 60.f;
    const Vec2 head = step_head_spring(s, chest, chest + neck, 1.f / 60.f);
    ASSERT_NEAR(distance(head, chest), 25.f, 1e-3f);
    lag.push_back(across_neck(chest, chest + neck, head));
  }
  const float first = *std::max_element(lag.begin(), lag.end());
  const float second = *std::min_element(lag.begin(), lag.end());
  EXPECT_GT(first, 1.f);  // a nod forward
  EXPECT_LT(second, -1e-3f) << "no overshoot";
  EXPECT_GT(second, -0.2f * first) << "a hint of overshoot, not a swing";
  int crossings = 0;
  for (std::size_t i = 1; i < lag.size(); ++i)
    if ((lag[i - 1] > 1e-4f && lag[i] < -1e-4f) || (lag[i - 1] < -1e-4f && lag[i] > 1e-4f))
      ++crossings;
  EXPECT_EQ(crossings, 1);
  EXPECT_NEAR(lag.back(), 0.f, 0.01f);
}

TEST(HeadSpring, StableAtAnyClampedDtAndTheNeckNeverStretches) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> dt(0.f, 0.05f);  // beyond the clamp too
  HeadSpring s;
  float worst = 0.f;
  for (int i = 0; i < 20000; ++i) {
    const float t = 0.01f * static_cast<float>(i);
    const Vec2 chest{40.f * std::sin(t), -120.f + 160.f * std::sin(5.f * t)};
    const Vec2 head = chest + Vec2{25.f * std::sin(0.3f * std::sin(2.f * t)),
                                   -25.f * std::cos(0.3f * std::sin(2.f * t))};
    const Vec2 p = step_head_spring(s, chest, head, dt(rng));
    ASSERT_TRUE(std::isfinite(p.x) && std::isfinite(p.y));
    worst = std::max(worst, std::fabs(distance(p, chest) - 25.f));
  }
  EXPECT_LT(worst, 1e-3f);
  // Moving steadily, the head is carried along without lag.
  HeadSpring t;
  Vec2 p;
  for (int i = 0; i <= 240; ++i) {
    const Vec2 chest{0.f, -120.f - 2.f * static_cast<float>(i)};
    p = step_head_spring(t, chest, chest + Vec2{5.f, -24.f}, i == 0 ? 0.f : 1.f / 60.f);
  }
  EXPECT_NEAR(p.x, 5.f, 1e-3f);
  // A cut (a restart, another runner) puts the head where the pose has it.
  p = step_head_spring(t, {500.f, -120.f}, {505.f, -144.f}, 1.f / 60.f);
  EXPECT_NEAR(distance(p, {505.f, -144.f}), 0.f, 1e-4f);
}

constexpr Vec2 kTie{-0.85f, -0.5f};  // the way the tail leaves the head (step_secondary's)

TEST(Hair, KeepsNineUnitLinksAtAnyFrameRate) {
  for (float dt : {1.f / 240.f, 1.f / 60.f, 1.f / 30.f, 0.033f, 0.1f}) {
    Hair h;
    float worst = 0.f;
    for (int i = 0; i < 3000; ++i) {
      const float t = static_cast<float>(i) * dt;
      const Vec2 pin{3.f * std::sin(9.f * t), -150.f + 60.f * std::sin(3.f * t)};
      step_hair(h, pin, kTie,
                hair_wind(382.5f, i % 200 < 40 ? static_cast<float>(i % 200) * dt : -1.f), dt);
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
    step_hair(run, pin, kTie, hair_wind(382.5f, -1.f), 1.f / 60.f);
    step_hair(still, pin, kTie, hair_wind(0.f, -1.f), 1.f / 60.f);
  }
  const Vec2 r = run.cur[kHairPoints - 1] - pin;
  const Vec2 s = still.cur[kHairPoints - 1] - pin;
  EXPECT_LT(r.x, -20.f);                                               // far behind
  EXPECT_LT(std::fabs(r.y), 15.f);                                     // nearly level
  EXPECT_GT(s.y, 20.f);                                                // hangs down
  EXPECT_LT(hair_wind(382.5f, 0.f), hair_wind(382.5f, -1.f) - 70.f);   // a kick at the take-off
  EXPECT_NEAR(hair_wind(382.5f, 1.f), hair_wind(382.5f, -1.f), 0.1f);  // that dies away
  EXPECT_LT(hair_wind(382.5f, -1.f), hair_wind(106.f, -1.f));
}

// What a strip of a jump shows: at the take-off (both feet leaving the ground) the head is left
// behind by at least 4 units, nodding forward, and swings back past its place before the landing;
// the neck stays 25 long.
void expect_take_off_wobble(Motion before, Motion motion, float switch_at, const char* what) {
  RigState state;
  Secondary sec;
  float max_forward = 0.f, min_after = 0.f;
  int take_off = -1, land = -1;
  const int frames = static_cast<int>((switch_at + 1.2f) * 60.f);
  for (int k = 0; k < frames; ++k) {
    RigInput in;
    in.motion = static_cast<float>(k) / 60.f < switch_at ? before : motion;
    const float dt = k == 0 ? 0.f : test::kDt;
    const Pose pose = step_rig(state, in, dt);
    // Off the ground: both feet more than 10 units up (a run's flight phase is not a take-off).
    const bool air = std::max(pose[Joint::FootNear].y, pose[Joint::FootFar].y) < -10.f;
    const SecondaryPose sp = step_secondary(sec, pose, state.scroll_speed, air, dt);
    ASSERT_NEAR(distance(sp.head, pose[Joint::Chest]), kNeck + kHeadR, 0.01f) << what;
    if (static_cast<float>(k) / 60.f < switch_at) continue;
    if (air && take_off < 0) take_off = k;
    if (take_off >= 0 && land < 0 && !air) land = k;
    const float lag = across_neck(pose[Joint::Chest], pose[Joint::Head], sp.head);
    if (take_off >= 0 && land < 0 && k <= take_off + 12) max_forward = std::max(max_forward, lag);
    if (take_off >= 0 && land < 0 && max_forward >= 4.f) min_after = std::min(min_after, lag);
  }
  ASSERT_GE(take_off, 0) << what;
  EXPECT_GE(max_forward, 4.f) << what << ": the head's travel at the take-off";
  EXPECT_LT(min_after, -0.5f) << what << ": no overshoot in the air";
}

TEST(Secondary, AJumpAndALeapShowTheHeadLagAndOvershoot) {
  expect_take_off_wobble(Motion::Idle, Motion::Jump, 1.f, "jump");
  expect_take_off_wobble(Motion::Run, Motion::Leap, 1.f, "leap");
}

float bend_degrees(const std::array<Vec2, kHairPoints>& h) {
  float total = 0.f;
  for (int i = 1; i + 1 < kHairPoints; ++i) {
    const Vec2 a = h[i] - h[i - 1], b = h[i + 1] - h[i];
    total += std::fabs(std::atan2(a.x * b.y - a.y * b.x, dot(a, b)));
  }
  return total * 57.29578f;
}

// What a strip of a leap at race speed shows of the ponytail: in the air it bends (curvature at
// its two inner points) in most frames instead of locking into a straight stick, and it flicks:
// its tip swings through a wide arc about the root between the take-off and the landing.
TEST(Secondary, TheTailBendsAndFlicksInALeap) {
  for (const float speed : {382.5f, 450.f, 510.f}) {
    RigState state;
    Secondary sec;
    int flight = 0, straight = 0;
    float max_bend = 0.f, lowest = 1e9f, highest = -1e9f;
    for (int k = 0; k < 150; ++k) {
      RigInput in;
      in.motion = k < 60 ? Motion::Run : Motion::Leap;
      const float dt = k == 0 ? 0.f : test::kDt;
      const Pose pose = step_rig(state, in, dt);
      const bool air = std::max(pose[Joint::FootNear].y, pose[Joint::FootFar].y) < -3.f;
      const SecondaryPose sp = step_secondary(sec, pose, speed, air, dt);
      if (k < 60 || k > 60 + 50) continue;
      const Vec2 tip = sp.hair[kHairPoints - 1] - sp.hair[0];
      const float angle = std::atan2(tip.y, -tip.x) * 57.29578f;  // 0 straight back, + down
      lowest = std::min(lowest, angle);
      highest = std::max(highest, angle);
      if (std::max(pose[Joint::FootNear].y, pose[Joint::FootFar].y) >= -10.f) continue;
      ++flight;
      const float b = bend_degrees(sp.hair);
      max_bend = std::max(max_bend, b);
      straight += b < 8.f;
    }
    std::printf(
        "[ figures  ] leap at %.0f units/s: %d of %d flight frames straight, most bend "
        "%.0f deg, tip from %.0f to %.0f deg about the root\n",
        static_cast<double>(speed), straight, flight, static_cast<double>(max_bend),
        static_cast<double>(lowest), static_cast<double>(highest));
    ASSERT_GT(flight, 15);
    EXPECT_LE(straight * 5, flight) << "locked straight in more than a fifth of the flight";
    EXPECT_GT(max_bend, 45.f);
    EXPECT_GT(highest - lowest, 45.f) << "no flick";
  }
}

TEST(Secondary, DrivenByThePoseIsFiniteAndPinnedToTheHead) {
  const auto f = test::run_motion(Motion::Jump, 4.f);
  Secondary s;
  for (const auto& x : f) {
    const SecondaryPose sp =
        step_secondary(s, x.pose, x.scroll_speed, !x.pose.contact_near, test::kDt);
    ASSERT_NEAR(distance(sp.head, x.pose[Joint::Chest]),
                distance(x.pose[Joint::Head], x.pose[Joint::Chest]), 1e-3f);
    ASSERT_LT(distance(sp.hair[0], sp.head), x.pose.head_r + 0.5f);
  }
}

}  // namespace
}  // namespace spear::rig
