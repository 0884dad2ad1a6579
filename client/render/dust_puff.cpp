#include "render/dust_puff.hpp"

#include <algorithm>
#include <cmath>

#include "render/cosmetic_noise.hpp"

namespace spear::client {

float dust_life(float strength) { return kDustLife * std::sqrt(std::clamp(strength, 0.5f, 4.f)); }

bool dust_visible(const DustPuff& puff) {
  return std::isfinite(puff.age) && std::isfinite(puff.strength) && std::isfinite(puff.x) &&
         puff.age >= 0.f && puff.age < dust_life(puff.strength);
}

void dust_puff(const DustPuff& puff, std::vector<DustParticle>& out) {
  out.clear();
  if (!dust_visible(puff)) return;
  const float s = std::clamp(puff.strength, 0.5f, 4.f);
  const float life = dust_life(s);
  const float u = puff.age / life;  // 0..1 over its life
  // Thrown out fast and braked by the air: travel ∝ 1 − e^(−age/τ).
  constexpr float kTau = 0.12f;
  const float travel = 1.f - std::exp(-puff.age / kTau);
  for (int i = 0; i < kDustParticles; ++i) {
    const auto k = static_cast<std::uint64_t>(i) * 4u;
    auto r = [&](std::uint64_t n) { return unit_random(puff.seed, k + n); };
    // Half to each side, a little more backwards (the foot pushes the ground back).
    const float side = (i % 2 == 0 ? -1.f : 0.8f) * (0.4f + 0.6f * r(0));
    const float reach = (10.f + 8.f * r(1)) * std::sqrt(s);
    const float rise = (2.f + 5.f * r(2)) * s;
    DustParticle p;
    p.pos = {side * reach * travel, -rise * travel - 1.f};
    p.radius = (1.5f + 1.5f * r(3)) * std::sqrt(s) * (1.f + 1.6f * travel);
    // Quick to appear, slow to go: full after 10% of its life, then fading out.
    p.alpha = std::clamp(u / 0.1f, 0.f, 1.f) * (1.f - u) * (1.f - u) * 0.55f;
    out.push_back(p);
  }
}

}  // namespace spear::client
