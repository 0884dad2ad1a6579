#pragma once
// The match as the server runs it: the sim's Match, the bots that steer some of its runners,
// every runner's name, and the recent target breaks for snapshots. Pure: no clock, no I/O.
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "net/messages.hpp"
#include "server/input_counts.hpp"
#include "server/match_summary.hpp"
#include "server/presentation_offset.hpp"
#include "server/wire_id_pool.hpp"
#include "sim/bot.hpp"
#include "sim/match.hpp"

namespace spear::server {

class MatchHost {
 public:
  // Throws std::invalid_argument for a bad tick rate or bot skill. rewind_ticks: the window of
  // fair input timing (sim::MatchConfig::rewind_ticks; 0: late inputs apply at once).
  // finished_runners: runners of players who left kept one by one for the summary; older ones
  // are folded into totals (MatchSummary::earlier_runners), so memory stays flat.
  MatchHost(std::uint64_t seed, int tick_rate, int bots, float bot_skill,
            sim::Tick rewind_ticks = 0, std::size_t finished_runners = 256);

  // A runner for a player, under its wire id (server/wire_id_pool.hpp: reused once free, so
  // only 65535 runners at once would fill it); nullopt then.
  std::optional<net::RunnerId> add_player(const std::string& name);
  void remove_runner(net::RunnerId id);
  // The sim's runner behind a wire id; nullptr when no runner holds it.
  const sim::MatchRunner* runner(net::RunnerId id) const;
  // The sim's id (the summary's runner id, never reused) behind a wire id.
  std::optional<sim::RunnerId> sim_id(net::RunnerId wire) const;

  // Queues a player's input frames (redundant copies are dropped by the match). Returns what
  // became of them (all zero for a bot's or an absent runner's wire id).
  InputCounts submit(net::RunnerId id, std::span<const net::InputFrame> frames);

  // Bots decide, then the match steps one tick.
  void step();

  const sim::Match& match() const { return match_; }
  net::Tick tick() const { return match_.tick(); }
  int bot_count() const { return static_cast<int>(bots_.size()); }
  // Runner records held (present plus the kept departed): bounded.
  std::size_t record_count() const { return runners_.size(); }
  int runner_count() const { return static_cast<int>(match_.runner_count()); }
  // Newest input tick of this runner that the match has applied (for OwnRunnerState).
  std::optional<net::Tick> last_applied_input(net::RunnerId id) const;
  // The player's OwnRunnerState for the snapshot at `tick` (server/own_runner_check.hpp).
  std::optional<net::OwnRunnerState> own_runner_state(net::RunnerId id, net::Tick tick) const;

  // Every runner (id order), the recent breaks and every name: the base of all snapshots. A
  // runner the match re-simulated for a late input shows its correction glided in
  // (server/presentation_offset.hpp): pose and distance are the true state's plus what is left
  // of the difference; everything else is the true state's.
  net::Snapshot snapshot() const;

  // Every runner present and the newest who left (at most finished_runners of those), in the
  // sim's id order (join order; runners who left keep their figures), older ones folded into
  // earlier_runners. Summary ids are the sim's, which are never reused.
  MatchSummary summary() const;

 private:
  struct RunnerInfo {
    net::RunnerId wire = 0;  // while present
    std::string name;
    bool bot = false;
    bool present = true;
    std::optional<net::Tick> newest_input;  // newest accepted stamp
    sim::RunnerState last_state{};          // kept for the summary after leaving
  };
  struct Bot {
    sim::RunnerId runner;
    sim::BotController controller;
  };

  sim::Match match_;
  std::vector<Bot> bots_;
  std::optional<net::RunnerId> admit(sim::RunnerId id, RunnerInfo info);
  RunnerInfo* present(net::RunnerId wire);
  const RunnerInfo* present(net::RunnerId wire) const;

  std::map<sim::RunnerId, RunnerInfo> runners_;  // present, and the newest who left
  std::deque<sim::RunnerId> departed_;           // those who left, oldest first
  std::size_t finished_runners_;
  FoldedRunners folded_;  // who left before those in departed_
  RunnerSummary summary_of(sim::RunnerId id, const RunnerInfo& info) const;
  std::unordered_map<net::RunnerId, sim::RunnerId> by_wire_;  // those present
  WireIdPool wire_ids_;
  std::deque<net::BrokenTarget> broken_;  // newest last, at most kMaxBrokenTargets
  // Runners whose last re-simulations are still being glided in (none idle).
  std::unordered_map<sim::RunnerId, PresentationOffset> offsets_;
};

}  // namespace spear::server
