#pragma once
// The runners of a snapshot as one bit-packed block, each runner full or delta-coded against
// the same runner in the baseline snapshot (the Quake 3 idea, per runner).
#include <cstdint>
#include <span>
#include <vector>

#include "net/bit_stream.hpp"
#include "net/messages.hpp"
#include "net/pose_codec.hpp"

namespace spear::net {

struct QuantizedRunner {
  RunnerId id = 0;
  RunnerMode mode = RunnerMode::Running;
  std::uint8_t flags = 0;
  std::uint8_t lab_motion = 0;
  std::uint32_t score = 0;
  std::uint32_t best = 0;
  std::int64_t distance = 0;  // kDistanceStep units
  QuantizedPose pose;
  friend bool operator==(const QuantizedRunner&, const QuantizedRunner&) = default;
};

// What both sides remember of a snapshot to use it as a baseline.
struct QuantizedSnapshot {
  Tick tick = 0;
  std::vector<QuantizedRunner> runners;
  const QuantizedRunner* find(RunnerId id) const;
};

QuantizedRunner quantize_runner(const RunnerSnapshot& r,
                                PoseCodecMode mode = PoseCodecMode::BoneAngles);
RunnerSnapshot rebuild_runner(const QuantizedRunner& q);

// Appends one runner; delta against `baseline` (same id) when given.
void write_runner(BitWriter& out, const QuantizedRunner& r, const QuantizedRunner* baseline);

// Decodes a block of `count` runners against `baseline` (nullptr: the block must be all full).
// False on corruption: truncation, a delta without baseline, a duplicate id, a bad enum.
[[nodiscard]] bool read_runner_block(std::span<const std::uint8_t> block, std::size_t count,
                                     const QuantizedSnapshot* baseline,
                                     std::vector<QuantizedRunner>& out);

// libFuzzer entry point: decodes data as a block against a fixed synthetic baseline.
int fuzz_decode_runner_block(const std::uint8_t* data, std::size_t size);

}  // namespace spear::net
