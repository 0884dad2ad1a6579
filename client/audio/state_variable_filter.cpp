#include "audio/state_variable_filter.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace spear::audio {

void StateVariableFilter::set(float cutoff_hz, float q, float sample_rate) {
  const float fc = std::clamp(cutoff_hz, 10.f, 0.45f * sample_rate);
  g_ = std::tan(std::numbers::pi_v<float> * fc / sample_rate);
  k_ = 1.f / std::max(q, 0.1f);
  a1_ = 1.f / (1.f + g_ * (g_ + k_));
  a2_ = g_ * a1_;
  a3_ = g_ * a2_;
}

FilterOutputs StateVariableFilter::step(float x) {
  const float v3 = x - ic2_;
  const float v1 = a1_ * ic1_ + a2_ * v3;
  const float v2 = ic2_ + a2_ * ic1_ + a3_ * v3;
  ic1_ = 2.f * v1 - ic1_;
  ic2_ = 2.f * v2 - ic2_;
  return {v2, v1, x - k_ * v1 - v2};
}

}  // namespace spear::audio
