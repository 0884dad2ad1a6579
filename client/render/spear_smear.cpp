#include "render/spear_smear.hpp"

#include <algorithm>
#include <cmath>

#include "render/palette.hpp"

namespace spear::client {

void append_smear(VertexBatch& out, std::span<const SmearSample> samples, const Placement& place) {
  const auto opacity = [](float age) {
    const float u = std::clamp(1.f - age / kSmearSeconds, 0.f, 1.f);
    return 0.55f * u * u;
  };
  for (std::size_t i = 1; i < samples.size(); ++i) {
    const SmearSample &a = samples[i - 1], &b = samples[i];
    if (!(a.age < kSmearSeconds) || !(b.age >= 0.f)) continue;
    const sf::Vector2f ta = place(a.tip), tb = place(b.tip);
    const sf::Vector2f ba = place(a.back), bb = place(b.back);
    const float dx = tb.x - ta.x, dy = tb.y - ta.y;
    if (!std::isfinite(dx) || !std::isfinite(dy) ||
        dx * dx + dy * dy < kSmearMinStep * kSmearMinStep * place.scale * place.scale)
      continue;
    const sf::Color tip_a = with_opacity(palette::kSmear, opacity(a.age));
    const sf::Color tip_b = with_opacity(palette::kSmear, opacity(b.age));
    const sf::Color back = with_opacity(palette::kSmear, 0.f);
    out.triangle(ba, ta, tb, back, tip_a, tip_b);
    out.triangle(ba, tb, bb, back, tip_b, back);
  }
}

}  // namespace spear::client
