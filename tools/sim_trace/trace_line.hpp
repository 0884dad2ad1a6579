#pragma once
// One line of spear-sim-trace: a tick of one runner on the course, as a JSON object.
//   {"tick", "t" (s), "x" (anchor, course units), "mode", "pace" (earned, ‰), "head_r",
//    "joints": {name: [x, y]} (course space: x from the course start, y down, ground at 0),
//    "obstacles": [{"id", "kind", "x0", "x1", "top", "state"}] (spans within kObstacleRange of x),
//    "events": [{"type": "crash"|"clear"|"break", "obstacle", ("part": crashes)},
//               {"type": "pace", "grade" (0..100), "earned" (‰), "pace" (‰, after)}]}
#include <nlohmann/json.hpp>

#include "sim/course.hpp"
#include "sim/runner.hpp"
#include "sim/tick.hpp"

namespace spear::tools {

inline constexpr double kObstacleRange = 600.0;  // units either side of the anchor

// "running", "jumping", "thrusting", "falling", "down" (and "lab"), as the wire maps them.
const char* mode_name(const sim::RunnerState& state);

nlohmann::ordered_json trace_line(sim::Tick tick, double tick_rate, const sim::RunnerState& state,
                                  const sim::RunnerEvents& events, const sim::Course& course);

}  // namespace spear::tools
