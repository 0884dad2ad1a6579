#pragma once
// A runner's figures for scoreboards and summaries (what --summary-json writes).
#include <cstdint>

#include "sim/runner.hpp"

namespace spear::sim {

struct RunnerStats {
  double distance_m = 0.0;        // current run, metres
  double best_distance_m = 0.0;   // longest run, metres
  double total_distance_m = 0.0;  // all runs, metres
  std::uint32_t score = 0;        // current run
  std::uint32_t best = 0;         // best run's score
  std::uint32_t crashes = 0;
  std::uint32_t targets_broken = 0;
  std::uint32_t runs = 0;
  std::uint32_t best_combo = 0;  // longest row of targets in one run
};

RunnerStats runner_stats(const RunnerState& state);

}  // namespace spear::sim
