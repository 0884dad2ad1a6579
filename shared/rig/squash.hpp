#pragma once
// Squash and stretch about the ground pivot (rig.md §9).
#include "rig/vec2.hpp"

namespace spear::rig {

// Volume kept: squash down → wider, stretch up → thinner.
constexpr float squash_sx(float sy) { return 1.f + (1.f - sy) * 0.7f; }

// S(p) = pivot + (p − pivot)·(sx, sy). The pivot is the ground point under the figure, so feet on
// the ground line stay on it.
constexpr Vec2 squash_point(Vec2 p, Vec2 pivot, float sx, float sy) {
  return {pivot.x + (p.x - pivot.x) * sx, pivot.y + (p.y - pivot.y) * sy};
}

// Head radius after squash: HEADR · (sx + sy) / 2.
float squashed_head_radius(float sx, float sy);

}  // namespace spear::rig
