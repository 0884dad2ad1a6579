#pragma once
// A recorded race in memory: what schemas/replay.fbs holds (see there for the meaning of ticks),
// enough to re-create its match exactly (replay/resimulation.hpp) and check it against the
// recorded state hashes. Written by server/race_recorder, stored by replay/replay_writer, read
// back by replay/replay_reader.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/input.hpp"
#include "sim/match.hpp"
#include "sim/race_result.hpp"
#include "sim/tick.hpp"

namespace spear::replay {

inline constexpr std::uint32_t kFormatVersion = 1;
// Bounds the reader enforces (and the recorder stays inside), so that neither a file nor a
// re-simulation can grow without bound: a race of at most six hours, this many runners (a
// server's most: 10,000 bots and 4,096 players, with room for some coming and going).
inline constexpr std::uint32_t kMaxSeconds = 6 * 3600;
inline constexpr std::uint32_t kMaxRunners = 16384;
inline constexpr std::size_t kMaxFileBytes = std::size_t{256} << 20;
// The recorder takes a checkpoint every second of race and one at its end: from the first tick
// to the end, no stretch without one may be longer than this (a checkpoint left out, with room),
// so a file's length in seconds is bounded by its bytes (16 a checkpoint).
inline constexpr std::uint32_t kMaxCheckpointGapSeconds = 2;
// The work of playing or verifying a file, in runner-ticks (each runner's ticks in the race,
// summed): at most this many a second of race (several times what one core simulates in real
// time, so no server could have recorded more) and this many per byte of the file (a real race
// writes a checkpoint a second and its runners' inputs; a crowd that stands idle for a long
// race comes to a few hundred runner-ticks a byte).
inline constexpr std::uint64_t kMaxRunnerTicksPerSecond = 1'000'000;
inline constexpr std::uint64_t kMaxRunnerTicksPerByte = 1024;

// How a runner entered the race's match: sim::race_start_state(wait_ticks, dt, away), then
// stepped stood_ticks ticks with no input (a player seated at the start line after the match
// began stands as those who stood there since its start). {0, false, 0} is
// sim::new_runner_state(): a runner who joins while the race runs starts from the course start.
struct RunnerStart {
  std::uint32_t wait_ticks = 0;
  bool away = false;
  std::uint32_t stood_ticks = 0;
  friend bool operator==(const RunnerStart&, const RunnerStart&) = default;
};

// The state a runner enters its match in.
sim::RunnerState start_state(const RunnerStart& start, const sim::Course& course, float dt);

struct RosterEntry {
  sim::RunnerId id = sim::kNoRunner;
  std::string name;
  bool bot = false;
  sim::Tick join_tick = 0;
  RunnerStart start;
  std::optional<sim::Tick> leave_tick;  // nullopt: still in at the end
  std::vector<sim::Input> inputs;       // non-empty ones, by tick, each at the tick it applied
  friend bool operator==(const RosterEntry&, const RosterEntry&) = default;
};

struct Checkpoint {
  sim::Tick tick = 0;  // the match's tick() when the hash was taken (ticks < tick stepped)
  std::uint64_t hash = 0;
  friend bool operator==(const Checkpoint&, const Checkpoint&) = default;
};

struct Replay {
  std::uint32_t format_version = kFormatVersion;
  std::uint32_t sim_version = 0;
  std::uint32_t protocol_version = 0;
  std::uint64_t seed = 0;
  sim::MatchConfig config{};
  sim::Tick first_tick = 0;             // the match's first tick (config.first_tick)
  sim::Tick end_tick = 0;               // tick() when it ended
  std::vector<RosterEntry> runners;     // by id
  std::vector<Checkpoint> checkpoints;  // by tick
  std::optional<sim::RaceResult> result;
};

// The largest end tick a replay of this tick rate and first tick may have.
constexpr std::uint64_t max_end_tick(const Replay& r) {
  return std::uint64_t{r.first_tick} +
         std::uint64_t{kMaxSeconds} * static_cast<std::uint64_t>(r.config.tick_rate);
}

}  // namespace spear::replay
