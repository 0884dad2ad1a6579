#pragma once
// An obstacle as the renderer sees it: plain data the app fills from the simulation's course.
#include <cstdint>

namespace spear::client {

enum class ObstacleKind : std::uint8_t { Hurdle, StrawTarget };

struct SceneObstacle {
  std::uint32_t id = 0;  // stable per course: seeds the straw burst
  ObstacleKind kind = ObstacleKind::Hurdle;
  double x = 0.0;       // course distance of the obstacle's centre, units
  float height = 35.f;  // units above the ground (hurdles 25–45, targets about the runner's height)
  float width = 10.f;      // units along the course
  bool broken = false;     // straw targets: broken by the followed runner's spear
  float broken_age = 0.f;  // seconds since it broke (drives the burst); ignored unless broken
};

}  // namespace spear::client
