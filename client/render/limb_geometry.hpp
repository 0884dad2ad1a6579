#pragma once
// Rubber-hose limb geometry (rig.md §11): the tapered ribbon with round caps around the shared
// Catmull-Rom centre line (rig/catmull_rom.hpp), as triangles the renderer fills. Pure code (no
// SFML: the library spear_limb_geometry), so the sim's tests can check the body shape against
// the figure as drawn.
#include <vector>

#include "rig/catmull_rom.hpp"
#include "rig/figure_shape.hpp"
#include "rig/vec2.hpp"

namespace spear::client {

struct LimbStyle {
  float root_width = rig::kLimbRootWidth;  // full width at the root (hip, shoulder), units
  float tip_width = rig::kLimbTipWidth;    // full width at the tip (foot, hand), units
  int samples_per_segment = rig::kLimbSamplesPerSegment;  // Catmull-Rom samples between points
  int cap_segments = 8;                                   // points on each half-circle cap
};

struct LimbGeometry {
  std::vector<rig::Vec2> centre;     // Catmull-Rom centre line, root to tip, through all 3 points
  std::vector<rig::Vec2> outline;    // closed: one side root→tip, tip cap, other side, root cap
  std::vector<rig::Vec2> triangles;  // the filled ribbon and caps as a triangle list (3 each)
};

// Fills `out` (reusing its storage) for a limb root → mid → tip.
void build_limb(rig::Vec2 root, rig::Vec2 mid, rig::Vec2 tip, const LimbStyle& style,
                LimbGeometry& out);

}  // namespace spear::client
