#include "rig/stance.hpp"

#include "rig/skeleton.hpp"

namespace spear::rig {

BodyTargets standing_body() {
  BodyTargets b;
  b.pelvis = {0.f, -kHipHeight};
  b.lean = 0.03f;
  b.foot[0] = {kStandNearFootX, 0.f};
  b.foot[1] = {kStandFarFootX, 0.f};
  b.contact[0] = b.contact[1] = true;
  b.arm[0] = {0.08f, 0.2f, {}, 1.f, 0.f};
  b.arm[1] = {-0.04f, 0.2f, {}, 1.f, 0.f};
  return b;
}

void plant_spear(BodyTargets& b) {
  b.spear_tail = {-44.f, 0.f};
  b.spear_angle = -1.5708f + 0.08f;  // tip up, leaning a little forward
  b.spear_grounded = true;
}

}  // namespace spear::rig
