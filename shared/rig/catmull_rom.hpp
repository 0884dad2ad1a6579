#pragma once
// The centripetal Catmull-Rom centre line of a rubber-hose limb (rig.md §11), as pure geometry.
// Shared, not drawing code: the sim's body shape (sim/body_shape.hpp) follows exactly the centre
// line the client's renderer fills (client/render/limb_geometry.hpp), so a runner crashes only on
// what is drawn. The outline, caps and triangles around it are the renderer's.
#include <vector>

#include "rig/vec2.hpp"

namespace spear::rig {

// Catmull-Rom through the points (ends extrapolated), samples_per_segment points per segment.
void catmull_rom(const Vec2* points, int count, int samples_per_segment, std::vector<Vec2>& out);
// The same points into a caller's array (no allocation: the sim uses it every tick). Writes
// catmull_rom_size(count, samples_per_segment) points.
constexpr int catmull_rom_size(int count, int samples_per_segment) {
  return count <= 0 ? 0 : (count - 1) * (samples_per_segment < 1 ? 1 : samples_per_segment) + 1;
}
void catmull_rom(const Vec2* points, int count, int samples_per_segment, Vec2* out);

}  // namespace spear::rig
