#include "render/straw_burst.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "render/cosmetic_noise.hpp"

namespace spear::client {

bool straw_burst_visible(float age) { return age >= 0.f && age < kStrawRestTime + kStrawFadeTime; }

void straw_burst(std::uint32_t id, float height, float age, std::vector<StrawParticle>& out) {
  out.clear();
  if (!straw_burst_visible(age) || !std::isfinite(height)) return;
  height = std::clamp(height, 10.f, 400.f);
  const float fade = std::clamp(1.f - (age - kStrawRestTime) / kStrawFadeTime, 0.f, 1.f);
  for (int i = 0; i < kStrawParticles; ++i) {
    const auto k = static_cast<std::uint64_t>(i) * 8u;
    auto r = [&](std::uint64_t n) { return unit_random(id, k + n); };
    // Start inside the straw bundle (its upper two thirds), thrown mostly forward and up: the
    // spear strikes from the left.
    const rig::Vec2 start{(r(0) - 0.5f) * 14.f, -height * (0.35f + 0.6f * r(1))};
    const float speed = 120.f + 260.f * r(2);
    const float dir = -std::numbers::pi_v<float> * (0.12f + 0.7f * r(3));  // up and forward
    const rig::Vec2 vel{std::cos(dir) * speed * (r(4) < 0.2f ? -0.6f : 1.f), std::sin(dir) * speed};
    const float spin = (r(5) - 0.5f) * 24.f;  // rad/s
    // Ballistic until it meets the ground (y = 0), then it lies still.
    const float a = kStrawGravity / 2.f;
    const float land = (-vel.y + std::sqrt(vel.y * vel.y - 4.f * a * start.y)) / (2.f * a);
    const float t = std::min(age, land);
    StrawParticle p;
    p.pos = {start.x + vel.x * t, start.y + vel.y * t + a * t * t};
    p.pos.y = std::min(p.pos.y, age < land ? 0.f : -1.f);  // landed straw rests on the ground
    p.length = 6.f + 8.f * r(6);
    // Landed straw lies nearly flat.
    p.angle = age < land ? r(7) * 6.2832f + spin * t : (r(7) - 0.5f) * 0.3f;
    p.alpha = fade;
    p.shade = r(1);
    out.push_back(p);
  }
}

}  // namespace spear::client
