#pragma once
// Easing curves for keyframe tracks (rig.md §7). u is a segment's normalized time in [0, 1].
#include <cstdint>

namespace spear::rig {

enum class Ease : std::uint8_t {
  Smooth,  // smoothstep, the articles' default
  Linear,
  OutCubic,  // fast start, decelerates into the key: thrusts, take-off
  InCubic,   // slow start, accelerates: falling
};

constexpr float clamp01(float u) { return u < 0.f ? 0.f : (u > 1.f ? 1.f : u); }
constexpr float smoothstep(float u) {
  u = clamp01(u);
  return u * u * (3.f - 2.f * u);
}
constexpr float ease_out_cubic(float u) {
  u = clamp01(u);
  const float v = 1.f - u;
  return 1.f - v * v * v;
}
constexpr float ease_in_cubic(float u) {
  u = clamp01(u);
  return u * u * u;
}

constexpr float apply_ease(Ease e, float u) {
  switch (e) {
    case Ease::Linear:
      return clamp01(u);
    case Ease::OutCubic:
      return ease_out_cubic(u);
    case Ease::InCubic:
      return ease_in_cubic(u);
    case Ease::Smooth:
      break;
  }
  return smoothstep(u);
}

constexpr float lerp(float a, float b, float t) { return a + (b - a) * t; }

}  // namespace spear::rig
