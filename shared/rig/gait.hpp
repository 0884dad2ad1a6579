#pragma once
// The gait cycle in one phase variable (rig.md §5–6). gait = 0 walks, 1 runs; every parameter is
// interpolated by it.
#include "rig/vec2.hpp"

namespace spear::rig {

struct GaitParams {
  float stride;     // units a foot travels relative to the hip during stance
  float cadence;    // cycles/s
  float duty;       // stance share of a cycle (> 0.5 walks, < 0.5 has a flight phase)
  float step_h;     // units, swing lift
  float bob;        // units, pelvis rise
  float lean;       // rad, forward
  float arm_swing;  // rad, FK swing amplitude
  float hip_low;    // units, pelvis height at the bottom of its bob (ours)
  float bob_shift;  // phase shift of the bob so that, running, its top meets the flight phase
  float foot_lead;  // units the feet are moved forward for the lean (under the centre of mass)
};

inline constexpr float kWalkCadence = 1.5f;
inline constexpr float kRunCadence = 2.55f;
inline constexpr float kGaitEaseRate = 4.f;  // 1/s, gait eases towards its target
// Running hip lower than standing: at ±stride/2 = ±30 a hip at 66 sits exactly at the pre-clamp's
// reach (72.5) and the clamp would drag the planted foot. Walk: 64 + bob 2.5 keeps 70.4 at ±23.
inline constexpr float kWalkHipLow = 64.f;
inline constexpr float kRunHipLow = 57.f;
inline constexpr float kFootLeadPerLean = 20.f;  // units per rad of lean

// run_cadence: the cadence at gait 1 (the game ramps it 2.55 → 3.4); 0 or less means 2.55.
GaitParams gait_params(float gait, float run_cadence = kRunCadence);

// Ground speed that keeps planted feet still: stride × cadence ÷ duty.
float gait_scroll_speed(const GaitParams& g);

// The articles' foot path relative to the hip's x and the ground (y = 0), lead not included.
// pph: the foot's own phase in [0, 1).
Vec2 foot_path(float pph, const GaitParams& g);
bool foot_in_stance(float pph, const GaitParams& g);

// Pelvis height above the ground at a phase: hip_low + |sin(2π(phase + shift))|·bob.
float pelvis_height(float phase, const GaitParams& g);

// Wraps into [0, 1).
float wrap01(float x);

}  // namespace spear::rig
