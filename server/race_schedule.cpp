#include "server/race_schedule.hpp"

#include <stdexcept>

namespace spear::server {

RaceSchedule::RaceSchedule(sim::Tick warmup, sim::Tick countdown, sim::Tick race, sim::Tick results)
    : warmup_(warmup), countdown_(countdown), race_(race), results_(results) {
  if (countdown == 0 || race == 0 || results == 0)
    throw std::invalid_argument("race schedule: countdown, race and results need a tick each");
  if (std::uint64_t{warmup} + countdown + race + results >= (1u << 30))
    throw std::invalid_argument("race schedule: a race cycle of 2^30 ticks or more");
}

sim::Tick RaceSchedule::match_start(std::uint32_t number) const {
  return number <= 1 ? 0 : last_race_tick(number - 1) + 1;
}

sim::Tick RaceSchedule::match_wait(std::uint32_t number) const {
  return (number <= 1 ? 0 : results_) + warmup_ + countdown_;
}

sim::Tick RaceSchedule::first_race_tick(std::uint32_t number) const {
  return (number - 1) * cycle() + warmup_ + countdown_;
}

sim::Tick RaceSchedule::last_race_tick(std::uint32_t number) const {
  return first_race_tick(number) + race_ - 1;
}

sim::Tick RaceSchedule::end_of_cycle(std::uint32_t number) const { return number * cycle(); }

RacePhaseAt RaceSchedule::at(sim::Tick t) const {
  const sim::Tick c = cycle();
  const sim::Tick start = t - t % c;
  const sim::Tick off = t % c;
  RacePhaseAt p;
  p.race = t / c + 1;
  p.match_race = p.race;
  if (off < warmup_) {
    p.phase = net::RacePhase::Warmup;
    p.phase_start = start;
    p.phase_end = start + warmup_;
  } else if (off < warmup_ + countdown_) {
    p.phase = net::RacePhase::Countdown;
    p.phase_start = start + warmup_;
    p.phase_end = p.phase_start + countdown_;
  } else if (off < warmup_ + countdown_ + race_) {
    p.phase = net::RacePhase::Race;
    p.phase_start = start + warmup_ + countdown_;
    p.phase_end = p.phase_start + race_;
  } else {
    p.phase = net::RacePhase::Results;
    p.phase_start = start + warmup_ + countdown_ + race_;
    p.phase_end = start + c;
    p.match_race = p.race + 1;
  }
  p.match_start = match_start(p.match_race);
  p.match_wait = match_wait(p.match_race);
  return p;
}

}  // namespace spear::server
