#include "rig/keyed_fall.hpp"

#include "rig/thrust.hpp"

namespace spear::rig {

BodyTargets keyed_fall_body(const FallTracks& t, float p) {
  BodyTargets b;
  b.pelvis = {sample_track(t.pelvis_x, p), sample_track(t.pelvis_y, p)};
  b.lean = sample_track(t.lean, p);
  b.head_tilt = sample_track(t.head_tilt, p);
  b.foot[0] = {sample_track(t.near_foot_x, p), sample_track(t.near_foot_y, p)};
  b.foot[1] = {sample_track(t.far_foot_x, p), sample_track(t.far_foot_y, p)};
  b.contact[0] = b.contact[1] = false;
  const float flex = sample_track(t.flex, p);
  b.arm[0].a_up = sample_track(t.near_arm, p);
  b.arm[0].flex = flex;
  b.arm[1].a_up = sample_track(t.far_arm, p);
  b.arm[1].flex = flex;
  const float hold = sample_track(t.let_go, p);
  if (hold > 0.f) hold_spear(b, run_carry(0.f), hold);
  b.spear_tail = {sample_track(t.spear_x, p), sample_track(t.spear_y, p)};
  b.spear_angle = sample_track(t.spear_angle, p);
  b.spear_grounded = p > 0.2f;  // out of the hands: not squashed with the body
  b.sy = sample_track(t.sy, p);
  return b;
}

}  // namespace spear::rig
