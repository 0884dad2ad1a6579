#pragma once
// A player's runs in a recorded match, and the best one kept as a replay of its own: in local
// play the best run on a course seed is raced as a golden ghost (client/app/best_run_keeper).
// A run starts when its runner joins the match or restarts, goes from its first running tick,
// and counts once it ends in a crash, or with the recording (the player quit during it); a run
// broken by a pause of its own (away, the lab) does not count (a ghost of it would stand
// about). Pure: no I/O.
#include <cstdint>
#include <optional>
#include <vector>

#include "replay/replay.hpp"

namespace spear::replay {

struct RunRecord {
  sim::Tick go = 0;     // the first tick it ran (the match's tick() before that step)
  sim::Tick crash = 0;  // the tick it crashed in (not crashed: the recording's last tick)
  bool crashed = true;
  std::uint32_t score = 0;
  double distance_m = 0.0;  // at the crash (or the end)
  std::uint32_t targets_broken = 0;
  std::uint32_t best_combo = 0;  // the longest row of targets in the run
};

// The runs of `runner` in `replay` that ended in a crash, in order, and the one still going at
// the end of the recording, if any (crashed false). Re-simulates the replay.
std::vector<RunRecord> runs_of(const Replay& replay, sim::RunnerId runner);

// The better of two runs: the one that went further, then the higher score, then the earlier.
bool better_run(const RunRecord& a, const RunRecord& b);
// The best of `runs`; nullopt when there are none.
std::optional<RunRecord> best_of(const std::vector<RunRecord>& runs);

// The seconds of the match kept after a run's crash in its replay: the fall and lying there.
inline constexpr double kRunTailSeconds = 3.0;

// `replay` cut to `end` (its end tick, when earlier than the one it has): who joins after it
// is gone, who leaves after it stays to the end, inputs from it on and checkpoints after it
// are dropped. The cut replay re-simulates to the same states up to `end`.
Replay cut_replay(Replay replay, sim::Tick end);

// `replay` (in which `runner` ran `run`) as the record of that one run: cut kRunTailSeconds
// after the crash, and its result the run alone, as a race of one place: first tick the run's
// go, last tick its crash (or the end), the runner with the run's score, distance, targets and
// best combo and its crash (1, or 0 for a run the recording ended). GhostRunner races it like
// any replay's winner.
Replay run_replay(Replay replay, sim::RunnerId runner, const RunRecord& run);

}  // namespace spear::replay
