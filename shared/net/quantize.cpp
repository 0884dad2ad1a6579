#include "net/quantize.hpp"

#include <numbers>

namespace spear::net {

std::uint32_t quantize_angle(float radians, unsigned bits) {
  const double turns = static_cast<double>(radians) / (2.0 * std::numbers::pi);
  const double steps = static_cast<double>(std::uint64_t{1} << bits);
  double wrapped = turns - std::floor(turns);  // [0, 1)
  if (!std::isfinite(wrapped)) wrapped = 0.0;
  const auto index = static_cast<std::uint64_t>(std::llround(wrapped * steps));
  return static_cast<std::uint32_t>(index & ((std::uint64_t{1} << bits) - 1u));
}

float dequantize_angle(std::uint32_t index, unsigned bits) {
  const double steps = static_cast<double>(std::uint64_t{1} << bits);
  return static_cast<float>(static_cast<double>(index) / steps * 2.0 * std::numbers::pi);
}

}  // namespace spear::net
