#pragma once
// The motion lab's list (game.md: ←/→ or 1–5: walk, run, throw, jump, spear form).
#include <array>
#include <cstdint>

#include "rig/motion.hpp"

namespace spear::sim {

inline constexpr std::array<rig::Motion, 5> kLabMotions = {
    rig::Motion::Walk, rig::Motion::Run, rig::Motion::Throw, rig::Motion::Jump, rig::Motion::Form};
inline constexpr std::uint8_t kLabMotionCount = static_cast<std::uint8_t>(kLabMotions.size());

constexpr rig::Motion lab_motion(std::uint8_t index) {
  return kLabMotions[index < kLabMotionCount ? index : 0];
}

}  // namespace spear::sim
