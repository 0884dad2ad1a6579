#pragma once
// The --summary-json file. Layout:
//   { "seed", "ticks", "tick_rate", "match_seconds",
//     "runners": [ { "id", "name", "bot", "distance_m", "best_distance_m", "score", "best", "crashes",
//                    "targets_broken" } ... ],
//     "datagrams_dropped": { "<reason>": n, ... },
//     "timing": { "tick_seconds": { "p50", "p99", "max" }, "ticks_measured" } }
// Everything but "timing" is a function of the arguments (and of what clients sent): two
// --fast runs with the same arguments write the same bytes. "timing" holds wall-clock figures,
// so it is left out with --fast (include_timing = false).
#include <cstdint>
#include <string>
#include <vector>

#include "server/server_stats.hpp"

namespace spear::server {

struct RunnerSummary {
  std::uint32_t id = 0;
  std::string name;
  bool bot = false;
  double distance_m = 0.0;       // all runs together, metres
  double best_distance_m = 0.0;  // the longest run, metres
  std::uint64_t score = 0;
  std::uint64_t best = 0;
  std::uint64_t crashes = 0;
  std::uint64_t targets_broken = 0;
};

struct MatchSummary {
  std::uint64_t seed = 0;
  std::uint64_t ticks = 0;
  int tick_rate = 60;
  std::vector<RunnerSummary> runners;  // in runner id order
};

std::string summary_json(const MatchSummary& match, const ServerStats& stats,
                         bool include_timing);

// Writes atomically (temporary file + rename). False with a message on failure.
bool write_text_file(const std::string& path, const std::string& text, std::string& error);

}  // namespace spear::server
