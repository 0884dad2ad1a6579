#pragma once
// One runner's applied inputs packed as in schemas/replay.fbs: for each tick with something
// applied, two unsigned LEB128 varints, the tick delta and buttons | lab_pick << 10. A jump a
// second costs two bytes a second.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "sim/input.hpp"
#include "sim/tick.hpp"

namespace spear::replay {

// `inputs`: non-empty, strictly increasing ticks, none before `join_tick`.
std::vector<std::uint8_t> pack_inputs(std::span<const sim::Input> inputs, sim::Tick join_tick);

struct UnpackedInputs {
  std::vector<sim::Input> inputs;
  std::string error;  // non-empty: malformed, inputs incomplete
};
// Exactly `count` inputs, every one in [join_tick, end_tick), with buttons inside
// sim::kButtonMask and a lab pick of at most sim::kLabMotionCount, not empty, ticks strictly
// increasing, and no byte left over.
UnpackedInputs unpack_inputs(std::span<const std::uint8_t> bytes, std::uint32_t count,
                             sim::Tick join_tick, sim::Tick end_tick);

}  // namespace spear::replay
