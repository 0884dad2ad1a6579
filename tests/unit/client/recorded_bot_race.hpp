#pragma once
// A race of bots recorded by hand for the client's replay tests (no server): their inputs are
// applied at the ticks they are made for, the last bot is named the winner of race 3, and the
// race's go is at `go` (its result's first tick).
#include <vector>

#include "replay/replay.hpp"
#include "sim/bot.hpp"
#include "sim/bot_personality.hpp"
#include "sim/match.hpp"
#include "sim/prng.hpp"

namespace spear::test {

inline replay::Replay bot_race(int bots, sim::Tick ticks, sim::Tick go = 0) {
  replay::Replay r;
  r.seed = 5;
  r.first_tick = 0;
  r.end_tick = ticks;
  sim::Match m(r.seed, r.config);
  std::vector<sim::BotController> controllers;
  for (int i = 0; i < bots; ++i) {
    const auto index = static_cast<std::uint32_t>(i);
    replay::RosterEntry e;
    e.start.wait_ticks = 15 * index;
    e.id = m.add_runner(e.start.wait_ticks);
    sim::BotPersonality p = sim::bot_personality(r.seed, index);
    e.name = p.name;
    e.bot = true;
    r.runners.push_back(e);
    controllers.emplace_back(0.9f, sim::mix_seed(r.seed, e.id), p);
  }
  for (sim::Tick t = 0; t < ticks; ++t) {
    for (std::size_t i = 0; i < controllers.size(); ++i) {
      const sim::Input in = controllers[i].decide(m.runner(r.runners[i].id)->state, m.course(), t);
      if (in.empty()) continue;
      m.submit_input(r.runners[i].id, in);
      r.runners[i].inputs.push_back(in);
    }
    m.step();
  }
  sim::RaceResult result;
  result.number = 3;
  result.seed = r.seed;
  result.first_tick = go;
  result.last_tick = ticks - 1;
  result.results.push_back({.place = 1, .runner = r.runners.back().id, .name = "winner"});
  r.result = result;
  return r;
}

}  // namespace spear::test
