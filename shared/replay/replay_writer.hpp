#pragma once
// A Replay as the bytes of a replay file (schemas/replay.fbs, identifier "SPRP").
#include <cstdint>
#include <vector>

#include "replay/replay.hpp"

namespace spear::replay {

std::vector<std::uint8_t> encode_replay(const Replay& replay);

}  // namespace spear::replay
