#pragma once
// The sim's own pseudo-random generator: SplitMix64 (Steele, Lea, Flood 2014; the seeding
// generator of xoshiro). Integer arithmetic only, so a seed gives the same stream on every
// compiler, standard library and CPU; floats are built from the top bits exactly.
#include <cstdint>

namespace spear::sim {

class SplitMix64 {
 public:
  explicit constexpr SplitMix64(std::uint64_t seed = 0) : state_(seed) {}

  constexpr std::uint64_t next_u64() {
    std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }

  // Uniform in [0, 1): the top 53 bits, exactly representable.
  constexpr double next_double() {
    return static_cast<double>(next_u64() >> 11) * (1.0 / 9007199254740992.0);
  }
  // Uniform in [0, 1): the top 24 bits, exactly representable.
  constexpr float next_float() { return static_cast<float>(next_u64() >> 40) * (1.f / 16777216.f); }
  // Uniform in [lo, hi).
  constexpr double uniform(double lo, double hi) { return lo + (hi - lo) * next_double(); }
  constexpr float uniform(float lo, float hi) { return lo + (hi - lo) * next_float(); }

  // Uniform integer in [0, n), n > 0, without modulo bias (rejection). Returns 0 for n == 0.
  constexpr std::uint64_t below(std::uint64_t n) {
    if (n == 0) return 0;
    const std::uint64_t limit = ~std::uint64_t{0} - (~std::uint64_t{0} % n);
    std::uint64_t v = next_u64();
    while (v >= limit) v = next_u64();
    return v % n;
  }

  // Roughly normal, mean 0, standard deviation 1: Irwin–Hall sum of 12 uniforms minus 6
  // (bounded to ±6). No transcendental functions, so it is the same everywhere.
  constexpr float next_normal() {
    float sum = 0.f;
    for (int i = 0; i < 12; ++i) sum += next_float();
    return sum - 6.f;
  }

  constexpr std::uint64_t state() const { return state_; }

 private:
  std::uint64_t state_;
};

// Mixes two values into a well-spread seed (for per-runner or per-bot streams).
constexpr std::uint64_t mix_seed(std::uint64_t a, std::uint64_t b) {
  SplitMix64 g(a ^ (b * 0xD1B54A32D192ED03ull));
  g.next_u64();
  return g.next_u64();
}

}  // namespace spear::sim
