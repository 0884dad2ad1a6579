#pragma once
// The roll call (PROTOCOL.md "Roll call"): when a snapshot cannot carry every runner's pose (a
// big race), it lists every runner with only what a race strip and a scoreboard need (mode,
// flags, score, distance to the unit) after the runners it carries in full. Against the
// client's baseline an entry takes a few bits: its id as the gap to the previous one, one bit
// for an unchanged mode and flags, the score against what the distance run adds to it, and the
// distance against where the run's nominal ground speed (sim/pace.hpp) takes it. Without a
// baseline an entry says its mode and distance against the entry before it (the field runs
// together: a new client's first roll call of 256 runners fits one datagram).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "net/bit_stream.hpp"
#include "net/messages.hpp"

namespace spear::net {

struct QuantizedRunner;    // net/runner_block.hpp
struct QuantizedSnapshot;  // net/runner_block.hpp

struct RollEntry {
  RunnerId id = 0;
  RunnerMode mode = RunnerMode::Running;
  std::uint8_t flags = 0;
  std::uint32_t score = 0;
  std::int64_t distance = 0;  // whole units
  std::int16_t pace = 0;      // ‰ (RunnerSnapshot::pace)
  // Steps run at `pace` (RunnerSnapshot::pace_ticks): written with a pace changed against the
  // baseline, as at most kMaxPaceTicks (read: that many or more; 0 otherwise).
  std::uint8_t pace_ticks = 0;
  friend bool operator==(const RollEntry&, const RollEntry&) = default;
};

inline constexpr std::size_t kMaxRollCall = 1024;
inline constexpr std::uint8_t kMaxPaceTicks =
    31;  // u(5)                        // entries per snapshot
inline constexpr std::int64_t kMaxRollDistance = std::int64_t{1} << 36;  // units

// Ticks a second the roll call's and the rig cue's predictions count in (the game's 60).
inline constexpr double kRollTickRate = 60.0;

// Whether a runner in `mode` moves on at the course's pace (running, jumping, thrusting): the
// predictions of its distance and its gait phase.
bool moves_at_pace(RunnerMode mode);

// The roll-call values of a runner carried in full (its distance rounded to the unit, halves
// up): a client holding either form of a runner in its baseline holds the same values.
RollEntry roll_entry_of(const QuantizedRunner& q);

// Where a runner is expected `age` ticks after `base`: ahead by its ground speed at its distance
// and earned pace (sim::runner_speed, at 60 ticks a second) while it runs, jumps or thrusts;
// where it was otherwise.
std::int64_t predicted_roll_distance(const RollEntry& base, std::uint32_t age);

// The id as the gap to the previous entry's (`previous` −1 before the first): ascending ids.
void write_roll_id(BitWriter& out, RunnerId id, std::int32_t previous);
// The rest of an entry: against `base` (the same runner in the baseline, `age` ticks older), or
// in full when base is nullptr: then its mode, flags and distance against `previous`, the entry
// written before it in this roll call (nullptr for the first: running, no flags, distance 0).
// Against a base an entry whose mode, flags, pace and score are as predicted and whose rig cue
// runs on (`cue_runs_on`: net/rig_cue.hpp) is steady: its distance alone, and no cue follows it.
// Returns whether it was (else a roll call with cues has the cue follow).
bool write_roll_entry(BitWriter& out, const RollEntry& e, const RollEntry* base, std::uint32_t age,
                      const RollEntry* previous, bool cue_runs_on);

// Reads `count` entries (≤ kMaxRollCall). An entry whose id `baseline` holds (in its runners or
// its roll call) is a delta against it, the others are full. With `cues` (a roll call against a
// baseline: null for one without) each entry but a steady one is followed by its rig cue
// (net/rig_cue.hpp), read into cues[k] for out[k] (a steady entry's runs on). False on corruption:
// truncation, an id past 65535, a distance or score out of range.
[[nodiscard]] bool read_roll_call(BitReader& in, std::size_t count,
                                  const QuantizedSnapshot* baseline, std::uint32_t age,
                                  std::vector<RollEntry>& out, std::vector<RigCue>* cues);

}  // namespace spear::net
