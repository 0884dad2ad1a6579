#pragma once
// Reads a replay file's bytes back into a Replay, refusing anything it cannot trust: another
// file type (no "SPRP" identifier), a buffer the FlatBuffers verifier rejects (cut short,
// offsets out of bounds), another format version, and contents out of bounds (tick rate, course
// parameters, runner ids not increasing, names, ticks outside the race, malformed inputs,
// checkpoints out of order, results naming no runner). Never throws, never reads out of bounds.
#include <cstdint>
#include <optional>
#include <span>
#include <string>

#include "replay/replay.hpp"

namespace spear::replay {

struct ReadResult {
  std::optional<Replay> replay;
  std::string error;  // with no replay: why, one line
};

ReadResult read_replay(std::span<const std::uint8_t> bytes);

// The whole file, at most kMaxFileBytes; nullopt with `error` set when it cannot be read.
std::optional<std::vector<std::uint8_t>> read_file_bytes(const std::string& path,
                                                         std::string& error);

}  // namespace spear::replay
