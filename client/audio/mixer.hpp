#pragma once
// The mix: one-shot voices and the wind summed into 16-bit mono PCM. Driven by the run's own
// clock (headless), advance_to(t) renders every sample up to round(t × rate) and hands them out
// once; a sound played after it starts at exactly that sample, so a sound triggered by the frame
// at time t is heard from sample round(t × rate). Driven by a sound device (a window), render(n)
// gives the next n samples the device asks for. Both the device and the WAV writer take what
// this renders, so the WAV holds what the speakers play. The sum goes through a soft limiter:
// untouched up to kKnee, never beyond kCeiling (−1 dBFS), however many sounds meet.
// Pure: no clock, no device, no locks.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "audio/sound_bank.hpp"
#include "audio/wind.hpp"

namespace spear::audio {

struct MixerSettings {
  int sample_rate = 44100;
  float volume = 1.f;  // 0..1, linear on every sample
  bool mute = false;   // every sample 0 (the clock still runs)
};

class Mixer {
 public:
  static constexpr std::size_t kMaxVoices = 16;  // the oldest stops first beyond this
  static constexpr float kKnee = 0.6f;           // full scale 1
  static constexpr float kCeiling = 0.89f;       // −1 dBFS is 0.891
  // The limiter's curve: the identity up to kKnee, then bending smoothly towards kCeiling.
  static float limit(float s);

  explicit Mixer(MixerSettings settings);

  int sample_rate() const { return settings_.sample_rate; }
  std::int64_t samples_rendered() const { return cursor_; }
  // Renders up to sample round(t × rate) (nothing when t is not past the last call, or not
  // finite). The span stays valid until the next call.
  std::span<const std::int16_t> advance_to(double t);
  // The next `n` samples (valid until the next call).
  std::span<const std::int16_t> render(std::size_t n);
  // Starts `clip` at the current sample (the clip must outlive its playing: the bank's do).
  void play(const Clip& clip, float gain);
  void set_wind_speed(float units_per_s) { wind_.set_speed(units_per_s); }
  std::size_t voices_playing() const { return voices_.size(); }

 private:
  struct Voice {
    const Clip* clip;
    std::size_t position;
    float gain;
  };

  MixerSettings settings_;
  Wind wind_;
  std::vector<Voice> voices_;
  std::vector<std::int16_t> out_;
  std::int64_t cursor_ = 0;
};

}  // namespace spear::audio
