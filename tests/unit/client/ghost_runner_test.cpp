// The ghost (core/ghost_runner.hpp): the replay's winner shown exactly as far into its race as
// asked, between ticks, back and forth; and the own run's clock that drives it.
#include "core/ghost_runner.hpp"

#include <gtest/gtest.h>

#include "recorded_bot_race.hpp"
#include "replay/resimulation.hpp"
#include "sim/runner.hpp"

namespace spear::client {
namespace {

double winner_distance_after(const replay::Replay& r, sim::Tick ticks) {
  replay::Resimulation sim(r);
  while (sim.tick() < ticks) sim.step();
  return sim.match().runner(r.result->results.front().runner)->state.distance;
}

TEST(GhostRunner, ShowsTheWinnerAsFarIntoItsRaceAsAsked) {
  // The race's go 60 ticks after the recording's start: the ghost's 0 s is there.
  const replay::Replay r = test::bot_race(3, 60 * 20, 60);
  std::string why;
  const auto ghost = GhostRunner::make(r, &why);
  ASSERT_TRUE(ghost) << why;
  ghost->show(5.0, 0.f);
  ASSERT_TRUE(ghost->view());
  const double at5 = winner_distance_after(r, 60 + 300);
  EXPECT_GT(at5, 500.0);
  EXPECT_EQ(ghost->view()->frame.distance, at5);
  EXPECT_TRUE(ghost->view()->bot);
  // Half a tick on: half-way to the next tick's state.
  ghost->show(5.0 + 0.5 / 60.0, 0.016f);
  const double next = winner_distance_after(r, 60 + 301);
  EXPECT_NEAR(ghost->view()->frame.distance, (at5 + next) / 2.0, 1e-6);
  // Back (a new run of the player): from the recording's saved states, exactly.
  ghost->show(2.0, 0.016f);
  EXPECT_EQ(ghost->view()->frame.distance, winner_distance_after(r, 60 + 120));
  // Before the go: held at the go. Its race ended with it running: at the end of the
  // recording it is still there, past it gone (not frozen mid-stride).
  ghost->show(-3.0, 0.f);
  EXPECT_EQ(ghost->view()->frame.distance, winner_distance_after(r, 60));
  ghost->show(20.0 - 1.0 - 0.5 / 60.0, 0.f);  // the recording is 20 s, the go at 1 s
  ASSERT_TRUE(ghost->view());
  EXPECT_GT(ghost->view()->frame.distance, at5);
  ghost->show(1e9, 0.f);
  EXPECT_FALSE(ghost->view());
}

TEST(GhostRunner, ARunThatEndedInACrashLiesWhereItFell) {
  replay::Replay r = test::bot_race(1, 60 * 20, 0);
  r.result->results.front().crashes = 1;
  std::string why;
  const auto ghost = GhostRunner::make(r, &why);
  ASSERT_TRUE(ghost) << why;
  ghost->show(1e9, 0.f);  // held at the end of the recording (a crashed run lies there)
  ASSERT_TRUE(ghost->view());
  EXPECT_GT(ghost->view()->frame.distance, winner_distance_after(r, 60 * 19));
}

TEST(GhostRunner, AReplayWithoutAWinnerHasNoGhost) {
  replay::Replay r = test::bot_race(2, 120);
  r.result->results.clear();
  std::string why;
  EXPECT_FALSE(GhostRunner::make(r, &why));
  EXPECT_FALSE(why.empty());
  r.result.reset();
  EXPECT_FALSE(GhostRunner::make(r, &why));
}

// A runner from a flying start (joined running), `seconds` into its run, with no input.
double flying_distance_after(const replay::Replay& r, double seconds) {
  sim::Match m(r.seed, r.config);
  sim::RunnerState s = sim::new_runner_state();
  for (int i = 0; i < static_cast<int>(seconds * r.config.tick_rate); ++i)
    sim::step_runner(s, nullptr, m.course(), m.dt());
  return s.distance;
}

TEST(GhostRunner, AStandingStartIsRacedSideBySideWithAFlyingOne) {
  // The winner stood 15 ticks at the start before its go (a countdown, a restart after a
  // fall: it gets going first); the own run is a game's first, at speed from the start.
  const replay::Replay r = test::bot_race(2, 60 * 10, 15);
  std::string why;
  const auto ghost = GhostRunner::make(r, &why);
  ASSERT_TRUE(ghost) << why;
  EXPECT_GT(ghost->standing_ramp_seconds(), 0.1);
  EXPECT_NEAR(ghost->ramp_seconds(), ghost->standing_ramp_seconds(), 3.0 / 60.0);
  // Two seconds into both runs (before the first obstacle), side by side within a metre; shown
  // at the same seconds, without the ramps, the ghost would trail by metres.
  const double own = flying_distance_after(r, 2.0);
  ghost->show(ghost->time_beside(2.0, /*own_flying=*/true), 0.f);
  EXPECT_NEAR(ghost->view()->frame.distance, own, 10.0);
  ghost->show(2.0, 0.f);
  EXPECT_LT(ghost->view()->frame.distance, own - 50.0);
  // Both standing starts: the same seconds.
  EXPECT_NEAR(ghost->time_beside(2.0, false), 2.0, 3.0 / 60.0);
  EXPECT_EQ(ghost->time_beside(0.0, false), 0.0) << "never before its go";
}

TEST(GhostRunner, AFlyingStartHasNoRamp) {
  const replay::Replay r = test::bot_race(1, 60 * 10, 0);
  std::string why;
  const auto ghost = GhostRunner::make(r, &why);
  ASSERT_TRUE(ghost) << why;
  EXPECT_LT(ghost->ramp_seconds(), 1.5 / 60.0);
  EXPECT_NEAR(ghost->time_beside(2.0, true), 2.0, 1.5 / 60.0);
}

RunnerView own(net::RunnerMode mode, double distance) {
  RunnerView v;
  v.frame.mode = mode;
  v.frame.distance = distance;
  v.own = true;
  return v;
}

TEST(RunClock, CountsFromTheGoAndStartsOverWithANewRun) {
  RunClock c;
  EXPECT_EQ(c.update(nullptr, 1.0), 0.0);
  const RunnerView counting = own(net::RunnerMode::Countdown, 0.0);
  EXPECT_EQ(c.update(&counting, 2.0), 0.0);
  const RunnerView off = own(net::RunnerMode::Running, 0.5);
  EXPECT_EQ(c.update(&off, 3.0), 0.0);  // the go
  const RunnerView on = own(net::RunnerMode::Running, 400.0);
  EXPECT_DOUBLE_EQ(c.update(&on, 4.5), 1.5);
  const RunnerView down = own(net::RunnerMode::Down, 420.0);
  EXPECT_DOUBLE_EQ(c.update(&down, 6.0), 3.0);  // a crash: the race goes on
  // A restart: the 3-2-1 at the start, then a new go.
  const RunnerView again = own(net::RunnerMode::Countdown, 0.0);
  EXPECT_EQ(c.update(&again, 7.0), 0.0);
  const RunnerView go = own(net::RunnerMode::Running, 0.2);
  EXPECT_EQ(c.update(&go, 9.0), 0.0);
  EXPECT_DOUBLE_EQ(c.update(&on, 10.0), 1.0);
  // A run that starts over with no countdown (its distance falls back): a new go.
  const RunnerView fresh = own(net::RunnerMode::Running, 1.0);
  EXPECT_EQ(c.update(&fresh, 11.0), 0.0);
  EXPECT_DOUBLE_EQ(c.update(&on, 12.0), 1.0);
  EXPECT_FALSE(c.flying());
}

TEST(RunClock, ARunUnderWayWhenFirstSeenIsDatedBackToItsStart) {
  RunClock c;
  RunnerView seen = own(net::RunnerMode::Running, 190.0);
  seen.frame.speed = 380.f;  // half a second from the start at its speed
  EXPECT_DOUBLE_EQ(c.update(&seen, 10.0), 0.5);
  EXPECT_TRUE(c.flying());
  RunnerView on = own(net::RunnerMode::Running, 570.0);
  EXPECT_DOUBLE_EQ(c.update(&on, 11.0), 1.5);
  // Its next run, after a crash, starts from a standstill where it is seen.
  const RunnerView restarted = own(net::RunnerMode::Running, 2.0);
  EXPECT_EQ(c.update(&restarted, 14.0), 0.0);
  EXPECT_FALSE(c.flying());
}

}  // namespace
}  // namespace spear::client
