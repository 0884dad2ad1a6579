#pragma once
// The version of the sim's behaviour: what a replay file records so that a build can tell a
// replay it can re-simulate from one recorded by a sim that steps differently. Bump it with every
// intended change of the sim's results (a tuning, a new state field, a course rule): the same
// commits that rewrite the fixed hash in tests/unit/sim/determinism_test.cpp.
#include <cstdint>

namespace spear::sim {

inline constexpr std::uint32_t kSimVersion = 3;

}  // namespace spear::sim
