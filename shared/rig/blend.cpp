#include "rig/blend.hpp"

#include <cmath>

#include "rig/det_math.hpp"

namespace spear::rig {

float blend_offset(float x0, float v0, float t) {
  if (!(t < kBlendSettle)) return 0.f;
  if (t <= 0.f) return x0;
  return (x0 + (v0 + kBlendOmega * x0) * t) * dexp(-kBlendOmega * t);
}

Vec2 blend_offset(Vec2 x0, Vec2 v0, float t) {
  if (!(t < kBlendSettle)) return {};
  if (t <= 0.f) return x0;
  const float e = dexp(-kBlendOmega * t);
  return (x0 + (v0 + x0 * kBlendOmega) * t) * e;
}

}  // namespace spear::rig
