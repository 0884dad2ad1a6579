#pragma once
// Made-up finished races for the leaderboard's tests and benchmark (races do not come from the
// match yet): deterministic in (number, seed), `runners` results by place, scores falling with
// the place so the places are right.
#include <cstdint>
#include <string>

#include "sim/race_result.hpp"

namespace spear::test {

inline sim::RaceResult synthetic_race(std::uint32_t number, std::uint64_t seed, int runners = 8) {
  sim::RaceResult race;
  race.number = number;
  race.seed = seed;
  race.first_tick = 600;
  race.last_tick = 600 + 180 * 60 - 1;
  race.tick_rate = 60;
  // A cheap mix of the race number, so scores vary from race to race but not from run to run.
  std::uint64_t mix = (number + 1) * 0x9E3779B97F4A7C15ULL;
  const std::uint64_t best = 1000 + (mix >> 40) % 9000;
  for (int i = 0; i < runners; ++i) {
    sim::RaceResultEntry e;
    e.place = static_cast<std::uint32_t>(i + 1);
    e.runner = static_cast<std::uint32_t>(i);
    e.name = (i % 2 == 0 ? "bot-" : "player-") + std::to_string(number) + "-" + std::to_string(i);
    e.bot = i % 2 == 0;
    e.score = best - static_cast<std::uint64_t>(i) * 37;
    e.distance_m = 2000.0 - i * 55.5 + static_cast<double>(number % 100) * 0.25;
    e.targets_broken = static_cast<std::uint64_t>(20 - i);
    e.crashes = static_cast<std::uint64_t>(i % 3);
    e.best_combo = static_cast<std::uint64_t>(8 - i);
    race.results.push_back(e);
  }
  return race;
}

}  // namespace spear::test
