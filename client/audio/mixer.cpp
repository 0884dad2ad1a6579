#include "audio/mixer.hpp"

#include <algorithm>
#include <cmath>

namespace spear::audio {

Mixer::Mixer(MixerSettings settings) : settings_(settings), wind_(settings.sample_rate) {
  settings_.volume = std::isfinite(settings_.volume) ? std::clamp(settings_.volume, 0.f, 1.f) : 0.f;
}

float Mixer::limit(float s) {
  const float a = std::fabs(s);
  if (!(a > kKnee)) return std::isfinite(s) ? s : 0.f;
  constexpr float kRoom = kCeiling - kKnee;
  return std::copysign(kKnee + kRoom * std::tanh((a - kKnee) / kRoom), s);
}

std::span<const std::int16_t> Mixer::advance_to(double t) {
  if (!std::isfinite(t)) return {};
  const auto target = static_cast<std::int64_t>(std::llround(t * settings_.sample_rate));
  if (target <= cursor_) return {};
  return render(static_cast<std::size_t>(target - cursor_));
}

std::span<const std::int16_t> Mixer::render(std::size_t n) {
  out_.assign(n, 0);
  const float volume = settings_.mute ? 0.f : settings_.volume;
  for (std::size_t i = 0; i < n; ++i) {
    float s = wind_.next();
    for (Voice& v : voices_) {
      if (v.position < v.clip->size()) s += (*v.clip)[v.position++] * v.gain;
    }
    s = limit(s * volume);
    out_[i] = static_cast<std::int16_t>(std::lround(s * 32767.f));
  }
  std::erase_if(voices_, [](const Voice& v) { return v.position >= v.clip->size(); });
  cursor_ += static_cast<std::int64_t>(n);
  return out_;
}

void Mixer::play(const Clip& clip, float gain) {
  if (clip.empty() || !(gain > 0.f)) return;
  if (voices_.size() >= kMaxVoices) voices_.erase(voices_.begin());
  voices_.push_back({&clip, 0, gain});
}

}  // namespace spear::audio
