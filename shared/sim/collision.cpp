#include "sim/collision.hpp"

namespace spear::sim {

namespace {

// Clips [t0, t1] by p·t <= q. Returns false when nothing is left.
bool clip(double p, double q, double& t0, double& t1) {
  if (p == 0.0) return q >= 0.0;  // parallel to this edge: inside or out for the whole segment
  const double t = q / p;
  if (p < 0.0) {
    if (t > t1) return false;
    if (t > t0) t0 = t;
  } else {
    if (t < t0) return false;
    if (t < t1) t1 = t;
  }
  return true;
}

}  // namespace

bool segment_touches_box(WorldPoint a, WorldPoint b, const WorldBox& box) {
  const double dx = b.x - a.x;
  const double dy = b.y - a.y;
  double t0 = 0.0, t1 = 1.0;
  return clip(-dx, a.x - box.x0, t0, t1) && clip(dx, box.x1 - a.x, t0, t1) &&
         clip(-dy, a.y - box.y0, t0, t1) && clip(dy, box.y1 - a.y, t0, t1);
}

}  // namespace spear::sim
