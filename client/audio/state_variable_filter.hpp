#pragma once
// A two-pole state-variable filter (trapezoidal integration): low-, band- and high-pass outputs
// at once, stable while its cutoff moves every sample (the whoosh sweep, the wind).
namespace spear::audio {

struct FilterOutputs {
  float low = 0.f, band = 0.f, high = 0.f;
};

class StateVariableFilter {
 public:
  // cutoff in Hz (clamped below Nyquist), q ≥ 0.1 (0.707: no resonance peak).
  void set(float cutoff_hz, float q, float sample_rate);
  FilterOutputs step(float x);

 private:
  float g_ = 0.f, k_ = 1.414f, a1_ = 1.f, a2_ = 0.f, a3_ = 0.f;
  float ic1_ = 0.f, ic2_ = 0.f;
};

}  // namespace spear::audio
