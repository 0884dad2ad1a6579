// Away, parked and the countdown (issue 15, part 3 online and part 4's lab exit): a runner whose
// player is away stops safely and scores nothing, obstacles do nothing to it, and it runs on after
// an exact countdown; leaving the lab counts down too, then runs from the course start.
#include <gtest/gtest.h>

#include "sim/match.hpp"
#include "sim/state_hash.hpp"
#include "sim_test_support.hpp"

namespace spear::sim {
namespace {

using test::run_until;
using test::seed_with_first;

Input pressed(Button b, Tick tick = 0) {
  Input in;
  in.tick = tick;
  in.press(b);
  return in;
}

const std::uint32_t kCountdownTicks = ticks_for(kResumeCountdown, kDefaultDt);

// Front of the body in course units.
double front(const RunnerState& s) { return s.distance + static_cast<double>(body_front(s.pose)); }

TEST(Away, CountdownIsThreeSecondsOfWholeTicks) {
  EXPECT_EQ(kCountdownTicks, 180u);
  EXPECT_EQ(ticks_for(kResumeCountdown, 1.f / 30.f), 90u);
}

TEST(Away, ARunningRunnerStopsAtOnceAndKeepsItsDistanceAndScore) {
  const Course c(1);
  RunnerState s = new_runner_state();
  for (int t = 0; t < 40; ++t) step_runner(s, nullptr, c);
  const double d = s.distance;
  const std::uint32_t score = s.score;
  const Input away = pressed(Button::Away);
  const RunnerEvents ev = step_runner(s, &away, c);
  EXPECT_TRUE(ev.parked);
  EXPECT_EQ(s.mode, RunnerMode::Parked);
  EXPECT_TRUE(s.away);
  // Ten seconds parked: not a unit of travel, not a point, and it ends standing idle.
  const Input jt = Input{}.press(Button::Jump).press(Button::Thrust);
  for (int t = 0; t < 600; ++t) {
    const RunnerEvents e = step_runner(s, t % 7 == 0 ? &jt : nullptr, c);
    ASSERT_FALSE(e.jumped || e.thrust_started || e.crashed) << t;
    ASSERT_EQ(s.distance, d) << t;
  }
  EXPECT_EQ(s.mode, RunnerMode::Parked);
  EXPECT_EQ(s.score, score);
  EXPECT_EQ(s.rig.motion, rig::Motion::Idle);
  EXPECT_EQ(s.rig.thrust_time, -1.f);
}

TEST(Away, ParkedJustBeforeAnObstacleNeverCrashes) {
  for (ObstacleKind kind : {ObstacleKind::Hurdle, ObstacleKind::Target}) {
    const Course c(seed_with_first(kind));
    const Obstacle& o = c.obstacle(0);
    RunnerState s = new_runner_state();
    // Run until the body is less than 12 units (two ticks) short of obstacle 0, unpressed.
    run_until(s, c, [&](const RunnerState& r) { return front(r) + 12.0 > o.x; });
    ASSERT_LT(front(s), o.x);
    ASSERT_TRUE(runner_alive(s));
    RunnerState control = s;
    bool crashes = false;
    for (int t = 0; t < 30 && !crashes; ++t) crashes = step_runner(control, nullptr, c).crashed;
    ASSERT_TRUE(crashes) << "the control run must hit it";

    const Input away = pressed(Button::Away);
    step_runner(s, &away, c);
    for (int t = 0; t < 300; ++t) {
      const RunnerEvents e = step_runner(s, nullptr, c);
      ASSERT_FALSE(e.crashed) << t;
      ASSERT_EQ(s.mode, RunnerMode::Parked);
    }
    EXPECT_EQ(s.crashes, 0u);
  }
}

TEST(Away, ALeapLandsFirstThenParks) {
  const Course c(seed_with_first(ObstacleKind::Hurdle));
  RunnerState s = new_runner_state();
  for (int t = 0; t < 20; ++t) step_runner(s, nullptr, c);
  const Input jump = pressed(Button::Jump);
  ASSERT_TRUE(step_runner(s, &jump, c).jumped);
  const Input away = pressed(Button::Away);
  step_runner(s, &away, c);
  EXPECT_EQ(s.mode, RunnerMode::Leaping);  // still in the air: it travels on
  EXPECT_TRUE(s.away);
  const double d = s.distance;
  int ticks = 1;
  while (s.mode == RunnerMode::Leaping && ticks < 120) {
    step_runner(s, nullptr, c);
    ++ticks;
  }
  EXPECT_EQ(s.mode, RunnerMode::Parked);
  EXPECT_GT(s.distance, d);
  EXPECT_EQ(static_cast<std::uint32_t>(ticks + 1), ticks_for(rig::kLeapDuration, kDefaultDt));
  const double landed = s.distance;
  for (int t = 0; t < 60; ++t) step_runner(s, nullptr, c);
  EXPECT_EQ(s.distance, landed);
}

TEST(Away, BackCountsDownExactlyThenRunsOnFromWhereItStood) {
  const Course c(1);
  RunnerState s = new_runner_state();
  for (int t = 0; t < 40; ++t) step_runner(s, nullptr, c);
  const Input away = pressed(Button::Away);
  const Input back = pressed(Button::Back);
  step_runner(s, &away, c);
  for (int t = 0; t < 100; ++t) step_runner(s, nullptr, c);
  const double d = s.distance;
  const std::uint32_t runs = s.runs;

  EXPECT_TRUE(step_runner(s, &back, c).countdown_started);
  EXPECT_FALSE(s.away);
  EXPECT_EQ(s.mode, RunnerMode::Countdown);
  EXPECT_EQ(countdown_ticks_left(s), kCountdownTicks - 1);
  // The back tick was the first of kCountdownTicks standing ticks; then it runs.
  std::uint32_t standing = 1;
  bool resumed = false;
  while (!resumed) {
    ASSERT_EQ(s.distance, d);
    ASSERT_EQ(countdown_ticks_left(s), kCountdownTicks - standing);
    const Input jump = pressed(Button::Jump);
    const RunnerEvents e = step_runner(s, &jump, c);  // presses during the countdown do nothing
    ASSERT_FALSE(e.jumped);
    resumed = e.resumed;
    ++standing;
    ASSERT_LE(standing, kCountdownTicks);
  }
  EXPECT_EQ(standing, kCountdownTicks);
  EXPECT_EQ(s.mode, RunnerMode::Running);
  EXPECT_EQ(s.distance, d);
  // The rig's switch from Idle starts from standing: the ground moves from the step after.
  step_runner(s, nullptr, c);
  step_runner(s, nullptr, c);
  EXPECT_GT(s.distance, d);  // runs on from where it stood, the same run
  EXPECT_EQ(s.runs, runs);
}

TEST(Away, AwayDuringTheCountdownParksAgain) {
  const Course c(1);
  RunnerState s = new_runner_state();
  const Input away = pressed(Button::Away);
  const Input back = pressed(Button::Back);
  step_runner(s, &away, c);
  step_runner(s, &back, c);
  for (int t = 0; t < 50; ++t) step_runner(s, nullptr, c);
  ASSERT_EQ(s.mode, RunnerMode::Countdown);
  EXPECT_TRUE(step_runner(s, &away, c).parked);
  EXPECT_EQ(s.mode, RunnerMode::Parked);
  // Back again: the countdown starts from the beginning.
  step_runner(s, &back, c);
  EXPECT_EQ(countdown_ticks_left(s), kCountdownTicks - 1);
}

TEST(Away, AFallenRunnerStaysDownAndIsMarkedAway) {
  const Course c(seed_with_first(ObstacleKind::Hurdle));
  RunnerState s = new_runner_state();
  run_until(s, c, [](const RunnerState& r) { return r.mode == RunnerMode::Falling; });
  const Input away = pressed(Button::Away);
  step_runner(s, &away, c);
  EXPECT_EQ(s.mode, RunnerMode::Falling);
  EXPECT_TRUE(s.away);
  for (int t = 0; t < 200; ++t) step_runner(s, nullptr, c);
  EXPECT_EQ(s.mode, RunnerMode::Down);
  ASSERT_TRUE(restart_allowed(s));
  const Input jump = pressed(Button::Jump);
  EXPECT_FALSE(step_runner(s, &jump, c).restarted);  // away: Jump does not restart
  EXPECT_EQ(s.mode, RunnerMode::Down);
  const Input back = pressed(Button::Back);
  step_runner(s, &back, c);
  EXPECT_EQ(s.mode, RunnerMode::Down);  // back: the usual "press Space to run again"
  EXPECT_FALSE(s.away);
  EXPECT_TRUE(step_runner(s, &jump, c).restarted);
  EXPECT_EQ(s.mode, RunnerMode::Running);
}

TEST(Away, LeavingTheLabCountsDownThenRunsFromTheCourseStart) {
  const Course c(1);
  RunnerState s = new_runner_state();
  for (int t = 0; t < 200; ++t) step_runner(s, nullptr, c);
  ASSERT_GT(s.distance, 100.0);
  const Input lab = pressed(Button::LabToggle);
  step_runner(s, &lab, c);
  for (int t = 0; t < 60; ++t) step_runner(s, nullptr, c);
  const RunnerEvents ev = step_runner(s, &lab, c);
  EXPECT_TRUE(ev.left_lab);
  EXPECT_TRUE(ev.countdown_started);
  EXPECT_EQ(s.mode, RunnerMode::Countdown);
  EXPECT_EQ(s.distance, 0.0);
  EXPECT_EQ(s.score, 0u);
  std::uint32_t standing = 1;
  while (s.mode == RunnerMode::Countdown) {
    ASSERT_EQ(s.distance, 0.0);
    step_runner(s, nullptr, c);
    ++standing;
  }
  EXPECT_EQ(standing, kCountdownTicks);
  EXPECT_EQ(s.mode, RunnerMode::Running);
  step_runner(s, nullptr, c);
  step_runner(s, nullptr, c);
  EXPECT_GT(s.distance, 0.0);
  EXPECT_LT(s.distance, 10.0);
}

TEST(Away, AwayAndBackInOneTickLeaveTheRunnerRunning) {
  const Course c(1);
  RunnerState s = new_runner_state();
  const Input both = Input{}.press(Button::Away).press(Button::Back);
  step_runner(s, &both, c);
  EXPECT_EQ(s.mode, RunnerMode::Running);
  EXPECT_FALSE(s.away);
}

TEST(Away, TheHashCoversTheAwayFlagAndTheNewModes) {
  const Course c(1);
  RunnerState a = new_runner_state();
  RunnerState b = a;
  b.away = true;
  EXPECT_NE(hash_runner(a), hash_runner(b));
  b = a;
  b.mode = RunnerMode::Parked;
  EXPECT_NE(hash_runner(a), hash_runner(b));
  RunnerState p = a;
  p.mode = RunnerMode::Countdown;
  EXPECT_NE(hash_runner(b), hash_runner(p));
}

TEST(Away, MatchesWithTheSameAwayAndBackInputsAreBitForBitEqual) {
  MatchConfig cfg;
  cfg.rewind_ticks = 15;
  Match m1(7, cfg), m2(7, cfg);
  const RunnerId r1 = m1.add_runner(), r2 = m2.add_runner();
  auto feed = [](Match& m, RunnerId r, Tick t) {
    if (t == 30) m.submit_input(r, pressed(Button::Away, t));
    if (t == 200) m.submit_input(r, pressed(Button::Back, t));
  };
  for (Tick t = 0; t < 500; ++t) {
    feed(m1, r1, t);
    feed(m2, r2, t);
    m1.step();
    m2.step();
    ASSERT_EQ(m1.state_hash(), m2.state_hash()) << t;
  }
  // And a different away tick gives a different state.
  Match m3(7, cfg);
  const RunnerId r3 = m3.add_runner();
  for (Tick t = 0; t < 500; ++t) {
    if (t == 31) m3.submit_input(r3, pressed(Button::Away, t));
    if (t == 200) m3.submit_input(r3, pressed(Button::Back, t));
    m3.step();
  }
  EXPECT_NE(m1.state_hash(), m3.state_hash());
  EXPECT_EQ(m1.runner(r1)->state.mode, RunnerMode::Running);
}

// A runner added with a start wait (a bot getting going) stands exactly that many ticks at the
// course start, scoring nothing and meeting no obstacle, then runs as any runner does: the one
// added at once is exactly that far ahead in time.
TEST(Away, AStartWaitStandsItsTicksThenRunsLikeARunnerAddedAtOnce) {
  constexpr std::uint32_t kWait = 27;
  Match m(3);
  const RunnerId now = m.add_runner(), later = m.add_runner(kWait);
  EXPECT_EQ(m.runner(now)->state.mode, RunnerMode::Running);
  const RunnerState& w = m.runner(later)->state;
  EXPECT_EQ(w.mode, RunnerMode::Countdown);
  EXPECT_EQ(countdown_ticks_left(w), kWait);
  EXPECT_EQ(w.rig.motion, rig::Motion::Idle);
  for (std::uint32_t t = 0; t < kWait; ++t) {
    ASSERT_EQ(m.runner(later)->state.mode, RunnerMode::Countdown) << t;
    ASSERT_EQ(m.runner(later)->state.distance, 0.0) << t;
    m.step();
  }
  EXPECT_EQ(m.runner(later)->state.mode, RunnerMode::Running);
  EXPECT_TRUE(m.runner(later)->events.resumed);
  EXPECT_EQ(m.runner(later)->state.runs, 1u);  // still its first run
  for (int t = 0; t < 60; ++t) m.step();       // a second on: short of the first obstacle
  ASSERT_EQ(m.runner(now)->state.mode, RunnerMode::Running);
  ASSERT_EQ(m.runner(later)->state.mode, RunnerMode::Running);
  const double gap = m.runner(now)->state.distance - m.runner(later)->state.distance;
  // kWait ticks of running at the start's 382.5 units/s, and the standing start's pick-up out of
  // Idle (about 106 units).
  const double waited = kWait / 60.0 * 382.5;
  EXPECT_GT(gap, waited + 60.0);
  EXPECT_LT(gap, waited + 150.0);
  // No wait is the plain new runner; a wait past the countdown is held first (a race's start
  // line): it stands every tick of it, then runs.
  EXPECT_EQ(waiting_runner_state(0).mode, RunnerMode::Running);
  EXPECT_EQ(countdown_ticks_left(waiting_runner_state(10000)), 10000u);
  EXPECT_EQ(waiting_runner_state(10000).hold_ticks, 10000u - kCountdownTicks);
  Match line(3);
  const RunnerId standing = line.add_runner(700);
  for (std::uint32_t t = 0; t < 700; ++t) {
    ASSERT_EQ(line.runner(standing)->state.mode, RunnerMode::Countdown) << t;
    ASSERT_EQ(countdown_ticks_left(line.runner(standing)->state), 700u - t) << t;
    line.step();
  }
  EXPECT_EQ(line.runner(standing)->state.mode, RunnerMode::Running);
  EXPECT_EQ(line.runner(standing)->state.distance, 0.0);
}

}  // namespace
}  // namespace spear::sim
