#pragma once
// Segment against axis-aligned box, in world space (x: course units from the start, double so
// that long runs keep sub-unit precision; y: pose space, down, ground at 0).

#include "sim/obstacle.hpp"

namespace spear::sim {

struct WorldPoint {
  double x = 0.0;
  double y = 0.0;
};

struct WorldBox {
  double x0 = 0.0, x1 = 0.0;  // x0 <= x1
  double y0 = 0.0, y1 = 0.0;  // y0 <= y1
};

// True when the closed segment a→b touches the closed box (a point when a == b).
// Liang–Barsky clipping: the segment's parameter range is cut by each slab in turn.
bool segment_touches_box(WorldPoint a, WorldPoint b, const WorldBox& box);

// An obstacle's shape in the lane plane, world space: the box [x, x + width] × [−height, 0]. The
// client draws exactly this silhouette (client/render/scene_renderer.cpp), so what the sim
// decides is what a player sees.
inline WorldBox obstacle_box(const Obstacle& o) {
  return {o.x, o.far_x(), -static_cast<double>(o.height), 0.0};
}

}  // namespace spear::sim
