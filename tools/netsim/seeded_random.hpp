#pragma once

#include <cstdint>

namespace spear::netsim {

// SplitMix64 (Steele, Lea, Flood 2014): a tiny generator whose output depends only on the seed, on
// every platform and standard library (std:: distributions are implementation-defined, so they are
// not used here).
class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : state_(seed) {}

  std::uint64_t next_u64() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1) with 53 bits of resolution.
  double next_unit() { return static_cast<double>(next_u64() >> 11) * 0x1.0p-53; }

  // True with probability p (p <= 0 never, p >= 1 always).
  bool chance(double p) { return next_unit() < p; }

  // Uniform in [-half_width, +half_width].
  double symmetric(double half_width) { return (next_unit() * 2.0 - 1.0) * half_width; }

 private:
  std::uint64_t state_;
};

}  // namespace spear::netsim
