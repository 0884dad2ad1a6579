#pragma once
// An obstacle as the renderer sees it: plain data the app fills from the simulation's course.
#include <cstdint>

namespace spear::client {

enum class ObstacleKind : std::uint8_t { Hurdle, StrawTarget };

// How long a toppled hurdle takes to tip over onto the ground (easeOut), s.
inline constexpr float kHurdleTipSeconds = 0.4f;

struct SceneObstacle {
  std::uint32_t id = 0;  // stable per course: seeds the straw burst
  ObstacleKind kind = ObstacleKind::Hurdle;
  // The sim's box exactly (sim::obstacle_box): it spans [x, x + width] × [−height, 0] in the lane
  // plane, and everything drawn of it stays inside that box (and its shadow on the ground).
  double x = 0.0;       // course distance of the obstacle's near face, units
  float height = 35.f;  // units above the ground (hurdles 25–45, targets about the runner's height)
  float width = 10.f;  // units along the course
  // Knocked down by the followed runner: a straw target broken by its spear (drives the burst),
  // a hurdle toppled by its crash (drives the tip-over, kHurdleTipSeconds).
  bool broken = false;
  float broken_age = 0.f;  // seconds since it broke or toppled; ignored unless broken
};

}  // namespace spear::client
