#pragma once
// A puff of dust where a foot meets the ground (a step) or where the figure lands from a jump:
// cosmetic, a pure function of (seed, strength, age) like the straw burst, so a kept frame draws
// the same dust again. The app decides when a puff starts (app/impact_effects.hpp).
#include <cstdint>
#include <vector>

#include "rig/vec2.hpp"

namespace spear::client {

inline constexpr int kDustParticles = 9;
inline constexpr float kDustLife = 0.45f;  // s a step's puff lasts (a landing's: × strength^0.5)

// One puff to draw. `x` is in ground coordinates (FrameInputs::ground_x's space: the drawn
// ground point under the followed figure is ground_x), so a puff stays where the foot struck
// while the ground scrolls, on the course and on the lab's treadmill alike.
struct DustPuff {
  double x = 0.0;          // units, ground coordinates, on the ground line (y = 0)
  float age = 0.f;         // s since the foot struck
  float strength = 1.f;    // a step about 1, a landing from a jump about 3
  std::uint32_t seed = 0;  // varies the particles from puff to puff
};

struct DustParticle {
  rig::Vec2 pos;       // relative to the puff's ground point, units, y down (≤ 0)
  float radius = 0.f;  // units
  float alpha = 0.f;   // 0..1
};

// How long a puff of this strength lasts, s.
float dust_life(float strength);
bool dust_visible(const DustPuff& puff);

// Fills `out` (reusing its storage) with the puff's particles at its age: they roll out low
// along the ground to both sides, rise a little, grow and fade. Empty once it has faded, for a
// negative age or a non-finite input.
void dust_puff(const DustPuff& puff, std::vector<DustParticle>& out);

}  // namespace spear::client
