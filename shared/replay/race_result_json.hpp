#pragma once
// A race's result as JSON: the one mapping that the server's summary (races[]) and
// spear-replay info share. Found by nlohmann::json through argument-dependent lookup:
//   {"number", "seed", "first_tick", "last_tick", "tick_rate", "results": [{"place", "runner",
//    "name", "bot", "score", "distance_m", "targets_broken", "crashes", "best_combo"}, ...]}
#include <nlohmann/json.hpp>

#include "sim/race_result.hpp"

namespace spear::sim {

// For nlohmann::json and nlohmann::ordered_json alike (keys in the order above).
template <typename BasicJson>
void to_json(BasicJson& j, const RaceResultEntry& e) {
  j = BasicJson{{"place", e.place},
                {"runner", e.runner},
                {"name", e.name},
                {"bot", e.bot},
                {"score", e.score},
                {"distance_m", e.distance_m},
                {"targets_broken", e.targets_broken},
                {"crashes", e.crashes},
                {"best_combo", e.best_combo}};
}

template <typename BasicJson>
void to_json(BasicJson& j, const RaceResult& r) {
  j = BasicJson{{"number", r.number},         {"seed", r.seed},
                {"first_tick", r.first_tick}, {"last_tick", r.last_tick},
                {"tick_rate", r.tick_rate},   {"results", r.results}};
}

}  // namespace spear::sim
