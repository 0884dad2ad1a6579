#pragma once
// Scalar quantization steps of the snapshot (units: canvas units unless said otherwise).
#include <cmath>
#include <cstdint>

namespace spear::net {

// Positions (pose root, offset-coded joints): 1/16 unit. Error ≤ 0.022 per axis.
inline constexpr float kPositionStep = 1.f / 16.f;
// Runner distance along the course: 1/16 unit.
inline constexpr double kDistanceStep = 1.0 / 16.0;
// Squash scales sx, sy: 1/256 on [kScaleMin, kScaleMin + 2).
inline constexpr float kScaleStep = 1.f / 256.f;
inline constexpr float kScaleMin = 0.f;
// The largest per-joint error the pose codec allows (issue "netcode": 0.25).
inline constexpr float kMaxJointError = 0.25f;

inline std::int32_t quantize(float value, float step) {
  return static_cast<std::int32_t>(std::lround(value / step));
}
inline float dequantize(std::int32_t q, float step) { return static_cast<float>(q) * step; }

// Angle on a circle of 2^bits steps, as an index in [0, 2^bits).
std::uint32_t quantize_angle(float radians, unsigned bits);
float dequantize_angle(std::uint32_t index, unsigned bits);

}  // namespace spear::net
