#pragma once
// The wind in the runner's ears: continuous low-passed noise whose level and brightness follow
// the followed runner's ground speed (a faint breeze standing, kStillLevel: the bed is never
// digital silence while the game plays; a soft rush at the start speed of ~380
// units/s, brighter and louder towards the top speed of ~510), with a slow gust on it. The
// speed is smoothed over ~0.15 s so a step in it (a crash, a new runner followed) never clicks.
#include <cstdint>

#include "audio/noise_source.hpp"
#include "audio/state_variable_filter.hpp"

namespace spear::audio {

class Wind {
 public:
  explicit Wind(int sample_rate, std::uint32_t seed = 0x3A1Du);
  // Ground speed, course units/s (10 units = 1 m); negative or NaN counts as 0.
  void set_speed(float units_per_s);
  float next();
  // The level the wind is heading for at a speed (RMS of the output, before the volume).
  static float target_level(float units_per_s);
  static constexpr float kStillLevel = 0.003f;  // RMS standing: about −50 dBFS

 private:
  float rate_;
  NoiseSource noise_;
  StateVariableFilter filter_;
  float target_speed_ = 0.f;
  float speed_ = 0.f;  // smoothed
  float smooth_;       // one-pole coefficient per sample
  double gust_phase_ = 0.0;
  int until_retune_ = 0;
};

}  // namespace spear::audio
