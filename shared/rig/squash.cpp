#include "rig/squash.hpp"

#include "rig/skeleton.hpp"

namespace spear::rig {

float squashed_head_radius(float sx, float sy) { return kHeadR * (sx + sy) * 0.5f; }

}  // namespace spear::rig
