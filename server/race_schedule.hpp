#pragma once
// When each race's phases begin and end, as a pure function of the tick. Every race takes one
// cycle of the same length L, race n (1, 2, 3 ...) from tick (n − 1) × L:
//   warm-up (W ticks, may be 0) | countdown (C, the 3-2-1) | race (R) | results (X)
// One sim match per race: race n's match begins when race n − 1 ends (its results, the warm-up
// and the countdown are stood at the new course's start line: W + C + X ticks), race 1's at
// tick 0 (W + C), and ends with the race's last tick. So a race's match holds exactly the race:
// its runners' figures at its end are the race's results.
#include <cstdint>

#include "net/messages.hpp"
#include "sim/tick.hpp"

namespace spear::server {

struct RacePhaseAt {
  net::RacePhase phase = net::RacePhase::Warmup;
  std::uint32_t race = 1;        // the cycle's race number, from 1 (results: the race just run)
  sim::Tick phase_start = 0;     // first tick of the phase
  sim::Tick phase_end = 0;       // first tick after it
  std::uint32_t match_race = 1;  // the race whose match this tick belongs to (results: race + 1)
  sim::Tick match_start = 0;     // first tick of that match
  sim::Tick match_wait = 0;      // ticks its runners stand at the line before they run
};

class RaceSchedule {
 public:
  // Ticks of each phase; countdown, race and results at least 1, a cycle below 2^30 ticks
  // (std::invalid_argument otherwise).
  RaceSchedule(sim::Tick warmup, sim::Tick countdown, sim::Tick race, sim::Tick results);

  sim::Tick cycle() const { return warmup_ + countdown_ + race_ + results_; }
  sim::Tick warmup_ticks() const { return warmup_; }
  sim::Tick countdown_ticks() const { return countdown_; }
  sim::Tick race_ticks() const { return race_; }
  sim::Tick results_ticks() const { return results_; }

  // The phase tick `t` is in.
  RacePhaseAt at(sim::Tick t) const;
  // Race `number`'s match begins at this tick (0 for race 1, else the tick after race
  // number − 1's last), its runners standing match_wait(number) ticks.
  sim::Tick match_start(std::uint32_t number) const;
  sim::Tick match_wait(std::uint32_t number) const;
  // Race `number`'s first tick of the race proper (after the countdown) and its last tick.
  sim::Tick first_race_tick(std::uint32_t number) const;
  sim::Tick last_race_tick(std::uint32_t number) const;
  // The tick after race `number`'s results: where a server with --races number stops.
  sim::Tick end_of_cycle(std::uint32_t number) const;

 private:
  sim::Tick warmup_, countdown_, race_, results_;
};

}  // namespace spear::server
