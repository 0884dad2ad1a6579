#pragma once
// The result of one race: who took which place, with the figures a results screen, the summary
// JSON, the leaderboard and a replay file all show. Places are by score (higher first), then by
// distance (further first), then by runner id (earlier joiner first), so they never tie.
#include <cstdint>
#include <string>
#include <vector>

#include "sim/tick.hpp"

namespace spear::sim {

struct RaceResultEntry {
  std::uint32_t place = 0;   // 1 = winner
  std::uint32_t runner = 0;  // the runner's id in the race's match
  std::string name;          // valid UTF-8, 1-24 bytes (net/name_text.hpp)
  bool bot = false;
  std::uint64_t score = 0;           // best score of any run in the race
  double distance_m = 0.0;           // all runs of the race together, metres
  std::uint64_t targets_broken = 0;  // in the race
  std::uint64_t crashes = 0;         // in the race
  std::uint64_t best_combo = 0;      // the longest row of targets broken in one run
  friend bool operator==(const RaceResultEntry&, const RaceResultEntry&) = default;
};

struct RaceResult {
  std::uint32_t number = 0;  // 1, 2, 3 ... since the server started
  std::uint64_t seed = 0;    // the race's course seed
  Tick first_tick = 0;       // first tick of the race proper (after the countdown)
  Tick last_tick = 0;        // last tick stepped in the race
  int tick_rate = kDefaultTickRate;
  std::vector<RaceResultEntry> results;  // by place
  friend bool operator==(const RaceResult&, const RaceResult&) = default;
};

}  // namespace spear::sim
