#pragma once
// White noise for the synthesizers: a seeded xorshift32, so every run (and every test) hears
// the same sounds.
#include <cstdint>

namespace spear::audio {

class NoiseSource {
 public:
  explicit NoiseSource(std::uint32_t seed) : state_(seed ? seed : 0x9E3779B9u) {}
  // Uniform in [-1, 1).
  float next() {
    state_ ^= state_ << 13;
    state_ ^= state_ >> 17;
    state_ ^= state_ << 5;
    return static_cast<float>(state_ >> 8) * (2.f / 16777216.f) - 1.f;
  }
  // Uniform in [0, 1).
  float unit() { return 0.5f * (next() + 1.f); }

 private:
  std::uint32_t state_;
};

}  // namespace spear::audio
