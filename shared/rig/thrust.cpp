#include "rig/thrust.hpp"

#include <cmath>

#include "rig/det_math.hpp"
#include "rig/rig.hpp"
#include "rig/track.hpp"

namespace spear::rig {

namespace {

constexpr Ease O = Ease::OutCubic;

// Times in seconds: carry, wind-up (spear drawn back), strike (shoots out, decelerates into the
// pose), held at full reach through the strike window, recovered by the end.
constexpr float kWindUp = 0.08f;
constexpr float kStrike = 0.16f;
constexpr float kHoldEnd = 0.26f;
static_assert(kStrike <= kThrustStrikeEnd && kHoldEnd >= kThrustStrikeEnd);

constexpr SpearHold kWindUpHold{{-2.f, 22.f}, -0.14f, 46.f};
// The rear hand slides the shaft forward through the grip: the tip reaches far past the hands.
constexpr SpearHold kStrikeHold{{36.f, 2.f}, -0.03f, 22.f};

float segment(float t, float t0, float t1, Ease e) { return apply_ease(e, (t - t0) / (t1 - t0)); }

SpearHold mix(const SpearHold& a, const SpearHold& b, float w) {
  return {lerp(a.grip, b.grip, w), lerp(a.angle, b.angle, w), lerp(a.along, b.along, w)};
}

}  // namespace

SpearHold run_carry(float phase) {
  SpearHold h;
  h.grip = {24.f, 32.f};  // front arm nearly straight, rear hand by the belly
  h.angle = -0.25f + 0.04f * dsin(12.566371f * phase);  // twice a cycle: once a step
  h.along = 40.f;
  return h;
}

SpearHold thrust_hold(float t, const SpearHold& carry, float* extra_lean) {
  SpearHold h = carry;
  float lean = 0.f;
  if (t <= 0.f || t >= kThrustDuration) {
  } else if (t < kWindUp) {
    const float w = segment(t, 0.f, kWindUp, Ease::Smooth);
    h = mix(carry, kWindUpHold, w);
    lean = -0.04f * w;
  } else if (t < kStrike) {
    const float w = segment(t, kWindUp, kStrike, O);
    h = mix(kWindUpHold, kStrikeHold, w);
    lean = lerp(-0.04f, 0.14f, w);
  } else if (t < kHoldEnd) {
    h = kStrikeHold;
    lean = 0.14f;
  } else {
    const float w = segment(t, kHoldEnd, kThrustDuration, Ease::Smooth);
    h = mix(kStrikeHold, carry, w);
    lean = lerp(0.14f, 0.f, w);
  }
  if (extra_lean) *extra_lean = lean;
  return h;
}

}  // namespace spear::rig
