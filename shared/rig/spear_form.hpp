#pragma once
// The spear form (kata), rig.md §8: 17 poses plus a closing key equal to the first, so it loops
// with no seam. Two identical waypoints in a row are a hold; thrusts arrive with easeOutCubic.
// Stationary: the ground does not scroll.
#include <span>
#include <string_view>

#include "rig/body.hpp"
#include "rig/ease.hpp"

namespace spear::rig {

struct FormWaypoint {
  float t;  // s from the start of the form
  float
      spear_angle;  // rad, tail → tip (0 points forward, negative tip up); sampled by shortest arc
  Vec2 grip;        // grip centre relative to the shoulder, units
  float along;      // grip centre's distance from the spear's tail, units
  float lean;       // rad, forward
  float shift;      // units, weight shift: pelvis x
  float crouch;     // units the pelvis is lowered from HIP_H
  float stance;     // units between the feet (near foot back, far foot forward)
  float lift;       // units the far (front) foot is raised: the crane of the overhead turn
  float sy;         // squash
  Ease ease;        // ease of the segment arriving at this waypoint
  const char* name;  // what the pose is (docs, lab readout)
};

inline constexpr int kFormPoses = 17;
std::span<const FormWaypoint> form_waypoints();  // kFormPoses + 1 (the closing key)
float form_duration();                           // s, one loop

// Authoring check: 18 waypoints, times increasing (holds have distinct times), closing key equal
// to the first, every grip reachable.
bool form_valid();

// The waypoint values at time t (s, wraps) and the index of the segment t falls in.
// *progress: the segment's eased progress (0..1).
FormWaypoint sample_form(float t, int* segment = nullptr, float* progress = nullptr);
BodyTargets form_body(float t);

// What the form shows at time t (s, wraps), for the lab's readout: the name of the pose it is
// moving into or holding ("low sweep"; the closing key is "ready" again), without the "(hold)" of
// a hold's second waypoint; `hold` while it stands in a hold.
struct FormPose {
  std::string_view name;
  bool hold = false;
};
FormPose form_pose_at(float t);

}  // namespace spear::rig
