#pragma once
// A Replay as the bytes of a replay file (schemas/replay.fbs, identifier "SPRP").
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "replay/replay.hpp"

namespace spear::replay {

std::vector<std::uint8_t> encode_replay(const Replay& replay);

// Writes `bytes` (an encoded replay) to a temporary file beside `target` and renames it over
// the target, so that a reader never sees half a file. False with *error (one line) when not.
bool write_replay_file(const std::filesystem::path& target, const std::vector<std::uint8_t>& bytes,
                       std::string* error);

}  // namespace spear::replay
