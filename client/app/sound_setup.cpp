#include "app/sound_setup.hpp"

#include <iostream>

#include "audio/audio_device_probe.hpp"
#include "audio/device_stream.hpp"

namespace spear::client {

namespace {
constexpr int kSampleRate = 44100;
}

std::unique_ptr<audio::GameAudio> start_sound(const ClientOptions& o, bool window) {
  audio::MixerSettings settings;
  settings.sample_rate = kSampleRate;
  settings.volume = o.volume / 100.f;
  settings.mute = o.mute;
  std::unique_ptr<audio::WavWriter> wav;
  if (!o.audio_wav.empty()) {
    wav = std::make_unique<audio::WavWriter>(o.audio_wav, kSampleRate);
    if (!wav->ok()) {
      std::cerr << "spear-client: error: --audio-wav: " << wav->error() << "\n";
      return nullptr;
    }
  }
  auto sound = std::make_unique<audio::GameAudio>(settings, std::move(wav));
  if (window && !o.mute) {
    if (audio::audio_device_available())
      sound->play_on([](audio::PcmSource& source) {
        return std::make_unique<audio::DeviceStream>(kSampleRate, source);
      });
    else
      std::cerr << "spear-client: warning: no sound device found; playing without sound\n";
  }
  return sound;
}

bool end_sound(audio::GameAudio& sound, double t, RunStats* stats) {
  const std::string error = sound.finish(t);
  if (stats) sound.report(*stats);
  if (error.empty()) return true;
  std::cerr << "spear-client: error: --audio-wav: " << error << "\n";
  return false;
}

}  // namespace spear::client
