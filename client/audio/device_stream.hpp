#pragma once
// The sound device: an sf::SoundStream that plays what the mixer rendered. The loop pushes
// samples as frames render them; SFML's streaming thread pulls them in 20 ms chunks. Frames
// arrive unevenly, so the stream waits for 30 ms of samples before it takes any (after the start
// and after running dry): a gap is then a whole chunk of silence, never a click in every chunk.
// The queue is capped at kMaxQueuedSeconds (the oldest samples go) so a stall never turns into
// a growing delay. Latency: SFML's three queued chunks plus the wait, about 90 ms.
#include <SFML/Audio/SoundStream.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <mutex>
#include <vector>

#include "audio/pcm_sink.hpp"

namespace spear::audio {

class DeviceStream final : public PcmSink, private sf::SoundStream {
 public:
  static constexpr double kMaxQueuedSeconds = 0.12;

  // Only where audio_device_available() said yes: SFML without a device is not safe.
  explicit DeviceStream(int sample_rate);
  ~DeviceStream() override;

  void push(std::span<const std::int16_t> samples) override;

 private:
  bool onGetData(Chunk& data) override;
  void onSeek(sf::Time) override {}

  std::mutex mutex_;
  std::deque<std::int16_t> queue_;
  std::vector<std::int16_t> chunk_;  // handed to SFML; only its thread touches it
  std::size_t max_queued_;
  bool primed_ = false;  // enough queued to play from (mutex_)
};

}  // namespace spear::audio
