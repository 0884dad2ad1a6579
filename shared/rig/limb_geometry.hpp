#pragma once
// Rubber-hose limb geometry (rig.md §11), as pure code: the client only fills the triangles.
#include <vector>

#include "rig/figure_shape.hpp"
#include "rig/vec2.hpp"

namespace spear::rig {

struct LimbStyle {
  float root_width = kLimbRootWidth;  // full width at the root (hip, shoulder), units
  float tip_width = kLimbTipWidth;    // full width at the tip (foot, hand), units
  int samples_per_segment = kLimbSamplesPerSegment;  // Catmull-Rom samples between two points
  int cap_segments = 8;                              // points on each half-circle cap
};

struct LimbGeometry {
  std::vector<Vec2> centre;  // densified Catmull-Rom centre line, root to tip, through all 3 points
  std::vector<Vec2> outline;  // closed outline: one side root→tip, tip cap, other side, root cap
  std::vector<Vec2> triangles;  // the filled ribbon and caps as a triangle list (3 points each)
};

// Catmull-Rom through the points (ends extrapolated), samples_per_segment points per segment.
void catmull_rom(const Vec2* points, int count, int samples_per_segment, std::vector<Vec2>& out);
// The same points into a caller's array (no allocation: the sim uses it every tick). Writes
// catmull_rom_size(count, samples_per_segment) points.
constexpr int catmull_rom_size(int count, int samples_per_segment) {
  return count <= 0 ? 0 : (count - 1) * (samples_per_segment < 1 ? 1 : samples_per_segment) + 1;
}
void catmull_rom(const Vec2* points, int count, int samples_per_segment, Vec2* out);

// Fills `out` (reusing its storage) for a limb root → mid → tip.
void build_limb(Vec2 root, Vec2 mid, Vec2 tip, const LimbStyle& style, LimbGeometry& out);

}  // namespace spear::rig
