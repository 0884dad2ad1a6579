#include "rig/ik.hpp"

#include <algorithm>
#include <cmath>

#include "rig/det_math.hpp"
#include "rig/skeleton.hpp"

namespace spear::rig {

Vec2 two_bone_ik(Vec2 root, Vec2 target, float l1, float l2, float sign) {
  const float dx = target.x - root.x;
  const float dy = target.y - root.y;
  float d = dhypot(dx, dy);
  // Reaching along the line needs a direction: a target on the root has none, pick straight down.
  double ux = 0.0, uy = 1.0;
  if (d > 1e-6f && std::isfinite(d)) {
    ux = static_cast<double>(dx) / static_cast<double>(d);
    uy = static_cast<double>(dy) / static_cast<double>(d);
  }
  const float lo = std::fabs(l1 - l2) + 0.01f;
  const float hi = std::max(lo, l1 + l2 - 0.01f);
  d = std::clamp(std::isfinite(d) ? d : hi, lo, hi);
  const float ca = std::clamp((l1 * l1 + d * d - l2 * l2) / (2.f * l1 * d), -1.f, 1.f);
  // The first bone is the root→target direction turned by the angle a whose cosine is ca (law of
  // cosines), towards `sign`: a rotation by (cos a, ±sin a), with no angle taken or made (the
  // inverse and forward trigonometry this replaces were a tenth of a server tick).
  const double c = ca;
  const double sa = (sign < 0.f ? -1.0 : 1.0) * std::sqrt(std::max(0.0, 1.0 - c * c));
  const double cx = ux * c - uy * sa;
  const double cy = uy * c + ux * sa;
  return {root.x + static_cast<float>(cx) * l1, root.y + static_cast<float>(cy) * l1};
}

Vec2 clamp_leg_target(Vec2 hip, Vec2 target) {
  const Vec2 d = target - hip;
  const float len = length(d);
  if (len <= kLegReach) return target;
  return hip + d * (kLegReach / len);
}

Chain solve_chain(Vec2 root, Vec2 target, float l1, float l2, float sign) {
  const Vec2 mid = two_bone_ik(root, target, l1, l2, sign);
  const Vec2 to = target - mid;
  const float len = length(to);
  // The end sits exactly l2 from the middle joint, on the way to the target.
  const Vec2 dir = len > 1e-6f ? to * (1.f / len) : (mid - root) * (1.f / l1);
  return {mid, mid + dir * l2};
}

}  // namespace spear::rig
