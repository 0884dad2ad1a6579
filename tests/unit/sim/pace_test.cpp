// The pace a runner earns (sim/press_timing.hpp, sim/pace.hpp): timing changes speed, a crash
// starts over at the course's pace, feet stay planted at every pace, a restart press is kept.
#include "sim/pace.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "sim/course.hpp"
#include "sim/press_timing.hpp"
#include "sim/runner.hpp"
#include "sim_test_support.hpp"

namespace spear::sim {
namespace {

using test::seed_with_first;

// The runner at tick `until` after a press of `button` at tick `k` (no other input), and the
// events of the pass that set its pace (paced, grade).
struct PressRun {
  bool crashed = false;
  int pass_tick = -1;
  RunnerEvents pass{};
  RunnerState end{};
};

PressRun press_and_run(const Course& c, int k, Button button, int until) {
  PressRun r;
  RunnerState s = new_runner_state();
  Input press;
  press.press(button);
  for (int t = 0; t <= until; ++t) {
    const RunnerEvents ev = step_runner(s, t == k ? &press : nullptr, c);
    r.crashed |= ev.crashed;
    if (ev.paced && r.pass_tick < 0) {
      r.pass_tick = t;
      r.pass = ev;
    }
    if (r.crashed) break;
  }
  r.end = s;
  return r;
}

// The press ticks that get past obstacle 0, in order.
std::vector<int> window(const Course& c, Button button) {
  std::vector<int> ok;
  for (int k = 0; k < 60 * 8; ++k) {
    const test::Trial t = test::try_press_at(c, k, button);
    if (t.passed) ok.push_back(k);
  }
  return ok;
}

// A course of the seed's obstacles spaced 3 s apart or more: a second after the first pass the
// runner is still on its way to the next.
Course roomy(std::uint64_t seed) {
  CourseParams p;
  p.min_gap_time = 3.f;
  return Course(seed, p);
}

class PaceByKind : public ::testing::TestWithParam<ObstacleKind> {};

TEST_P(PaceByKind, ACentredPressLeavesTheRunnerFurtherAheadThanAScrappyOne) {
  const ObstacleKind kind = GetParam();
  const Button button = kind == ObstacleKind::Hurdle ? Button::Jump : Button::Thrust;
  const Course c = roomy(seed_with_first(kind));
  const std::vector<int> ok = window(c, button);
  ASSERT_GE(ok.size(), 12u);  // the window is one run of ticks, 0.2 s or more
  const int middle = ok[ok.size() / 2];
  const int edge = ok.front();
  // Both presses clear; both runners are compared a second after the later pass, at one tick.
  const PressRun probe = press_and_run(c, middle, button, middle + 120);
  ASSERT_GE(probe.pass_tick, 0);
  const int until = probe.pass_tick + 60;
  const PressRun centred = press_and_run(c, middle, button, until);
  const PressRun scrappy = press_and_run(c, edge, button, until);
  ASSERT_FALSE(centred.crashed);
  ASSERT_FALSE(scrappy.crashed);
  ASSERT_GE(scrappy.pass_tick, 0);
  ASSERT_LE(scrappy.pass_tick, probe.pass_tick);
  EXPECT_GT(centred.pass.grade, scrappy.pass.grade);
  EXPECT_GE(centred.pass.grade, 70);
  EXPECT_GT(centred.end.pace, 0);
  EXPECT_LT(scrappy.end.pace, centred.end.pace);
  // Measurably further ahead: more than a foot's length, though both ran the same ticks.
  EXPECT_GT(centred.end.distance - scrappy.end.distance, 10.0)
      << "centred " << centred.end.distance << " scrappy " << scrappy.end.distance;
}

INSTANTIATE_TEST_SUITE_P(Kinds, PaceByKind,
                         ::testing::Values(ObstacleKind::Hurdle, ObstacleKind::Target));

TEST(EarnedPace, GradesPeakAtTheWindowsMiddleAndFallToZeroAtItsEdge) {
  EXPECT_EQ(press_grade(kJumpLeadMiddle, ObstacleKind::Hurdle), kMaxGrade);
  EXPECT_EQ(press_grade(kThrustLeadMiddle, ObstacleKind::Target), kMaxGrade);
  EXPECT_EQ(press_grade(kJumpLeadMiddle + kGradeHalfWidth, ObstacleKind::Hurdle), 0);
  EXPECT_EQ(press_grade(kJumpLeadMiddle - kGradeHalfWidth - 0.1f, ObstacleKind::Hurdle), 0);
  EXPECT_EQ(press_grade(std::nanf(""), ObstacleKind::Target), 0);
  const auto half = press_grade(kJumpLeadMiddle + 0.5f * kGradeHalfWidth, ObstacleKind::Hurdle);
  EXPECT_EQ(half, 50);
}

TEST(EarnedPace, PassesEarnBetweenScrappyAndCentredAndCombosAddForTargets) {
  EXPECT_EQ(pass_pace(0, ObstacleKind::Hurdle, 0), kPassPaceScrappy);
  EXPECT_EQ(pass_pace(kMaxGrade, ObstacleKind::Hurdle, 0), kPassPaceCentred);
  EXPECT_EQ(pass_pace(kMaxGrade, ObstacleKind::Target, 1), kPassPaceCentred);
  EXPECT_EQ(pass_pace(kMaxGrade, ObstacleKind::Target, 3), kPassPaceCentred + 2 * kComboPace);
  // The combo's step stops where its multiplier does.
  EXPECT_EQ(pass_pace(kMaxGrade, ObstacleKind::Target, 50),
            pass_pace(kMaxGrade, ObstacleKind::Target, kMaxCombo));
  // Halfway, within the range.
  EXPECT_EQ(next_pace(0, 80), 40);
  EXPECT_EQ(next_pace(40, -60), -10);
  EXPECT_EQ(next_pace(kPaceMax, kPaceMax + 200), kPaceMax);
  EXPECT_EQ(next_pace(kPaceMin, kPaceMin - 200), kPaceMin);
}

TEST(EarnedPace, FeetStayPlantedAtEveryPace) {
  // Ground speed is stride × cadence ÷ duty at the runner's own cadence: the distance advances
  // by exactly the rig's scroll, and that scroll is runner_speed at its pace.
  const Course c(1);
  for (int pace : {kPaceMin, -20, 0, 60, kPaceMax}) {
    RunnerState s = new_runner_state();
    s.pace = static_cast<std::int16_t>(pace);
    for (int t = 0; t < 90; ++t) {
      const double d0 = s.distance, scroll0 = s.rig.scroll;
      step_runner(s, nullptr, c);
      ASSERT_EQ(s.distance - d0, s.rig.scroll - scroll0);
    }
    EXPECT_NEAR(s.rig.scroll_speed, runner_speed(s.distance, pace), 0.05) << pace;
    EXPECT_NEAR(s.rig.cadence, runner_cadence(s.distance, pace), 1e-4f) << pace;
  }
  EXPECT_GT(runner_speed(0.0, 100), runner_speed(0.0, 0) * 1.09);
}

TEST(EarnedPace, ACrashStartsTheNextRunAtTheCoursesPace) {
  const Course c(seed_with_first(ObstacleKind::Hurdle));
  RunnerState s = new_runner_state();
  s.pace = 90;
  Input jump;
  jump.press(Button::Jump);
  // No input: it trips over the hurdle; the pace stays what it was while it falls.
  int t = 0;
  while (!step_runner(s, nullptr, c).crashed && t < 60 * 10) ++t;
  ASSERT_EQ(s.mode, RunnerMode::Falling);
  EXPECT_EQ(s.pace, 90);
  while (!restart_allowed(s)) step_runner(s, nullptr, c);
  const RunnerEvents ev = step_runner(s, &jump, c);
  ASSERT_TRUE(ev.restarted);
  EXPECT_EQ(s.pace, 0);
  EXPECT_LT(s.distance, 10.0) << "a restart runs from the course start";
  EXPECT_EQ(s.jump_obstacle, kNoObstacle);
}

TEST(EarnedPace, APressDuringTheFallRestartsOnTheFirstAllowedTick) {
  const Course c(seed_with_first(ObstacleKind::Hurdle));
  Input jump;
  jump.press(Button::Jump);
  for (int press_after : {1, 20, 60}) {  // ticks after the crash: falling, falling, lying
    RunnerState s = new_runner_state();
    int t = 0;
    while (!step_runner(s, nullptr, c).crashed && t < 60 * 10) ++t;
    for (int k = 0; k < press_after; ++k) step_runner(s, nullptr, c);
    ASSERT_FALSE(restart_allowed(s)) << press_after;
    EXPECT_FALSE(step_runner(s, &jump, c).restarted);
    int waited = 0;
    bool restarted = false;
    for (; waited < 200 && !restarted; ++waited) {
      const bool allowed = restart_allowed(s);
      restarted = step_runner(s, nullptr, c).restarted;
      ASSERT_EQ(restarted, allowed) << press_after << " at " << waited;
    }
    EXPECT_TRUE(restarted) << press_after;
    EXPECT_EQ(s.mode, RunnerMode::Running);
  }
  // Without a press nothing restarts.
  RunnerState s = new_runner_state();
  for (int k = 0; k < 60 * 12; ++k) step_runner(s, nullptr, c);
  EXPECT_EQ(s.mode, RunnerMode::Down);
}

TEST(EarnedPace, TheOpeningGivesFourSecondsOfRunningAndAFirstHurdleIsTheLowest) {
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    const Course c(seed);
    const Obstacle o = c.obstacle(0);
    EXPECT_GE(o.x / ground_speed_at(0.0), 4.0) << seed;
    if (o.kind == ObstacleKind::Hurdle) {
      EXPECT_EQ(o.height, CourseParams{}.hurdle_min_height) << seed;
    }
  }
}

}  // namespace
}  // namespace spear::sim
