#include "audio/wind.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace spear::audio {

namespace {
constexpr float kTopSpeed = 520.f;  // units/s: a little above the course's top speed (510)
constexpr int kRetuneSamples = 32;  // the filter follows the speed every 32 samples (<1 ms)

float fraction(float units_per_s) { return std::clamp(units_per_s / kTopSpeed, 0.f, 1.2f); }
}  // namespace

Wind::Wind(int sample_rate, std::uint32_t seed)
    : rate_(static_cast<float>(sample_rate)),
      noise_(seed),
      smooth_(1.f - std::exp(-1.f / (0.15f * static_cast<float>(sample_rate)))) {
  filter_.set(200.f, 0.9f, rate_);
}

void Wind::set_speed(float units_per_s) {
  target_speed_ = std::isfinite(units_per_s) ? std::max(0.f, units_per_s) : 0.f;
}

float Wind::target_level(float units_per_s) {
  const float f = fraction(units_per_s);
  return kStillLevel + 0.06f * f * f;  // quadratic: air noise grows fast with speed
}

float Wind::next() {
  speed_ += smooth_ * (target_speed_ - speed_);
  const float f = fraction(speed_);
  // Brighter with speed: 200 Hz at rest, ~1500 Hz at the top speed.
  const float cutoff = 200.f + 1300.f * f;
  if (--until_retune_ <= 0) {
    filter_.set(cutoff, 0.9f, rate_);
    until_retune_ = kRetuneSamples;
  }
  // Two slow incommensurate sines: gusts of ±25 % every few seconds.
  gust_phase_ += 1.0 / static_cast<double>(rate_);
  const double tau = 2.0 * std::numbers::pi;
  const float gust = 1.f + 0.15f * static_cast<float>(std::sin(tau * 0.23 * gust_phase_)) +
                     0.1f * static_cast<float>(std::sin(tau * 0.61 * gust_phase_ + 1.3));
  // Low-passed uniform noise has an RMS of about 0.577 · sqrt(2 · cutoff / rate): divide it out
  // so the level is the RMS whatever the brightness.
  const float norm = 1.f / (0.577f * std::sqrt(2.f * cutoff / rate_));
  return filter_.step(noise_.next()).low * norm * target_level(speed_) * gust;
}

}  // namespace spear::audio
