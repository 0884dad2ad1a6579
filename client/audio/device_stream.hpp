#pragma once
// The sound device: an sf::SoundStream whose streaming thread pulls the mix straight from its
// source in ~23 ms chunks (SFML keeps three queued in OpenAL: ~70 ms of latency; smaller
// chunks starved the source on a loaded machine). The device's
// clock drives the mix, so a slow frame in the loop never starves the speakers: the wind goes on
// and a sound the late frame asks for starts at the device's next chunk.
#include <SFML/Audio/SoundStream.hpp>
#include <cstdint>
#include <vector>

#include "audio/pcm_source.hpp"

namespace spear::audio {

class DeviceStream final : public PcmPlayer, private sf::SoundStream {
 public:
  // Only where audio_device_available() said yes: SFML without a device is not safe. Starts
  // playing at once; `source` must outlive this.
  DeviceStream(int sample_rate, PcmSource& source);
  ~DeviceStream() override;

 private:
  bool onGetData(Chunk& data) override;
  void onSeek(sf::Time) override {}

  PcmSource& source_;
  std::vector<std::int16_t> chunk_;  // handed to SFML; only its thread touches it
};

}  // namespace spear::audio
