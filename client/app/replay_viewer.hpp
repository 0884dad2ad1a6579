#pragma once
// spear-client --replay FILE: plays a recorded race (spear-server --record-dir).
// In a window: Space or P pause and play, Left and Right seek 5 s back and on (from saved
// states: a bounded re-simulation), Up and Down step the speed (0.25× to 8×, --speed to start),
// Tab follows the next runner (the winner first), Esc quits; --duration closes it.
// Headless (--headless --duration S): S seconds of viewing at the frame rate (--frame-rate, 60)
// as fast as the CPU allows, --script keys at their viewing times, --frame-trace and
// --screenshot (the last frames) as in a game; --stats-json reports where it got: the tick, the
// race time, the state hash and whether it matches the recorded checkpoint there (exit 1 when
// it does not). A file that is not a replay, is damaged, or comes from another sim version: one
// line on stderr, exit 2.
#include <optional>
#include <string>

#include "app/client_options.hpp"
#include "replay/replay.hpp"

namespace spear::client {

int run_replay(const ClientOptions& options);

// The replay file at `path`, read and checked (this build's sim version); nullopt after one
// line on stderr naming `flag`.
std::optional<replay::Replay> load_replay(const std::string& path, const std::string& flag);

}  // namespace spear::client
