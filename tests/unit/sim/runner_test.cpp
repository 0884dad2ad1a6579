#include "sim/runner.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "sim/lab.hpp"
#include "sim/pace.hpp"
#include "sim/runner_stats.hpp"
#include "sim_test_support.hpp"

namespace spear::sim {
namespace {

using test::seed_with_first;
using test::try_press_at;

// Ticks at which the no-input runner crashes into obstacle 0.
int crash_tick(const Course& c) {
  RunnerState s = new_runner_state();
  for (int t = 0; t < 60 * 30; ++t) {
    if (step_runner(s, nullptr, c).crashed) return t;
  }
  return -1;
}

// Press ticks (before the no-input crash) that get past obstacle 0 without crashing.
std::vector<int> clearing_ticks(const Course& c, Button button) {
  std::vector<int> ok;
  const int crash = crash_tick(c);
  for (int k = std::max(0, crash - 90); k <= crash; ++k) {
    if (try_press_at(c, k, button).passed) ok.push_back(k);
  }
  return ok;
}

// Longest run of consecutive ticks in a sorted list.
int widest_window(const std::vector<int>& ticks) {
  int best = 0, run = 0;
  for (std::size_t i = 0; i < ticks.size(); ++i) {
    run = (i > 0 && ticks[i] == ticks[i - 1] + 1) ? run + 1 : 1;
    best = std::max(best, run);
  }
  return best;
}

TEST(Runner, StartsRunningAtTheCourseStart) {
  const RunnerState s = new_runner_state();
  EXPECT_EQ(s.mode, RunnerMode::Running);
  EXPECT_EQ(s.distance, 0.0);
  EXPECT_EQ(s.score, 0u);
  EXPECT_EQ(s.runs, 1u);
  // The pose is computed: the head is above the ground.
  EXPECT_LT(s.pose[rig::Joint::Head].y, -100.f);
}

TEST(Runner, DistanceAdvancesByExactlyTheRigScroll) {
  const Course c(1);
  RunnerState s = new_runner_state();
  for (int t = 0; t < 120; ++t) {
    const double d0 = s.distance, scroll0 = s.rig.scroll;
    step_runner(s, nullptr, c);
    ASSERT_EQ(s.distance - d0, s.rig.scroll - scroll0);
  }
  // Ground speed is stride × cadence ÷ duty at the ramp's cadence.
  EXPECT_NEAR(s.rig.scroll_speed, ground_speed_at(s.distance), 1.0);
  EXPECT_GT(s.distance, 2 * 382.5 * 0.8);
}

TEST(Runner, NoInputCrashesAtTheFirstObstacleOfEachKind) {
  for (ObstacleKind kind : {ObstacleKind::Hurdle, ObstacleKind::Target}) {
    const Course c(seed_with_first(kind));
    const Obstacle o = c.obstacle(0);
    RunnerState s = new_runner_state();
    RunnerEvents ev;
    int t = 0;
    double distance_before = 0.0;
    for (; t < 60 * 30 && !ev.crashed; ++t) {
      distance_before = s.distance;
      ev = step_runner(s, nullptr, c);
    }
    ASSERT_TRUE(ev.crashed) << "kind " << int(kind);
    EXPECT_EQ(ev.obstacle, 0u);
    EXPECT_EQ(s.last_crash_obstacle, 0u);
    EXPECT_EQ(s.mode, RunnerMode::Falling);
    EXPECT_EQ(s.crashes, 1u);
    EXPECT_NE(ev.crash_part, BodyPart::Count);
    // It crashed where the drawn body meets the obstacle, not earlier: a hurdle is overlapped
    // (and topples); a target stops the body at its near face, just touching.
    const BodyShape shape = body_shape(s.pose);
    double gap = 1e9;
    for (int i = 0; i < shape.count; ++i)
      gap = std::min(gap, capsule_box_gap(shape.capsules[i], s.distance, obstacle_box(o)));
    if (kind == ObstacleKind::Hurdle) {
      EXPECT_EQ(gap, 0.0);
      EXPECT_TRUE(ev.toppled_hurdle);
      EXPECT_TRUE(hurdle_toppled(s, 0));
    } else {
      EXPECT_LT(gap, 0.01);
      EXPECT_FALSE(ev.toppled_hurdle);
      EXPECT_FALSE(target_broken(s, 0));
      // Its far limbs may still reach into the straw at the crash; the recoil brings every joint
      // (the spear aside) back out of it, and the runner falls back, not through.
      RunnerState after = s;
      for (int i = 0; i < 60; ++i) step_runner(after, nullptr, c);
      EXPECT_EQ(after.rig.motion, rig::Motion::FallBack);
      EXPECT_EQ(after.next_obstacle, 0u);
      for (std::size_t j = 0; j < rig::kJointCount; ++j) {
        if (j == static_cast<std::size_t>(rig::Joint::SpearTail) ||
            j == static_cast<std::size_t>(rig::Joint::SpearTip))
          continue;
        EXPECT_LE(after.distance + after.pose.joints[j].x, o.x) << rig::joint_name(rig::Joint(j));
      }
    }
    EXPECT_LE(s.distance + body_front(s.pose), o.far_x() + 30.0);
    // Score stays frozen from the crash on (at the last tick the runner was running).
    const std::uint32_t score = s.score;
    EXPECT_EQ(score, static_cast<std::uint32_t>(std::floor(distance_before / 10.0)));
    for (int i = 0; i < 60; ++i) step_runner(s, nullptr, c);
    EXPECT_EQ(s.score, score);
    EXPECT_EQ(s.best, score);
  }
}

TEST(Runner, AJumpClearsAHurdleWithAPersonsMarginAndALateOneCrashes) {
  const Course c(seed_with_first(ObstacleKind::Hurdle));
  const std::vector<int> ok = clearing_ticks(c, Button::Jump);
  ASSERT_FALSE(ok.empty()) << "no jump tick clears the first hurdle";
  // At least 100 ms of jump timing clears it: people can do it.
  EXPECT_GE(widest_window(ok), 6);
  const int last_good = ok.back();
  const test::Trial good = try_press_at(c, ok[ok.size() / 2], Button::Jump);
  EXPECT_TRUE(good.passed);
  RunnerState after = good.end;
  for (int t = 0; t < 30; ++t) step_runner(after, nullptr, c);
  EXPECT_EQ(after.crashes, 0u);
  EXPECT_EQ(after.mode, RunnerMode::Running);  // landed and running again
  // Late: right after the last good moment the runner still leaps, but its legs hit the hurdle.
  const test::Trial late = try_press_at(c, last_good + 1, Button::Jump);
  EXPECT_TRUE(late.acted);
  EXPECT_TRUE(late.crashed);
  EXPECT_EQ(late.end.last_crash_obstacle, 0u);
  // Early: well before the window, the runner comes down on it.
  const test::Trial early = try_press_at(c, ok.front() - 12, Button::Jump);
  EXPECT_TRUE(early.acted);
  EXPECT_TRUE(early.crashed);
}

TEST(Runner, NoDoubleJump) {
  const Course c(1);
  RunnerState s = new_runner_state();
  Input jump;
  jump.press(Button::Jump);
  EXPECT_TRUE(step_runner(s, &jump, c).jumped);
  EXPECT_EQ(s.mode, RunnerMode::Leaping);
  const std::uint32_t ticks = s.mode_ticks;
  EXPECT_FALSE(step_runner(s, &jump, c).jumped);
  EXPECT_EQ(s.mode_ticks, ticks + 1);  // the same leap goes on
  while (s.mode == RunnerMode::Leaping) step_runner(s, nullptr, c);
  EXPECT_EQ(s.mode, RunnerMode::Running);
  EXPECT_EQ(s.rig.motion, rig::Motion::Leap);  // the rig is told Run from the next step
  step_runner(s, nullptr, c);
  EXPECT_EQ(s.rig.motion, rig::Motion::Run);
}

TEST(Runner, AThrustAtTheRightMomentBreaksTheTargetAndScores) {
  const Course c(seed_with_first(ObstacleKind::Target));
  const std::vector<int> ok = clearing_ticks(c, Button::Thrust);
  ASSERT_FALSE(ok.empty()) << "no thrust tick breaks the first target";
  EXPECT_GE(widest_window(ok), 6);
  const test::Trial hit = try_press_at(c, ok[ok.size() / 2], Button::Thrust);
  EXPECT_TRUE(hit.broke);
  EXPECT_FALSE(hit.crashed);
  EXPECT_EQ(hit.end.targets_broken, 1u);
  EXPECT_EQ(hit.end.combo, 1u);
  EXPECT_EQ(hit.end.bonus, kTargetBonus);
  EXPECT_EQ(hit.end.score,
            static_cast<std::uint32_t>(std::floor(hit.end.distance / 10.0)) + kTargetBonus);
  EXPECT_TRUE(target_broken(hit.end, 0));
  // Too late: the body reaches the target before the strike.
  const test::Trial late = try_press_at(c, ok.back() + 1, Button::Thrust);
  EXPECT_TRUE(late.acted);
  EXPECT_TRUE(late.crashed);
  EXPECT_FALSE(late.broke);
  // Too early: the strike is over before the tip gets there.
  const test::Trial early = try_press_at(c, ok.front() - 1, Button::Thrust);
  EXPECT_TRUE(early.acted);
  EXPECT_TRUE(early.crashed);
  EXPECT_FALSE(early.broke);
}

TEST(Runner, ComboGrowsWithConsecutiveBreaks) {
  // A course of targets only, spaced evenly.
  CourseParams p;
  p.target_share = 1.f;
  p.max_same_in_row = 1000;
  p.extra_gap_time = 0.f;
  p.min_gap_time = 1.5f;
  const Course c(3, p);
  // Find the thrust tick for target 0, then repeat with the same lead for the next ones by
  // searching each in turn from the state before it.
  RunnerState s = new_runner_state();
  std::uint32_t expected_bonus = 0;
  for (std::uint32_t i = 0; i < 7; ++i) {
    bool done = false;
    for (int k = 0; k < 400 && !done; ++k) {
      RunnerState trial = s;
      for (int j = 0; j < k; ++j) step_runner(trial, nullptr, c);
      Input t;
      t.press(Button::Thrust);
      bool broke = false, crashed = false;
      for (int j = 0; j < 60 && !crashed; ++j) {
        const RunnerEvents ev = step_runner(trial, j == 0 ? &t : nullptr, c);
        broke |= ev.broke_target;
        crashed |= ev.crashed;
      }
      if (broke && !crashed) {
        s = trial;
        done = true;
      }
    }
    ASSERT_TRUE(done) << "target " << i;
    expected_bonus += kTargetBonus * std::min(i + 1, kMaxCombo);
    EXPECT_EQ(s.combo, i + 1);
    EXPECT_EQ(s.bonus, expected_bonus);
  }
  EXPECT_EQ(s.targets_broken, 7u);
}

TEST(Runner, RestartWorksOnlyAfterTheDelay) {
  const Course c(1);
  RunnerState s = new_runner_state();
  int t = 0;
  while (!step_runner(s, nullptr, c).crashed) ASSERT_LT(++t, 60 * 30);
  const std::uint32_t best = s.best;
  EXPECT_GT(best, 0u);
  Input jump;
  jump.press(Button::Jump);
  const std::uint32_t delay = ticks_for(kRestartDelay, kDefaultDt);
  std::uint32_t waited = 0;
  // Jump pressed on every tick after the crash: nothing happens until the delay is over.
  while (true) {
    ++waited;
    const RunnerEvents ev = step_runner(s, &jump, c);
    if (ev.restarted) break;
    ASSERT_NE(s.mode, RunnerMode::Running);
    ASSERT_LT(waited, delay + 5);
  }
  EXPECT_EQ(waited, delay + 1);            // the first tick after the delay has passed
  EXPECT_EQ(s.mode, RunnerMode::Running);  // the restarting Jump does not also leap
  EXPECT_LT(s.distance, 20.0);
  EXPECT_EQ(s.next_obstacle, 0u);
  EXPECT_EQ(s.score, 0u);
  EXPECT_EQ(s.best, best);
  EXPECT_EQ(s.runs, 2u);
  EXPECT_EQ(s.crashes, 1u);
  // The restarted run meets the same first obstacle again.
  while (!step_runner(s, nullptr, c).crashed) ASSERT_LT(++t, 60 * 60);
  EXPECT_EQ(s.last_crash_obstacle, 0u);
  EXPECT_EQ(s.crashes, 2u);
}

TEST(Runner, LabStopsTravelAndSwitchesMotions) {
  const Course c(1);
  RunnerState s = new_runner_state();
  for (int t = 0; t < 30; ++t) step_runner(s, nullptr, c);
  Input toggle;
  toggle.press(Button::LabToggle);
  EXPECT_TRUE(step_runner(s, &toggle, c).entered_lab);
  EXPECT_EQ(s.mode, RunnerMode::Lab);
  const double d = s.distance;
  for (int t = 0; t < 120; ++t) step_runner(s, nullptr, c);
  EXPECT_EQ(s.distance, d);
  EXPECT_EQ(s.rig.motion, lab_motion(0));
  EXPECT_EQ(s.rig.motion, rig::Motion::Walk);

  Input next;
  next.press(Button::LabNext);
  step_runner(s, &next, c);
  EXPECT_EQ(s.rig.motion, rig::Motion::Run);
  Input prev;
  prev.press(Button::LabPrev);
  step_runner(s, &prev, c);
  step_runner(s, &prev, c);  // wraps to the last
  EXPECT_EQ(s.rig.motion, rig::Motion::Form);
  Input pick;
  pick.lab_pick = 3;
  step_runner(s, &pick, c);
  EXPECT_EQ(s.rig.motion, rig::Motion::Throw);
  pick.lab_pick = 9;  // out of range: ignored
  step_runner(s, &pick, c);
  EXPECT_EQ(s.rig.motion, rig::Motion::Throw);
  // Jump and thrust do nothing in the lab; the distance never moves.
  Input jt;
  jt.press(Button::Jump).press(Button::Thrust);
  for (int t = 0; t < 60; ++t) step_runner(s, &jt, c);
  EXPECT_EQ(s.mode, RunnerMode::Lab);
  EXPECT_EQ(s.distance, d);

  // Skeleton overlay and pause travel with the state.
  Input skel;
  skel.press(Button::SkeletonToggle);
  step_runner(s, &skel, c);
  EXPECT_TRUE(s.skeleton);
  Input pause;
  pause.press(Button::PauseToggle);
  step_runner(s, &pause, c);
  EXPECT_TRUE(s.lab_paused);
  const float time = s.rig.motion_time;
  const rig::Pose pose = s.pose;
  for (int t = 0; t < 10; ++t) step_runner(s, nullptr, c);
  EXPECT_EQ(s.rig.motion_time, time);
  EXPECT_EQ(s.pose[rig::Joint::HandNear], pose[rig::Joint::HandNear]);
  Input step;
  step.press(Button::Step);
  step_runner(s, &step, c);
  EXPECT_FLOAT_EQ(s.rig.motion_time, time + kDefaultDt);
  EXPECT_TRUE(s.lab_paused);

  // Leaving the lab starts a fresh run from the course start, after the countdown.
  EXPECT_TRUE(step_runner(s, &toggle, c).left_lab);
  EXPECT_EQ(s.mode, RunnerMode::Countdown);
  EXPECT_FALSE(s.lab_paused);
  EXPECT_TRUE(s.skeleton);
  EXPECT_EQ(s.distance, 0.0);
  EXPECT_EQ(s.runs, 2u);
}

// A planted foot keeps its place in the world (distance + x) over its stance, at every cadence
// of the ramp. The course here has no obstacle for a long way.
TEST(Runner, FeetStayPlantedAtEverySpeedOfTheRamp) {
  CourseParams p;
  p.start_clear = 10 * kRampDistance;
  const Course c(1, p);
  for (int k = 0; k <= 8; ++k) {
    RunnerState s = new_runner_state();
    s.distance = kRampDistance * k / 8.0;
    for (int t = 0; t < 60; ++t) step_runner(s, nullptr, c);  // settle into the gait
    int stances = 0;
    float worst = 0.f;
    const rig::Joint feet[2] = {rig::Joint::FootNear, rig::Joint::FootFar};
    bool planted[2] = {false, false};
    double start_x[2] = {0, 0}, start_y[2] = {0, 0};
    for (int t = 0; t < 240; ++t) {
      step_runner(s, nullptr, c);
      const bool contact[2] = {s.pose.contact_near, s.pose.contact_far};
      for (int f = 0; f < 2; ++f) {
        const double x = s.distance + s.pose[feet[f]].x;
        const double y = s.pose[feet[f]].y;
        if (contact[f] && !planted[f]) {
          start_x[f] = x;
          start_y[f] = y;
          ++stances;
        } else if (contact[f]) {
          worst = std::max(worst, static_cast<float>(std::hypot(x - start_x[f], y - start_y[f])));
        }
        planted[f] = contact[f];
      }
    }
    const float cadence = cadence_at(s.distance);
    EXPECT_GE(stances, static_cast<int>(4 * 2 * cadence * 0.8f)) << "cadence " << cadence;
    EXPECT_LT(worst, 0.5f) << "cadence " << cadence;
    EXPECT_NEAR(s.rig.cadence, cadence, 0.01f);
  }
}

TEST(Runner, StatsReportTheRunnerInMetres) {
  const Course c(1);
  RunnerState s = new_runner_state();
  while (!step_runner(s, nullptr, c).crashed) {
  }
  const RunnerStats st = runner_stats(s);
  EXPECT_DOUBLE_EQ(st.distance_m, s.distance / 10.0);
  EXPECT_EQ(st.crashes, 1u);
  EXPECT_EQ(st.best, s.best);
  EXPECT_GE(st.total_distance_m, st.distance_m);
  EXPECT_EQ(st.runs, 1u);
}

TEST(Runner, BadDtIsAClearError) {
  const Course c(1);
  RunnerState s = new_runner_state();
  EXPECT_THROW(step_runner(s, nullptr, c, 0.f), std::invalid_argument);
  EXPECT_THROW(step_runner(s, nullptr, c, -1.f), std::invalid_argument);
  EXPECT_THROW(step_runner(s, nullptr, c, std::nanf("")), std::invalid_argument);
  EXPECT_THROW(step_runner(s, nullptr, c, 5.f), std::invalid_argument);
}

}  // namespace
}  // namespace spear::sim
