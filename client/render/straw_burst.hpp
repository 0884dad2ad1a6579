#pragma once
// The burst of straw when a target breaks: cosmetic, computed on the client as a pure function of
// (obstacle id, age), so it needs no state and every viewer sees the same burst.
#include <cstdint>
#include <vector>

#include "rig/vec2.hpp"

namespace spear::client {

inline constexpr int kStrawParticles = 36;
inline constexpr float kStrawGravity = 900.f;  // units/s²
inline constexpr float kStrawRestTime = 2.5f;  // s lying on the ground before fading
inline constexpr float kStrawFadeTime = 1.5f;  // s of fading; then the burst is over

struct StrawParticle {
  rig::Vec2 pos;       // relative to the target's foot (ground point), units, y down
  float angle = 0.f;   // radians, direction of the straw
  float length = 0.f;  // units
  float alpha = 1.f;   // 0..1
  float shade = 0.f;   // 0 = light straw .. 1 = dark straw
};

// Fills `out` (reusing its storage) with the particles of target `id` (of the given height) at
// `age` seconds after it broke. Empty once the burst has faded; empty for a negative age.
void straw_burst(std::uint32_t id, float height, float age, std::vector<StrawParticle>& out);

// True while straw_burst still returns particles.
bool straw_burst_visible(float age);

}  // namespace spear::client
