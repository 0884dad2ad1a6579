#pragma once
// Records one race as a replay (shared/replay/replay.hpp) while the server runs it: the roster
// as runners join and leave, every runner's applied inputs, a state-hash checkpoint every second
// and the result. Pure: no clock, no I/O; the replay it returns at end() goes to a
// ReplayFileWriter.
//
// Calls, in this order, for one race (begun before the match's first step):
//   begin(seed, match.config(), match.tick())
//   runner_joined(...)           after each Match::add_runner_as (those present at begin too),
//                                with the start state's recipe (replay::RunnerStart)
//   runner_leaving(match, id)    just before each Match::remove_runner
//   stepped(match)               after each Match::step
//   end(match, result)           when the race is over; then begin() again for the next one
//
// What is recorded is what the match applied, once it is final. With fair input timing
// (MatchConfig::rewind_ticks) a late input changes a past tick's input and re-simulates from
// there, so the last rewind_ticks ticks of inputs and states may still change: the recorder
// reads each tick's inputs (Match::applied_input) and takes each checkpoint (from
// Match::state_after, the states after the rewinds) only once they are out of that window. A
// runner leaving, and the end, make everything of theirs final at once. Re-simulating those
// inputs, each at its own tick, gives the same states and so the same checkpoint hashes.
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "replay/replay.hpp"
#include "sim/match.hpp"
#include "sim/race_result.hpp"

namespace spear::server {

class RaceRecorder {
 public:
  void begin(std::uint64_t seed, const sim::MatchConfig& config, sim::Tick first_tick);
  bool recording() const { return recording_; }

  void runner_joined(sim::RunnerId id, const std::string& name, bool bot, sim::Tick join_tick,
                     const replay::RunnerStart& start);
  void runner_leaving(const sim::Match& match, sim::RunnerId id);
  void stepped(const sim::Match& match);

  // The race as recorded (inputs and checkpoints up to match.tick(), a last checkpoint there);
  // recording() is false afterwards.
  replay::Replay end(const sim::Match& match, sim::RaceResult result);

  // True once the race reached replay::kMaxSeconds: end() it (a longer one would be refused).
  bool full(const sim::Match& match) const;

 private:
  struct Track {
    replay::RosterEntry entry;
    sim::Tick next = 0;  // the first tick whose input is not read yet
    bool present = true;
  };
  struct PendingCheckpoint {
    sim::Tick tick = 0;
    // Those in the match at that tick; the state once final (or taken as the runner left).
    std::vector<std::pair<sim::RunnerId, std::optional<sim::RunnerState>>> runners;
  };
  void read_inputs(const sim::Match& match, Track& track, sim::Tick until);
  void settle(const sim::Match& match, bool all);

  bool recording_ = false;
  replay::Replay replay_;
  std::map<sim::RunnerId, Track> tracks_;
  std::deque<PendingCheckpoint> pending_;
};

}  // namespace spear::server
