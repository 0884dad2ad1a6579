#include "rig/gait.hpp"

#include <cmath>

#include "rig/det_math.hpp"
#include "rig/ease.hpp"

namespace spear::rig {

namespace {
constexpr float kPi = 3.14159265f;

// The table of rig.md §5: walk, run.
constexpr GaitParams kWalk{44.f,  kWalkCadence, 0.62f,       8.f, 2.5f,
                           0.05f, 0.45f,        kWalkHipLow, 0.f, 0.05f * kFootLeadPerLean};
constexpr GaitParams kRun{60.f,  kRunCadence, 0.40f,      16.f,  5.f,
                          0.20f, 0.90f,       kRunHipLow, -0.2f, 0.20f * kFootLeadPerLean};
}  // namespace

float wrap01(float x) {
  if (!std::isfinite(x)) return 0.f;
  float r = x - std::floor(x);
  if (r >= 1.f) r = 0.f;
  return r;
}

GaitParams gait_params(float gait, float run_cadence) {
  const float t = clamp01(gait);
  const float run_cad = run_cadence > 0.f ? run_cadence : kRunCadence;
  GaitParams p;
  p.stride = lerp(kWalk.stride, kRun.stride, t);
  p.cadence = lerp(kWalk.cadence, run_cad, t);
  p.duty = lerp(kWalk.duty, kRun.duty, t);
  p.step_h = lerp(kWalk.step_h, kRun.step_h, t);
  p.bob = lerp(kWalk.bob, kRun.bob, t);
  p.lean = lerp(kWalk.lean, kRun.lean, t);
  p.arm_swing = lerp(kWalk.arm_swing, kRun.arm_swing, t);
  p.hip_low = lerp(kWalk.hip_low, kRun.hip_low, t);
  p.bob_shift = lerp(kWalk.bob_shift, kRun.bob_shift, t);
  p.foot_lead = p.lean * kFootLeadPerLean;
  return p;
}

float gait_scroll_speed(const GaitParams& g) { return g.stride * g.cadence / g.duty; }

bool foot_in_stance(float pph, const GaitParams& g) { return pph < g.duty; }

Vec2 foot_path(float pph, const GaitParams& g) {
  const float half = g.stride * 0.5f;
  if (pph < g.duty) {
    const float u = pph / g.duty;
    return {lerp(half, -half, u), 0.f};
  }
  const float u = (pph - g.duty) / (1.f - g.duty);
  return {lerp(-half, half, smoothstep(u)), -g.step_h * dsin(kPi * u)};
}

float pelvis_height(float phase, const GaitParams& g) {
  return g.hip_low + std::fabs(dsin(2.f * kPi * (phase + g.bob_shift))) * g.bob;
}

}  // namespace spear::rig
