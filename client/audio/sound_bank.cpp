#include "audio/sound_bank.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "audio/noise_source.hpp"
#include "audio/state_variable_filter.hpp"

namespace spear::audio {

namespace {

constexpr float kTwoPi = 2.f * std::numbers::pi_v<float>;

Clip sized(int rate, float seconds) {
  return Clip(static_cast<std::size_t>(std::lround(seconds * static_cast<float>(rate))), 0.f);
}

void normalise(Clip& c) {
  float peak = 0.f;
  for (float s : c) peak = std::max(peak, std::abs(s));
  if (peak > 0.f)
    for (float& s : c) s /= peak;
}

// A clip of `seconds` at `rate`: sample i is sample_at(t) at its time t = i / rate in seconds,
// called in order (generators keep state from one sample to the next), then normalised.
template <class SampleAt>
Clip synthesise(int rate, float seconds, SampleAt&& sample_at) {
  Clip c = sized(rate, seconds);
  const float fs = static_cast<float>(rate);
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = sample_at(static_cast<float>(i) / fs);
  normalise(c);
  return c;
}

// 0 → 1 over `attack` seconds, then e^(−t/decay).
float envelope(float t, float attack, float decay) {
  const float a = attack > 0.f ? std::min(1.f, t / attack) : 1.f;
  return a * std::exp(-t / decay);
}

// A foot striking packed dirt: the thump is low-passed noise (the body of it) and a knock at
// ~100 Hz falling (the heel), with a tick of grit on top. Attack 1 ms: a clean onset.
Clip footstep(int rate, std::uint32_t seed, float pitch) {
  const float fs = static_cast<float>(rate);
  NoiseSource noise(seed);
  StateVariableFilter body, grit;
  body.set(700.f * pitch, 0.8f, fs);
  grit.set(3200.f * pitch, 1.2f, fs);
  float phase = 0.f;
  return synthesise(rate, 0.085f, [&](float t) {
    const float f = (70.f + 45.f * std::exp(-t / 0.015f)) * pitch;
    phase += kTwoPi * f / fs;
    const float n = noise.next();
    return 1.0f * body.step(n).low * envelope(t, 0.001f, 0.018f) +
           0.55f * std::sin(phase) * envelope(t, 0.001f, 0.028f) +
           0.25f * grit.step(n).band * envelope(t, 0.0005f, 0.006f);
  });
}

// Air torn by the spear: band-passed noise whose centre sweeps 500 → 2400 → 900 Hz, swelling
// over 0.11 s (a soft attack: it is a motion, not a hit) and dying away.
Clip whoosh(int rate) {
  const float fs = static_cast<float>(rate);
  NoiseSource noise(0x51ED270Bu);
  StateVariableFilter f;
  const float peak_t = 0.11f;
  return synthesise(rate, 0.42f, [&](float t) {
    const float centre = t < peak_t ? 500.f + 1900.f * (t / peak_t)
                                    : 900.f + 1500.f * std::exp(-(t - peak_t) / 0.08f);
    f.set(centre, 1.6f, fs);
    const float u = std::min(1.f, t / peak_t);
    const float env = t < peak_t ? u * u * (3.f - 2.f * u) : std::exp(-(t - peak_t) / 0.085f);
    return f.step(noise.next()).band * env;
  });
}

// Straw snapping: a snap where the spear goes in (a dense 8 ms burst of crackles over a dull
// knock), then crackles (single-sample impulses) thinning out as the straw gives, all rung
// through two band-passes.
Clip crunch(int rate) {
  const float fs = static_cast<float>(rate);
  NoiseSource noise(0xC0FFEE11u), knock_noise(0x7A11u);
  StateVariableFilter high, mid, knock;
  high.set(4800.f, 1.4f, fs);
  mid.set(2200.f, 1.1f, fs);
  knock.set(380.f, 0.9f, fs);
  return synthesise(rate, 0.32f, [&](float t) {
    const float density = t < 0.008f ? 0.6f : 0.3f * std::exp(-t / 0.07f);  // per sample
    float impulse = 0.f;
    if (noise.unit() < density) impulse = noise.next() * (0.4f + 0.6f * noise.unit());
    const float crackle = high.step(impulse).band * 1.2f + mid.step(impulse).band;
    return crackle * envelope(t, 0.0005f, 0.11f) +
           0.8f * knock.step(knock_noise.next()).low * envelope(t, 0.0008f, 0.02f);
  });
}

// A body hitting the ground: a low sine falling 70 → 42 Hz with low-passed noise on it, then
// the slide, a scrape of band-passed noise.
Clip thud(int rate) {
  const float fs = static_cast<float>(rate);
  NoiseSource noise(0x7D0Du);
  StateVariableFilter body, scrape;
  body.set(260.f, 0.8f, fs);
  scrape.set(900.f, 0.7f, fs);
  float phase = 0.f;
  return synthesise(rate, 0.65f, [&](float t) {
    phase += kTwoPi * (42.f + 28.f * std::exp(-t / 0.06f)) / fs;
    const float n = noise.next();
    const float slide = t < 0.06f ? 0.f : envelope(t - 0.06f, 0.05f, 0.16f);
    return std::sin(phase) * envelope(t, 0.002f, 0.12f) +
           0.9f * body.step(n).low * envelope(t, 0.001f, 0.06f) +
           0.25f * scrape.step(n).band * slide;
  });
}

// Feet pushing off packed dirt: a short scuff of grit (band-passed noise at 2–3 kHz, no low
// end, so it never reads as a step) with a soft rush under it.
Clip take_off(int rate) {
  const float fs = static_cast<float>(rate);
  NoiseSource noise(0x7A4Eu);
  StateVariableFilter grit, rush;
  grit.set(2600.f, 1.3f, fs);
  rush.set(1200.f, 0.8f, fs);
  return synthesise(rate, 0.16f, [&](float t) {
    const float n = noise.next();
    return grit.step(n).band * envelope(t, 0.002f, 0.03f) +
           0.5f * rush.step(n).band * envelope(t, 0.01f, 0.05f);
  });
}

// Both feet meeting the ground after a jump: a footstep's knock, lower and longer (90 → 55 Hz),
// with more body.
Clip landing(int rate) {
  const float fs = static_cast<float>(rate);
  NoiseSource noise(0x1A4Du);
  StateVariableFilter body, grit;
  body.set(420.f, 0.8f, fs);
  grit.set(2400.f, 1.2f, fs);
  float phase = 0.f;
  return synthesise(rate, 0.2f, [&](float t) {
    phase += kTwoPi * (55.f + 35.f * std::exp(-t / 0.02f)) / fs;
    const float n = noise.next();
    return std::sin(phase) * envelope(t, 0.001f, 0.05f) +
           0.9f * body.step(n).low * envelope(t, 0.001f, 0.03f) +
           0.3f * grit.step(n).band * envelope(t, 0.0005f, 0.01f);
  });
}

}  // namespace

SoundBank::SoundBank(int sample_rate) : rate_(sample_rate) {
  constexpr std::array<float, kFootstepVariants> kPitch = {1.f, 0.9f, 1.08f, 0.95f};
  for (std::size_t i = 0; i < kFootstepVariants; ++i)
    footsteps_[i] = footstep(rate_, 0xF007u + 977u * static_cast<std::uint32_t>(i), kPitch[i]);
  whoosh_ = whoosh(rate_);
  crunch_ = crunch(rate_);
  thud_ = thud(rate_);
  take_off_ = take_off(rate_);
  landing_ = landing(rate_);
}

const Clip& SoundBank::clip(SoundKind kind, std::size_t variant) const {
  switch (kind) {
    case SoundKind::Footstep:
      return footsteps_[variant % kFootstepVariants];
    case SoundKind::Whoosh:
      return whoosh_;
    case SoundKind::Crunch:
      return crunch_;
    case SoundKind::Thud:
      return thud_;
    case SoundKind::TakeOff:
      return take_off_;
    case SoundKind::Landing:
      return landing_;
  }
  return footsteps_[0];
}

float SoundBank::level(SoundKind kind) {
  switch (kind) {
    case SoundKind::Footstep:
      return 0.45f;
    case SoundKind::Whoosh:
      return 0.22f;
    case SoundKind::Crunch:
      return 0.65f;
    case SoundKind::Thud:
      return 0.7f;
    case SoundKind::TakeOff:
      return 0.18f;
    case SoundKind::Landing:
      return 0.55f;
  }
  return 0.f;
}

}  // namespace spear::audio
