#pragma once
// What `spear-replay info` prints: a replay's versions, match settings, roster (with each
// runner's input count), checkpoints, result and size figures, as JSON.
#include <cstddef>
#include <nlohmann/json.hpp>

#include "replay/replay.hpp"

namespace spear::tools {

// file_bytes: the size of the file it was read from (for bytes per runner-minute).
nlohmann::json replay_info_json(const replay::Replay& replay, std::size_t file_bytes);

// Minutes of runner presence in the race, all runners together.
double runner_minutes(const replay::Replay& replay);

}  // namespace spear::tools
