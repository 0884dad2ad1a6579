#pragma once
// The seam between the mix and a sound device, so the mix stays free of SFML and the tests can
// stand in for the device: the device pulls samples from a PcmSource on its own thread, and
// whoever owns the device holds it as a PcmPlayer (destroying it stops the pulling).
#include <cstdint>
#include <span>

namespace spear::audio {

class PcmSource {
 public:
  virtual ~PcmSource() = default;
  // Fills `out` with the next 16-bit mono samples at the mix's rate. Called from the device's
  // thread.
  virtual void pull(std::span<std::int16_t> out) = 0;
};

class PcmPlayer {
 public:
  virtual ~PcmPlayer() = default;
};

}  // namespace spear::audio
