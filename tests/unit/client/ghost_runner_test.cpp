// The ghost (core/ghost_runner.hpp): the replay's winner shown exactly as far into its race as
// asked, between ticks, back and forth; and the own run's clock that drives it.
#include "core/ghost_runner.hpp"

#include <gtest/gtest.h>

#include "recorded_bot_race.hpp"
#include "replay/resimulation.hpp"

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
  // Before the go and past the end: held at the go and at the end.
  ghost->show(-3.0, 0.f);
  EXPECT_EQ(ghost->view()->frame.distance, winner_distance_after(r, 60));
  ghost->show(1e9, 0.f);
  EXPECT_GT(ghost->view()->frame.distance, at5);
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
}

}  // namespace
}  // namespace spear::client
