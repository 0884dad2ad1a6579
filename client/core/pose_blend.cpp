#include "core/pose_blend.hpp"

#include <algorithm>
#include <cmath>

namespace spear::client {

rig::Pose lerp_pose(const rig::Pose& a, const rig::Pose& b, float t) {
  rig::Pose out = t < 0.5f ? a : b;
  for (std::size_t i = 0; i < rig::kJointCount; ++i)
    out.joints[i] = rig::lerp(a.joints[i], b.joints[i], t);
  out.sx = a.sx + (b.sx - a.sx) * t;
  out.sy = a.sy + (b.sy - a.sy) * t;
  out.head_r = a.head_r + (b.head_r - a.head_r) * t;
  return out;
}

rig::Pose extrapolate_pose(const rig::Pose& prev, const rig::Pose& p, float k) {
  rig::Pose out = lerp_pose(prev, p, 1.f + k);
  // Scales outside the rig's range would turn the figure inside out: keep them plausible.
  out.sx = std::clamp(out.sx, 0.5f, 1.5f);
  out.sy = std::clamp(out.sy, 0.5f, 1.5f);
  out.head_r = std::max(out.head_r, 1.f);
  out.contact_near = p.contact_near;
  out.contact_far = p.contact_far;
  return out;
}

float lerp_phase(float a, float b, float t) {
  float d = b - a;
  d -= std::round(d);  // the shortest way: −0.5..0.5 of a cycle
  const float p = a + d * t;
  const float w = p - std::floor(p);
  return std::isfinite(w) && w < 1.f ? w : 0.f;
}

rig::RigDebug lerp_rig_debug(const rig::RigDebug& a, const rig::RigDebug& b, float t) {
  rig::RigDebug out = t < 0.5f ? a : b;
  // Hand targets mean something only while the hands hold the shaft: across a grip or a
  // release they come from the nearer side, unblended.
  const bool hands = a.hands_on_spear && b.hands_on_spear;
  for (int side = 0; side < 2; ++side) {
    out.foot_target[side] = rig::lerp(a.foot_target[side], b.foot_target[side], t);
    if (hands) out.hand_target[side] = rig::lerp(a.hand_target[side], b.hand_target[side], t);
  }
  return out;
}

float max_joint_distance(const rig::Pose& a, const rig::Pose& b) {
  float worst = 0.f;
  for (std::size_t i = 0; i < rig::kJointCount; ++i)
    worst = std::max(worst, rig::distance(a.joints[i], b.joints[i]));
  return worst;
}

}  // namespace spear::client
