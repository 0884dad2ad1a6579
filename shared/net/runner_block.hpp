#pragma once
// The runners of a snapshot as one bit-packed block, each runner full or delta-coded against
// the same runner in the baseline snapshot (the Quake 3 idea, per runner).
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "net/bit_stream.hpp"
#include "net/messages.hpp"
#include "net/pose_codec.hpp"
#include "net/roll_call.hpp"

namespace spear::net {

// The rig's IK targets in kIkStep units, anchor-relative: x, y of near then far.
struct QuantizedIk {
  std::array<std::int32_t, 4> feet{};
  bool hands_on_spear = false;
  std::array<std::int32_t, 4> hands{};  // zero unless hands_on_spear (they do not travel then)
  friend bool operator==(const QuantizedIk&, const QuantizedIk&) = default;
};

inline constexpr float kIkStep = 1.f / 16.f;      // units, as the pose's offsets
inline constexpr std::int32_t kMaxIkQ = 1 << 14;  // ±1024 units: far beyond any reach

struct QuantizedRunner {
  RunnerId id = 0;
  RunnerMode mode = RunnerMode::Running;
  std::uint8_t flags = 0;
  std::uint8_t lab_motion = 0;
  std::uint32_t score = 0;
  std::uint32_t best = 0;
  std::uint8_t combo = 0;     // 0..kMaxWireCombo
  std::int64_t distance = 0;  // kDistanceStep units
  std::int16_t pace = 0;      // ‰, kMinWirePace..kMaxWirePace
  // Not in the runner block: the roll call's entry of this runner says it (RollEntry).
  std::uint8_t pace_ticks = 0;
  // With kLab only (zero otherwise): phase in 1/256 of a cycle, gait in 1/255.
  std::uint8_t lab_phase = 0;
  std::uint8_t lab_gait = 0;
  std::uint16_t lab_scroll = 0;  // ground travel modulo kLabScrollSpan, in 1/16 units
  // With kLab and kSkeleton only: the IK targets, when the server had them.
  std::optional<QuantizedIk> ik;
  // Mode Countdown only (zero otherwise): ticks until it runs, 0..kMaxWireCountdown.
  std::uint16_t countdown_ticks = 0;
  QuantizedPose pose;
  // Residuals that rebuild the runner in the previous snapshots (written in both forms, never
  // delta-coded: they depend on the frames around this one, not on the baseline).
  RunnerBridge bridge;
  friend bool operator==(const QuantizedRunner&, const QuantizedRunner&) = default;
};

// What both sides remember of a snapshot to use it as a baseline.
struct QuantizedSnapshot {
  Tick tick = 0;
  std::vector<QuantizedRunner> runners;
  std::vector<RollEntry> roll;  // the roll call, when it had one (net/roll_call.hpp)
  // Its rig cues, one per roll entry, when the roll call carried them (against a baseline).
  std::vector<RigCue> roll_cues;
  const QuantizedRunner* find(RunnerId id) const;
  // The runner's roll-call values: its roll-call entry, else those of its full entry; nullopt
  // when the snapshot held neither.
  std::optional<RollEntry> roll_of(RunnerId id) const;
};

QuantizedRunner quantize_runner(const RunnerSnapshot& r,
                                PoseCodecMode mode = PoseCodecMode::BoneAngles);
RunnerSnapshot rebuild_runner(const QuantizedRunner& q);

// Appends one runner; delta against `baseline` (same id) when given.
void write_runner(BitWriter& out, const QuantizedRunner& r, const QuantizedRunner* baseline);
// The same in two parts: everything before the bridge, then the bridge (the last field of a
// runner), so that an encoder can send a runner with or without its residuals.
void write_runner_core(BitWriter& out, const QuantizedRunner& r, const QuantizedRunner* baseline);

// Decodes a block of `count` runners against `baseline` (nullptr: the block must be all full),
// then `roll_count` roll-call entries into `roll` (net/roll_call.hpp; `age`: ticks from the
// baseline), with a baseline their rig cues into `cues` (when given). False on corruption:
// truncation, a delta without baseline, a duplicate id, a bad enum, a roll call without `roll`.
[[nodiscard]] bool read_runner_block(std::span<const std::uint8_t> block, std::size_t count,
                                     const QuantizedSnapshot* baseline,
                                     std::vector<QuantizedRunner>& out, std::size_t roll_count = 0,
                                     std::uint32_t age = 0, std::vector<RollEntry>* roll = nullptr,
                                     std::vector<RigCue>* cues = nullptr);

// libFuzzer entry point: decodes data as a block against a fixed synthetic baseline.
int fuzz_decode_runner_block(const std::uint8_t* data, std::size_t size);

}  // namespace spear::net
