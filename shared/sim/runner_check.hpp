#pragma once
// What a client needs to check and repair its prediction of its own runner, small enough for
// every snapshot (it travels as OwnRunnerState::sim_state; layout in schemas/PROTOCOL.md).
// The sim is deterministic and the client knows the seed and its own inputs, so the server
// sends no state: a 48-bit hash of the runner's state after a recent tick (the newest one whose
// inputs the server has all received, so the client can compare it), and the inputs
// it applied at another tick than stamped (late beyond the rewind window, or clamped). With
// those the client re-simulates the server's runner exactly from its own history.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "sim/runner.hpp"
#include "sim/tick.hpp"

namespace spear::sim {

// An input stamped `stamp` that the match applied at tick `applied` (applied > stamp).
struct InputMove {
  Tick stamp = 0;
  Tick applied = 0;
  friend bool operator==(const InputMove&, const InputMove&) = default;
};

inline constexpr std::uint64_t kCheckHashMask = 0xFFFF'FFFF'FFFFull;  // 48 bits
inline constexpr std::size_t kMaxCheckMoves = 16;
inline constexpr std::uint8_t kRunnerCheckVersion = 1;

struct RunnerCheck {
  Tick hash_tick = 0;            // the state hashed is the one after this tick was stepped
  std::uint64_t hash = 0;        // check_hash() of that state
  std::vector<InputMove> moves;  // recent moved inputs, at most kMaxCheckMoves, oldest first
  friend bool operator==(const RunnerCheck&, const RunnerCheck&) = default;
};

// The 48 bits of hash_runner() a check carries.
std::uint64_t check_hash(const RunnerState& state);

// 9 + 4 × moves bytes, ticks relative to `state_tick` (the snapshot's tick; hash_tick at most
// 255 ticks before it, clamped to that). Moves applied after state_tick, more than 65535 ticks
// before it or more than 65535 ticks late, and those beyond kMaxCheckMoves (the oldest) are left
// out.
std::vector<std::uint8_t> encode_runner_check(const RunnerCheck& check, Tick state_tick);
// nullopt for anything malformed (wrong version, length, count).
std::optional<RunnerCheck> decode_runner_check(std::span<const std::uint8_t> bytes,
                                               Tick state_tick);

}  // namespace spear::sim
