#pragma once
// A replay's match re-created tick by tick: the same seed and config from the same first tick,
// the runners added (under their recorded ids, in their recorded start states) and removed at
// their recorded ticks, every applied input submitted at
// its own tick before that tick is stepped (never late, so no rewind happens). The sim is a
// pure function of those calls, so the states are the recorded race's bit for bit; the
// checkpoints tell whether they are. Pure: no I/O.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "replay/replay.hpp"
#include "sim/match.hpp"

namespace spear::replay {

class Resimulation {
 public:
  // `replay` as replay_reader gives it (bounds checked); it must outlive this (and every copy:
  // a copy is the re-simulation saved at its tick, for seeking). Throws
  // std::invalid_argument for what sim::Match refuses.
  explicit Resimulation(const Replay& replay);

  const sim::Match& match() const { return match_; }
  sim::Tick tick() const { return match_.tick(); }
  bool done() const { return match_.tick() >= replay_->end_tick; }
  // Steps one tick (nothing when done()): who leaves and joins before it, their inputs, the step.
  void step();
  // The runners who join at tick(), in their start states: the match takes them in when it
  // steps that tick (its state hash is the recorded one without them), a view shows them now.
  std::vector<sim::MatchRunner> joining() const;

 private:
  const Replay* replay_;
  sim::Match match_;
  std::vector<std::size_t> next_input_;  // per roster entry: its next input
  std::vector<std::size_t> present_;     // roster entries in the match, by id
  std::size_t next_join_ = 0;            // roster entries are by id, and ids by join tick
};

struct VerifyReport {
  bool ok = true;
  sim::Tick ticks = 0;  // stepped
  std::size_t checkpoints_checked = 0;
  std::optional<Checkpoint> expected;  // the first checkpoint that differed
  std::uint64_t actual_hash = 0;       // and what the re-simulation had there
};

// Re-simulates the whole replay and compares every checkpoint; stops at the first difference.
VerifyReport verify_replay(const Replay& replay);

}  // namespace spear::replay
