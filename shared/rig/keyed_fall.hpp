#pragma once
// A keyframed fall: every body target of the figure as its own track (rig.md §7), the hands
// letting go of the spear as the fall starts. The forward fall (fall.hpp) and the fall back from
// a target (fall_back.hpp) are two sets of keys through the same sampling.
#include <span>

#include "rig/body.hpp"
#include "rig/track.hpp"

namespace spear::rig {

struct FallTracks {
  std::span<const Key> pelvis_x, pelvis_y;  // units, anchor-relative, y down
  std::span<const Key> lean, head_tilt;     // rad
  std::span<const Key> near_foot_x, near_foot_y, far_foot_x, far_foot_y;
  std::span<const Key> let_go;             // 1 hands on the spear .. 0 let go
  std::span<const Key> near_arm, far_arm;  // FK upper-arm angles, rad
  std::span<const Key> flex;               // elbow flex of both arms, rad
  std::span<const Key> spear_x, spear_y, spear_angle;
  std::span<const Key> sy;  // vertical squash (the body's volume is kept)
};

// The body at normalized time p (0..1); the spear counts as on the ground from p 0.2.
BodyTargets keyed_fall_body(const FallTracks& tracks, float p);

}  // namespace spear::rig
