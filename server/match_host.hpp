#pragma once
// The match as the server runs it: the sim's Match, the bots that steer some of its runners,
// every runner's name, and the recent target breaks for snapshots. Pure: no clock, no I/O.
//
// Races (with a RaceSchedule, server/race_schedule.hpp): each race is its own sim::Match on its
// own course (sim::race_course_seed), started at the server's running tick
// (sim::MatchConfig::first_tick) so ticks never go back. Where a race's match begins and ends:
//   - step() begins race n's match at the first tick of schedule.match_start(n) (race 1's in
//     the constructor): every present runner is re-added under its id (the summary's, never
//     reused; its wire id stays) standing at the line (sim::race_start_state), a player's
//     inputs queued for the new match's ticks carried over; new_match() is true after that
//     step;
//   - the step of race n's last tick ends it: finished_race() holds its result until the next
//     step (places by score, distance, id; sim/race_result.hpp).
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
#include "server/race_recorder.hpp"
#include "server/race_schedule.hpp"
#include "server/wire_id_pool.hpp"
#include "sim/bot.hpp"
#include "sim/match.hpp"
#include "sim/race_result.hpp"

namespace spear::server {

class MatchHost {
 public:
  // Throws std::invalid_argument for a bad tick rate or bot skill. rewind_ticks: the window of
  // fair input timing (sim::MatchConfig::rewind_ticks; 0: late inputs apply at once).
  // finished_runners: runners of players who left kept one by one for the summary; older ones
  // are folded into totals (MatchSummary::earlier_runners), so memory stays flat.
  // races: the race cycle; none: one endless match on `seed`, as before races.
  MatchHost(std::uint64_t seed, int tick_rate, int bots, float bot_skill,
            sim::Tick rewind_ticks = 0, std::size_t finished_runners = 256,
            std::optional<RaceSchedule> races = std::nullopt);

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

  // Bots decide, then the match steps one tick (with races: a new race's match begins first
  // when this tick starts one).
  void step();

  // Races. The schedule (none: no races).
  const std::optional<RaceSchedule>& races() const { return races_; }
  // The race whose match is running (1 without races).
  std::uint32_t match_race() const { return match_race_; }
  // The last step began a new race's match.
  bool new_match() const { return new_match_; }
  // The last step ended a race: its result (until the next step).
  const std::optional<sim::RaceResult>& finished_race() const { return finished_; }
  // Races run to their end so far, the newest last (at most kKeptRaces; older ones dropped).
  const std::deque<sim::RaceResult>& race_results() const { return results_; }
  static constexpr std::size_t kKeptRaces = 1000;
  // The all-time board shown with the results (the race store's top 10; empty: none).
  void set_all_time(std::vector<net::BoardEntry> entries);
  // The race status of the snapshot after the last step (nullopt without races).
  std::optional<net::RaceStatus> race_status() const;

  // Replays (server/race_recorder.hpp). Called before the first step: every race is recorded,
  // its match from its first tick to the race's last; without races the one endless match,
  // until end_recording(). Each recording ended waits in take_recorded(). A recording that
  // reaches replay::kMaxSeconds is ended there, with the standings at that tick.
  void record_races();
  // Ends the recording under way: without races the endless match, its runners' standings as
  // its result; with races a race cut short (the server stopping) is dropped.
  void end_recording();
  std::vector<replay::Replay> take_recorded();
  // The recording under way as it would end now (a copy: it goes on), with the standings so
  // far as its result; nullopt when nothing is being recorded. `wire`: the sim id of the
  // runner behind that wire id, when it is in the match, goes to *runner.
  std::optional<replay::Replay> recording_so_far(net::RunnerId wire,
                                                 std::optional<sim::RunnerId>* runner) const;

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
  // With races it carries the race status and, in the results phase, page `page` (modulo the
  // pages there are) of the boards (net::BoardPage).
  net::Snapshot snapshot(std::size_t page = 0) const;
  // The same, written into `out` (its storage reused: a server tick builds one or two).
  void snapshot_into(net::Snapshot& out, std::size_t page = 0) const;

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
    RunnerSummary earlier;                  // figures of the earlier races' matches
    sim::Tick join_tick = 0;                // entered the running match before this tick
    replay::RunnerStart start;              // in this start state
  };
  struct Bot {
    sim::RunnerId runner;
    sim::BotController controller;
    std::uint32_t start_wait = 0;  // ticks it takes to get going (its personality)
  };
  void begin_match(std::uint32_t race);
  void finish_race(std::uint32_t race);
  // The match's runners by score (places set): a race's result.
  sim::RaceResult standings(std::uint32_t race, sim::Tick first, sim::Tick last) const;
  void begin_recording();  // the running match, its present runners joined
  void end_recording(sim::RaceResult result);
  sim::MatchConfig config_;
  std::uint64_t base_seed_;
  std::optional<RaceSchedule> races_;
  std::uint32_t match_race_ = 1;
  sim::Tick match_first_tick_ = 0;
  sim::RunnerId next_id_ = 1;  // runner ids across all matches (never reused)
  bool new_match_ = false;
  std::optional<sim::RaceResult> finished_;
  std::deque<sim::RaceResult> results_;
  std::vector<net::BoardEntry> board_results_;   // the last race's places, ≤ kMaxBoardEntries
  std::vector<net::BoardEntry> board_all_time_;  // ≤ kMaxAllTimeEntries
  // Where a player who joins during the standing phases is seated: the state of a runner that
  // stood at the line from the match's start without input (the others' exactly, so a client
  // aligns with one probe).
  sim::RunnerState line_state_{};

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
  std::optional<RaceRecorder> recorder_;  // with record_races()
  std::vector<replay::Replay> recorded_;  // ended, not taken yet
};

}  // namespace spear::server
