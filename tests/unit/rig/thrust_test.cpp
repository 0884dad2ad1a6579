#include "rig/thrust.hpp"

#include <gtest/gtest.h>

#include <iostream>

#include "rig_run.hpp"

namespace spear::rig {
namespace {

using test::kDt;

struct Running {
  RigState s;
  RigInput in;
  Running() {
    in.motion = Motion::Run;
    test::run_more(s, in, 2.f);
  }
};

TEST(Thrust, StartsOnRunStrikesForwardAndRecovers) {
  Running r;
  const Pose carry = step_rig(r.s, r.in, 0.f);
  r.in.start_thrust = true;
  step_rig(r.s, r.in, kDt);
  r.in.start_thrust = false;
  ASSERT_GE(r.s.thrust_time, 0.f);
  float min_strike_tip = 1e9f, max_tip = -1e9f;
  int striking = 0;
  for (int i = 0; i < 60; ++i) {
    const Pose p = step_rig(r.s, r.in, kDt);
    max_tip = std::max(max_tip, p[Joint::SpearTip].x);
    if (thrust_striking(r.s)) {
      ++striking;
      min_strike_tip = std::min(min_strike_tip, p[Joint::SpearTip].x);
    }
  }
  const float window = kThrustStrikeEnd - kThrustStrikeBegin;
  EXPECT_NEAR(static_cast<float>(striking) * kDt, window, 2.f * kDt);
  // Clearly forward during the whole strike window.
  EXPECT_GT(min_strike_tip, carry[Joint::SpearTip].x + 25.f);
  EXPECT_GT(min_strike_tip, 110.f);
  std::cout << "spear tip x: carry " << carry[Joint::SpearTip].x << ", strike window min "
            << min_strike_tip << ", max " << max_tip << "\n";
  EXPECT_LT(r.s.thrust_time, 0.f);  // over after 1 s
}

TEST(Thrust, LegsKeepRunningUnderTheOverlay) {
  Running a, b;
  a.in.start_thrust = true;
  for (int i = 0; i < 30; ++i) {
    const Pose pa = step_rig(a.s, a.in, kDt);
    const Pose pb = step_rig(b.s, b.in, kDt);
    a.in.start_thrust = false;
    for (Joint j :
         {Joint::Pelvis, Joint::KneeNear, Joint::KneeFar, Joint::FootNear, Joint::FootFar}) {
      ASSERT_LT(distance(pa[j], pb[j]), 1e-4f) << joint_name(j);
    }
    EXPECT_EQ(a.s.scroll, b.s.scroll);
  }
}

TEST(Thrust, CooldownStopsMashingAndOtherMotionsIgnoreIt) {
  Running r;
  r.in.start_thrust = true;
  int starts = 0;
  float prev = -1.f;
  for (int i = 0; i < 120; ++i) {  // mash for 2 s
    step_rig(r.s, r.in, kDt);
    if (r.s.thrust_time >= 0.f && (prev < 0.f || r.s.thrust_time < prev)) ++starts;
    prev = r.s.thrust_time;
  }
  const float cycle = kThrustDuration + kThrustCooldown;
  EXPECT_LE(starts, static_cast<int>(2.f / cycle) + 1);
  EXPECT_GE(starts, 2);
  for (Motion m : {Motion::Idle, Motion::Form, Motion::Jump, Motion::Walk}) {
    RigState s;
    RigInput in;
    in.motion = m;
    in.start_thrust = true;
    test::run_more(s, in, 0.5f);
    EXPECT_LT(s.thrust_time, 0.f) << motion_name(m);
  }
}

TEST(Thrust, WorksInTheLeapAndRepeatsInTheThrustMotion) {
  Running r;
  r.in.motion = Motion::Leap;
  r.in.start_thrust = true;
  step_rig(r.s, r.in, kDt);
  EXPECT_GE(r.s.thrust_time, 0.f);
  const auto f = test::run_motion(Motion::Thrust, 4.f);
  int starts = 0;
  for (std::size_t i = 1; i < f.size(); ++i)
    starts += f[i].thrust_time >= 0.f && f[i - 1].thrust_time < 0.f;
  EXPECT_GE(starts, 4);
  EXPECT_NEAR(f.back().scroll_speed, 382.5f, 0.5f);
}

}  // namespace
}  // namespace spear::rig
