#include "sim/runner_stats.hpp"

#include "sim/pace.hpp"

namespace spear::sim {

RunnerStats runner_stats(const RunnerState& s) {
  RunnerStats st;
  st.distance_m = s.distance / kUnitsPerMetre;
  st.best_distance_m = s.best_distance / kUnitsPerMetre;
  st.total_distance_m = s.total_distance / kUnitsPerMetre;
  st.score = s.score;
  st.best = s.best;
  st.crashes = s.crashes;
  st.targets_broken = s.targets_broken;
  st.runs = s.runs;
  st.best_combo = s.best_combo;
  return st;
}

}  // namespace spear::sim
