#pragma once
// A match recorded as the server records it (server/race_recorder.hpp), for the replay tests:
// bots, a player whose inputs arrive late (re-simulated with fair input timing), a player who
// joins and leaves during the race, and a join refused after its id was drawn.
#include <cstdint>
#include <vector>

#include "replay/replay.hpp"
#include "server/race_recorder.hpp"
#include "sim/bot.hpp"
#include "sim/bot_personality.hpp"
#include "sim/match.hpp"
#include "sim/prng.hpp"

namespace spear::test {

struct RecordedMatchOptions {
  sim::Tick rewind_ticks = 15;
  sim::Tick ticks = 1500;
  int bots = 3;
};

inline replay::Replay record_match(const RecordedMatchOptions& o = {},
                                   std::vector<std::uint64_t>* live_hashes = nullptr) {
  constexpr std::uint64_t kSeed = 7;
  sim::MatchConfig config;
  config.rewind_ticks = o.rewind_ticks;
  sim::Match match(kSeed, config);
  server::RaceRecorder recorder;
  recorder.begin(kSeed, match.config(), match.tick());
  std::vector<std::pair<sim::RunnerId, sim::BotController>> bots;
  for (int i = 0; i < o.bots; ++i) {
    sim::BotPersonality p = sim::bot_personality(kSeed, static_cast<std::uint32_t>(i));
    const sim::RunnerId id = match.add_runner(20 + 10 * static_cast<std::uint32_t>(i));
    recorder.runner_joined(id, p.name, true, match.tick(),
                           {.wait_ticks = 20 + 10 * static_cast<std::uint32_t>(i)});
    bots.emplace_back(id, sim::BotController(0.7f, sim::mix_seed(kSeed, id), p));
  }
  const sim::RunnerId late_player = match.add_runner();
  recorder.runner_joined(late_player, "Late", false, match.tick(), {});
  sim::RunnerId visitor = sim::kNoRunner;
  sim::SplitMix64 rng(99);
  for (sim::Tick t = 0; t < o.ticks; ++t) {
    if (t == 300) {
      // A join refused after the match drew its id (the server's wire ids ran out).
      match.remove_runner(match.add_runner());
      visitor = match.add_runner();
      recorder.runner_joined(visitor, "Visitor", false, match.tick(), {});
    }
    if (t == 900) {
      recorder.runner_leaving(match, visitor);
      match.remove_runner(visitor);
    }
    for (auto& [id, bot] : bots) {
      const sim::Input in = bot.decide(match.runner(id)->state, match.course(), t, match.dt());
      if (!in.empty()) match.submit_input(id, in);
    }
    // The late player presses jump (or thrust) every half second, the press arriving 6-20
    // ticks after its tick (a rewind re-simulates it from there): every other one just after a
    // second's checkpoint tick, for a tick before it.
    if (t % 30 == 5 && t > 30) {
      sim::Input in;
      in.tick = t - static_cast<sim::Tick>(6 + rng.next_u64() % 15);
      in.press(t % 60 == 5 ? sim::Button::Jump : sim::Button::Thrust);
      match.submit_input(late_player, in);
    }
    if (visitor != sim::kNoRunner && match.has_runner(visitor) && t % 50 == 0) {
      sim::Input in;
      in.tick = t;
      in.press(sim::Button::Jump);
      match.submit_input(visitor, in);
    }
    match.step();
    recorder.stepped(match);
    if (live_hashes) live_hashes->push_back(match.state_hash());
  }
  sim::RaceResult result;
  result.number = 1;
  result.seed = kSeed;
  result.last_tick = match.tick() - 1;
  result.results.push_back({.place = 1, .runner = late_player, .name = "Late", .score = 12});
  return recorder.end(match, result);
}

}  // namespace spear::test
