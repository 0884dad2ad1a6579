#pragma once
// A 64-bit FNV-1a hash of simulation state, field by field (never raw bytes: padding is not
// state). Floats are hashed by their bit patterns, so "equal hash" means bit-identical.
#include <cstdint>

#include "rig/pose.hpp"
#include "rig/rig.hpp"
#include "sim/runner.hpp"

namespace spear::sim {

inline constexpr std::uint64_t kHashSeed = 0xCBF29CE484222325ull;  // FNV-1a offset basis

std::uint64_t hash_pose(const rig::Pose& pose, std::uint64_t h = kHashSeed);
std::uint64_t hash_rig(const rig::RigState& rig, std::uint64_t h = kHashSeed);
// Every field of the runner, its rig state and its pose.
std::uint64_t hash_runner(const RunnerState& state, std::uint64_t h = kHashSeed);

// Match::state_hash() in parts, for whoever hashes a match's state at a past tick from saved
// runner states (a replay's checkpoints): the tick first, then each runner (id order) with its
// id. hash_match_runner(id, s, hash_tick(t)) for every runner is exactly Match::state_hash().
std::uint64_t hash_tick(std::uint32_t tick, std::uint64_t h = kHashSeed);
std::uint64_t hash_match_runner(std::uint32_t id, const RunnerState& state, std::uint64_t h);

}  // namespace spear::sim
