#include "rig/idle.hpp"

#include <cmath>

#include "rig/det_math.hpp"
#include "rig/stance.hpp"

namespace spear::rig {

BodyTargets idle_body(float t) {
  BodyTargets b = standing_body();
  const float breath = dsin(6.2831853f * t / kBreathPeriod);
  b.pelvis.y += 0.6f * breath;
  b.lean = 0.03f + 0.012f * breath;
  b.head_tilt = -0.02f * breath;
  b.arm[0].a_up = 0.08f + 0.03f * breath;
  // The staff: tail on the ground ahead of the far foot, far hand on the shaft near chest height.
  b.spear_tail = {24.f, 0.f};
  b.spear_angle = -1.5708f + 0.1f;
  b.spear_grounded = true;
  const Vec2 dir = direction(b.spear_angle);
  b.arm[1].hand = b.spear_tail + dir * 84.f;
  b.arm[1].sign = 1.f;  // one hand: elbow hangs down
  b.arm[1].ik_weight = 1.f;
  return b;
}

}  // namespace spear::rig
