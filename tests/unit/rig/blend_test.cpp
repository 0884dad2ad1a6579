// Switching motions at any moment without a visible jump (rig.md §13).
#include "rig/blend.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "rig_run.hpp"

namespace spear::rig {
namespace {

constexpr Motion kAll[] = {Motion::Idle, Motion::Walk,   Motion::Run,  Motion::Throw, Motion::Jump,
                           Motion::Form, Motion::Thrust, Motion::Fall, Motion::Leap};

// The switch may move a joint at most this many times as far in one frame as the faster of the
// two motions does at its fastest steady frame. Why not 1: inertialization keeps each joint's
// velocity at the switch, then adds the decaying offset's own rate, ω·|x0|/e at its peak, on top
// of the new motion's velocity; where both motions are at speed in different directions (a jump
// take-off switched into a thrust) the two add up. 1.5 is that headroom; a frozen-pose crossfade
// or a snap to the new pose breaks it by far (a snap from the jump apex moves 160 units).
constexpr float kSwitchFactor = 1.5f;

float steady_fastest(Motion m) {
  // Several cycles of the motion alone (a fresh rig starts in the motion: no blend).
  const auto f = test::run_motion(m, 16.f);
  return test::max_frame_move(f, 1);
}

TEST(MotionSwitch, NeverMovesAJointFartherThanTheMotionsDo) {
  float steady[9];
  for (int i = 0; i < 9; ++i) {
    steady[i] = steady_fastest(kAll[i]);
    std::cout << motion_name(kAll[i]) << " fastest steady frame " << steady[i] << " units\n";
  }
  float worst_ratio = 0.f;
  for (int a = 0; a < 9; ++a) {
    for (int b = 0; b < 9; ++b) {
      if (a == b) continue;
      for (float at : {0.37f, 0.81f, 1.23f, 1.9f, 2.6f, 4.15f, 6.05f}) {
        RigState s;
        RigInput in;
        in.motion = kAll[a];
        step_rig(s, in, 0.f);
        const auto before = test::run_more(s, in, at);
        in.motion = kAll[b];
        const auto after = test::run_more(s, in, 1.2f);
        float worst = test::max_joint_step(before.back().pose, after.front().pose);
        worst = std::max(worst, test::max_frame_move(after));
        const float limit = kSwitchFactor * std::max(steady[a], steady[b]);
        worst_ratio = std::max(worst_ratio, worst / std::max(steady[a], steady[b]));
        EXPECT_LE(worst, limit) << motion_name(kAll[a]) << " -> " << motion_name(kAll[b]) << " at "
                                << at;
      }
    }
  }
  std::cout << "worst switch frame / fastest steady frame: " << worst_ratio << "\n";
}

TEST(MotionSwitch, KeepsVelocityAtTheSwitch) {
  // Running, then walking: the first frame after the switch continues the run's motion (a
  // crossfade from a frozen pose would stop every joint dead for that frame).
  RigState s;
  RigInput in;
  in.motion = Motion::Run;
  const auto run = test::run_motion(Motion::Run, 1.f);
  auto f = test::run_more(s, in, 1.5f);
  const Pose p0 = f[f.size() - 2].pose;
  const Pose p1 = f.back().pose;
  in.motion = Motion::Idle;
  const Pose p2 = step_rig(s, in, test::kDt);
  for (Joint j : {Joint::FootNear, Joint::FootFar, Joint::HandNear, Joint::Head}) {
    const Vec2 v1 = p1[j] - p0[j];
    const Vec2 v2 = p2[j] - p1[j];
    EXPECT_LT(distance(v1, v2), 0.35f * length(v1) + 0.3f) << joint_name(j);
  }
}

TEST(MotionSwitch, OffsetDecaysLikeACriticallyDampedSpring) {
  EXPECT_EQ(blend_offset(10.f, 0.f, 0.f), 10.f);
  EXPECT_NEAR(blend_offset(10.f, 0.f, 0.3f), 10.f * (1.f + 3.6f) * std::exp(-3.6f), 1e-4f);
  EXPECT_EQ(blend_offset(10.f, 5.f, kBlendSettle), 0.f);
  // No overshoot from rest.
  for (float t = 0.f; t < kBlendSettle; t += 0.01f) EXPECT_GE(blend_offset(10.f, 0.f, t), 0.f);
  // The rate at t = 0 is v0.
  EXPECT_NEAR((blend_offset(0.f, 50.f, 1e-3f) - 0.f) / 1e-3f, 50.f, 1.f);
}

TEST(MotionSwitch, SwitchSettlesOnTheNewMotion) {
  RigState a;
  RigInput in;
  in.motion = Motion::Jump;
  test::run_more(a, in, 0.6f);
  in.motion = Motion::Form;
  test::run_more(a, in, 2.f);
  // A fresh Form at the same motion time gives the same pose once the blend has settled.
  const auto f = test::run_motion(Motion::Form, a.motion_time);
  const Pose pa = step_rig(a, in, 0.f);
  EXPECT_NEAR(f.back().motion_time, a.motion_time, 1e-3f);
  EXPECT_LT(test::max_joint_step(pa, f.back().pose), 0.1f);
}

}  // namespace
}  // namespace spear::rig
