#pragma once
// The simulation's fixed step. Everything in shared/sim is stepped by whole ticks; time in the
// state is counted in ticks so that no float clock drifts.
#include <cstdint>

namespace spear::sim {

using Tick = std::uint32_t;  // 60 Hz: wraps after 2.2 years of match time

inline constexpr int kDefaultTickRate = 60;                  // ticks per second
inline constexpr float kDefaultDt = 1.f / kDefaultTickRate;  // seconds per tick

// Whole ticks needed to cover `seconds` at step `dt` (rounded up, at least 1).
constexpr std::uint32_t ticks_for(float seconds, float dt) {
  const float n = seconds / dt;
  auto whole = static_cast<std::uint32_t>(n);
  if (static_cast<float>(whole) < n - 1e-4f) ++whole;
  return whole == 0 ? 1 : whole;
}

}  // namespace spear::sim
