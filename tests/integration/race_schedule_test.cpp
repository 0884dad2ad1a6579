// The race cycle as a function of the tick (server/race_schedule.hpp) and the races MatchHost
// runs on it: phases in order, one match per race beginning where the race before ended, and
// results by score that equal the runners' figures.
#include "server/race_schedule.hpp"

#include <gtest/gtest.h>

#include "server/match_host.hpp"
#include "sim/race_start.hpp"

namespace spear::server {
namespace {

using net::RacePhase;

TEST(RaceSchedule, PhasesFollowEachOtherRaceAfterRace) {
  const RaceSchedule s(10, 3, 20, 5);  // a cycle of 38 ticks
  EXPECT_EQ(s.cycle(), 38u);
  const struct {
    sim::Tick tick;
    RacePhase phase;
    std::uint32_t race;
    sim::Tick start, end;
  } expected[] = {{0, RacePhase::Warmup, 1, 0, 10},      {9, RacePhase::Warmup, 1, 0, 10},
                  {10, RacePhase::Countdown, 1, 10, 13}, {13, RacePhase::Race, 1, 13, 33},
                  {32, RacePhase::Race, 1, 13, 33},      {33, RacePhase::Results, 1, 33, 38},
                  {38, RacePhase::Warmup, 2, 38, 48},    {51, RacePhase::Race, 2, 51, 71}};
  for (const auto& e : expected) {
    const RacePhaseAt at = s.at(e.tick);
    EXPECT_EQ(at.phase, e.phase) << e.tick;
    EXPECT_EQ(at.race, e.race) << e.tick;
    EXPECT_EQ(at.phase_start, e.start) << e.tick;
    EXPECT_EQ(at.phase_end, e.end) << e.tick;
  }
  // Race 1's match from tick 0, standing warm-up and countdown; race 2's from race 1's end,
  // standing the results too; both run from their race's first tick.
  EXPECT_EQ(s.match_start(1), 0u);
  EXPECT_EQ(s.match_wait(1), 13u);
  EXPECT_EQ(s.first_race_tick(1), 13u);
  EXPECT_EQ(s.last_race_tick(1), 32u);
  EXPECT_EQ(s.match_start(2), 33u);
  EXPECT_EQ(s.match_start(2) + s.match_wait(2), s.first_race_tick(2));
  EXPECT_EQ(s.at(33).match_race, 2u);  // the results are stood on race 2's course
  EXPECT_EQ(s.at(33).match_start, 33u);
  EXPECT_EQ(s.end_of_cycle(2), 76u);
  // Without a warm-up the countdown follows the results.
  const RaceSchedule no_warmup(0, 3, 20, 5);
  EXPECT_EQ(no_warmup.at(0).phase, RacePhase::Countdown);
  EXPECT_EQ(no_warmup.at(28).phase, RacePhase::Countdown);
  EXPECT_THROW(RaceSchedule(0, 0, 20, 5), std::invalid_argument);
  EXPECT_THROW(RaceSchedule(0, 3, 0, 5), std::invalid_argument);
}

TEST(RaceSchedule, MatchHostRunsEachRaceOnItsOwnCourseAndPlacesByScore) {
  const RaceSchedule s(30, sim::race_countdown_ticks(1.f / 60.f), 1200, 60);
  MatchHost host(7, 60, 5, 0.5f, 0, 256, s);
  const auto player = host.add_player("ada");
  ASSERT_TRUE(player);
  std::vector<std::uint64_t> seeds;
  std::vector<sim::RaceResult> races;
  while (host.tick() < s.end_of_cycle(2)) {
    host.step();
    if (host.new_match()) seeds.push_back(host.match().seed());
    if (host.finished_race()) races.push_back(*host.finished_race());
    // Everyone stands at the line until the race begins.
    const sim::Tick t = host.tick() - 1;
    if (s.at(t).phase != RacePhase::Race && s.at(t).phase != RacePhase::Results) {
      for (const sim::MatchRunner& r : host.match().runners()) ASSERT_EQ(r.state.distance, 0.0);
    }
  }
  ASSERT_EQ(races.size(), 2u);
  EXPECT_EQ(races[0].seed, 7u);  // race 1 on --seed itself
  EXPECT_EQ(races[1].seed, sim::race_course_seed(7, 2));
  EXPECT_NE(races[0].seed, races[1].seed);
  ASSERT_GE(seeds.size(), 2u);
  EXPECT_EQ(seeds[0], races[1].seed);  // the match begun after race 1 is race 2's
  EXPECT_EQ(races[0].last_tick + 1 + s.results_ticks() + s.warmup_ticks() + s.countdown_ticks(),
            races[1].first_tick);
  for (const sim::RaceResult& r : races) {
    ASSERT_EQ(r.results.size(), 6u);
    for (std::size_t i = 0; i < r.results.size(); ++i) {
      EXPECT_EQ(r.results[i].place, i + 1);
      if (i == 0) continue;
      const auto &a = r.results[i - 1], &b = r.results[i];
      EXPECT_TRUE(a.score > b.score || (a.score == b.score && a.distance_m >= b.distance_m));
    }
  }
  // The summary's runner figures are the sum of the races' (the match after stands still).
  const MatchSummary m = host.summary();
  ASSERT_EQ(m.races.size(), 2u);
  for (const RunnerSummary& runner : m.runners) {
    double distance = 0.0;
    std::uint64_t crashes = 0, targets = 0, best = 0;
    for (const sim::RaceResult& r : races)
      for (const auto& e : r.results)
        if (e.runner == runner.id) {
          distance += e.distance_m;
          crashes += e.crashes;
          targets += e.targets_broken;
          best = std::max(best, e.score);
        }
    EXPECT_NEAR(runner.distance_m, distance, 1e-6) << runner.name;
    EXPECT_EQ(runner.crashes, crashes) << runner.name;
    EXPECT_EQ(runner.targets_broken, targets) << runner.name;
    EXPECT_EQ(runner.best, best) << runner.name;
  }
}

}  // namespace
}  // namespace spear::server
