#pragma once
// Where mixed samples go besides the WAV file: the sound device (audio/device_stream). An
// interface so that the mix stays free of SFML and the tests can stand in for the device.
#include <cstdint>
#include <span>

namespace spear::audio {

class PcmSink {
 public:
  virtual ~PcmSink() = default;
  // 16-bit mono samples at the mixer's rate, in order, as they are rendered.
  virtual void push(std::span<const std::int16_t> samples) = 0;
};

}  // namespace spear::audio
