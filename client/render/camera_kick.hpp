#pragma once
// The camera's jolt when a target breaks: the view jumps a few units along the strike (forward
// and a little down) and settles back over kKickSeconds, easing out. A pure function of the
// kick's age so a kept frame draws the same. Drawing moves the world view by it
// (FrameInputs::camera_offset); the HUD does not move.
#include <SFML/System/Vector2.hpp>
#include <algorithm>
#include <cmath>

namespace spear::client {

inline constexpr float kKickSeconds = 0.15f;
inline constexpr float kKickUnits = 4.f;  // the jolt's size at its start, world units

// The view's offset, world units, `age` s after the break (zero outside 0..kKickSeconds).
inline sf::Vector2f camera_kick(float age) {
  if (!(age >= 0.f) || !(age < kKickSeconds)) return {0.f, 0.f};
  const float u = 1.f - age / kKickSeconds;
  const float k = kKickUnits * u * u;
  return {0.8f * k, 0.6f * k};
}

}  // namespace spear::client
