#pragma once
// Obstacles of the course: plain data, in course units (10 units = 1 m), y up from the ground.
#include <cstdint>

namespace spear::sim {

enum class ObstacleKind : std::uint8_t {
  Hurdle,  // low bar: must be jumped; any touch by legs or body crashes
  Target,  // straw target, about the runner's height: must be broken by the spear tip during a
           // thrust's strike window; running into an unbroken one crashes
};

struct Obstacle {
  std::uint32_t index = 0;  // 0, 1, 2 ... along the course
  ObstacleKind kind = ObstacleKind::Hurdle;
  double x = 0.0;      // near face (the side a runner meets), units from the course start
  float width = 0.f;   // units; the obstacle spans [x, x + width]
  float height = 0.f;  // units above the ground (drawn upwards: y = −height in pose space)

  double far_x() const { return x + width; }
};

}  // namespace spear::sim
