// The parts of the figure that do not squash: the spear is a rigid 108 units and the neck (chest
// to the sprung head's centre) stays 25, in every frame of every motion at 60 Hz, as
// spear-rig-dump and the client run the rig (pose, then head spring and hair on it).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "rig/rig.hpp"
#include "rig/secondary.hpp"
#include "rig/skeleton.hpp"

namespace spear::rig {
namespace {

constexpr float kDt = 1.f / 60.f;
constexpr float kSpearTolerance = 0.5f;
constexpr float kNeckRest = kNeck + kHeadR;  // 25
constexpr float kNeckTolerance = 0.01f;

struct Worst {
  float spear_min = 1e9f, spear_max = -1e9f;
  float neck_min = 1e9f, neck_max = -1e9f;
  float head_off = 0.f;  // sprung head from the pose's head
  int frames = 0;
};

struct Step {
  float at;  // s
  Motion motion;
  bool thrust = false;  // start a thrust at this step (the game's overlay on run and leap)
};

// Runs the steps in order (each until the next one's time) at 60 Hz, the first frame with dt 0,
// and measures every frame.
Worst measure(const std::vector<Step>& steps, float seconds, float cadence = 0.f) {
  RigState state;
  Secondary secondary;
  Worst w;
  const int frames = static_cast<int>(std::lround(seconds / kDt));
  std::size_t next = 0;
  RigInput in;
  in.cadence = cadence;
  for (int k = 0; k < frames; ++k) {
    const float t = static_cast<float>(k) * kDt;
    in.start_thrust = false;
    while (next < steps.size() && steps[next].at <= t + 1e-4f) {
      in.motion = steps[next].motion;
      in.start_thrust = steps[next].thrust;
      ++next;
    }
    const float dt = k == 0 ? 0.f : kDt;
    const Pose pose = step_rig(state, in, dt);
    // The airborne rule of spear-rig-dump and the client: both feet up off the ground.
    const bool airborne = !pose.contact_near && !pose.contact_far &&
                          std::max(pose[Joint::FootNear].y, pose[Joint::FootFar].y) < -3.f;
    const SecondaryPose sp = step_secondary(secondary, pose, state.scroll_speed, airborne, dt);
    const float spear = distance(pose[Joint::SpearTail], pose[Joint::SpearTip]);
    const float neck = distance(pose[Joint::Chest], sp.head);
    w.spear_min = std::min(w.spear_min, spear);
    w.spear_max = std::max(w.spear_max, spear);
    w.neck_min = std::min(w.neck_min, neck);
    w.neck_max = std::max(w.neck_max, neck);
    w.head_off = std::max(w.head_off, distance(sp.head, pose[Joint::Head]));
    ++w.frames;
  }
  return w;
}

void expect_rigid(const Worst& w, const std::string& what) {
  EXPECT_GT(w.frames, 0) << what;
  EXPECT_NEAR(w.spear_min, kSpearLength, kSpearTolerance) << what << ": shortest spear";
  EXPECT_NEAR(w.spear_max, kSpearLength, kSpearTolerance) << what << ": longest spear";
  EXPECT_NEAR(w.neck_min, kNeckRest, kNeckTolerance) << what << ": shortest neck";
  EXPECT_NEAR(w.neck_max, kNeckRest, kNeckTolerance) << what << ": longest neck";
  // The spring turns the head about the neck base by kHeadMaxTurn at most.
  EXPECT_LE(w.head_off, 2.f * kNeckRest * std::sin(kHeadMaxTurn / 2.f) + 0.05f)
      << what << ": sprung head from its rest place";
}

TEST(RigidParts, EveryMotionAlone) {
  for (int m = 0; m < static_cast<int>(Motion::Count); ++m) {
    const auto motion = static_cast<Motion>(m);
    // The form's 17 poses take about 17 s; the others loop (or hold) well within 6 s.
    const float seconds = motion == Motion::Form ? 22.f : 6.f;
    expect_rigid(measure({{0.f, motion}}, seconds), std::string(motion_name(motion)));
  }
}

TEST(RigidParts, RunningAtTopCadenceWithLeapsThrustsAndAFall) {
  // The game's runner: leaps, thrusts on the run and in the air, a crash; top cadence 3.4.
  const std::vector<Step> steps = {
      {0.f, Motion::Run},       {1.f, Motion::Leap},       {1.7f, Motion::Run},
      {2.f, Motion::Run, true}, {2.8f, Motion::Leap},      {3.0f, Motion::Leap, true},
      {3.5f, Motion::Run},      {4.f, Motion::Leap},       {4.3f, Motion::Fall},
      {7.f, Motion::Run},       {8.f, Motion::Leap, true}, {8.7f, Motion::Run}};
  expect_rigid(measure(steps, 10.f, 3.4f), "runner");
}

TEST(RigidParts, SwitchingBetweenEveryMotion) {
  // Every motion into every other, part-way through (the lab's switching; blends included).
  std::vector<Step> steps;
  float t = 0.f;
  for (int a = 0; a < static_cast<int>(Motion::Count); ++a) {
    for (int b = 0; b < static_cast<int>(Motion::Count); ++b) {
      if (a == b) continue;
      steps.push_back({t, static_cast<Motion>(a)});
      steps.push_back({t + 0.9f, static_cast<Motion>(b)});
      t += 1.6f;
    }
  }
  expect_rigid(measure(steps, t), "switching");
}

}  // namespace
}  // namespace spear::rig
