#pragma once
// Deterministic pseudo-random numbers for cosmetics (straw, hills, trees): a pure function of a
// key, so every client draws the same world and a frame can be redrawn identically.
#include <cmath>
#include <cstdint>

namespace spear::client {

// SplitMix64's finaliser: a good 64-bit mix of the key.
constexpr std::uint64_t mix64(std::uint64_t x) {
  x += 0x9E3779B97F4A7C15ull;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ull;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBull;
  return x ^ (x >> 31);
}

// Uniform in [0, 1) from two keys.
constexpr float unit_random(std::uint64_t a, std::uint64_t b) {
  return static_cast<float>(mix64(a * 0x100000001B3ull ^ mix64(b)) >> 40) / 16777216.f;
}

// Smooth 1-D value noise in [0, 1): cosine-free smoothstep between random values at integers.
inline float value_noise(double x, std::uint64_t seed) {
  const double cell = std::floor(x);
  const float t = static_cast<float>(x - cell);
  const auto i = static_cast<std::int64_t>(cell);
  const float a = unit_random(seed, static_cast<std::uint64_t>(i));
  const float b = unit_random(seed, static_cast<std::uint64_t>(i + 1));
  const float s = t * t * (3.f - 2.f * t);
  return a + (b - a) * s;
}

}  // namespace spear::client
