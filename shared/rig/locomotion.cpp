#include "rig/locomotion.hpp"

#include <cmath>

#include "rig/det_math.hpp"
#include "rig/ease.hpp"
#include "rig/gait.hpp"
#include "rig/leap.hpp"
#include "rig/skeleton.hpp"
#include "rig/thrust.hpp"

namespace spear::rig {

namespace {

constexpr float kTwoPi = 6.2831853f;

float gait_target(Motion m) { return m == Motion::Walk ? 0.f : 1.f; }

float run_cadence_of(const RigInput& in) { return in.cadence > 0.f ? in.cadence : kRunCadence; }

}  // namespace

bool is_locomotion(Motion m) {
  return m == Motion::Walk || m == Motion::Run || m == Motion::Thrust || m == Motion::Leap;
}

void reset_feet(RigState& s, float run_cadence) {
  const GaitParams g = gait_params(s.gait, run_cadence);
  for (int i = 0; i < 2; ++i) {
    const float pph = wrap01(s.phase + 0.5f * static_cast<float>(i));
    s.foot_locked[i] = foot_in_stance(pph, g);
    s.foot_lock[i] = s.foot_locked[i] ? Vec2{foot_path(pph, g).x + g.foot_lead, 0.f}
                                      : Vec2{-g.stride * 0.5f + g.foot_lead, 0.f};
  }
}

BodyTargets locomotion_step(RigState& s, const RigInput& in, float dt, float* scroll_speed) {
  // gait eases towards its target, frame-rate independent: never jumps.
  s.gait += (gait_target(s.motion) - s.gait) * (1.f - dexp(-kGaitEaseRate * dt));
  const GaitParams g = gait_params(s.gait, run_cadence_of(in));
  s.cadence = g.cadence;
  const float speed = gait_scroll_speed(g);
  *scroll_speed = speed;
  s.phase = wrap01(s.phase + g.cadence * dt);

  BodyTargets b;
  b.lean = g.lean;
  b.pelvis = {0.f, -pelvis_height(s.phase, g)};

  // Feet: a foot lands where its path says, then stays locked to the ground (moving with it) until
  // its swing starts; the swing runs from where it lifted off to the next landing point. In steady
  // gait this is exactly the articles' path; while gait blends it keeps planted feet planted.
  float pph[2];
  for (int i = 0; i < 2; ++i) {
    pph[i] = wrap01(s.phase + 0.5f * static_cast<float>(i));
    const bool stance = foot_in_stance(pph[i], g);
    if (stance) {
      if (s.foot_locked[i]) {
        s.foot_lock[i].x -= speed * dt;
      } else {
        s.foot_locked[i] = true;
        s.foot_lock[i] = {foot_path(pph[i], g).x + g.foot_lead, 0.f};
      }
      b.foot[i] = s.foot_lock[i];
    } else {
      if (s.foot_locked[i]) {
        s.foot_locked[i] = false;
        s.foot_lock[i].x -= speed * dt;  // the lift-off point
      }
      const float u = (pph[i] - g.duty) / (1.f - g.duty);
      const Vec2 path = foot_path(pph[i], g);
      b.foot[i] = {lerp(s.foot_lock[i].x, g.stride * 0.5f + g.foot_lead, smoothstep(u)), path.y};
    }
    b.contact[i] = stance;
  }

  // The leap lifts the body; the feet leave the gait for a hurdler's tuck while in the air.
  if (s.motion == Motion::Leap) {
    const float p = clamp01(s.motion_time / kLeapDuration);
    b.pelvis.y += leap_rise(p);
    b.lean += leap_extra_lean(p);
    const float air = leap_air(p);
    if (air > 0.f) {
      for (int i = 0; i < 2; ++i) {
        b.foot[i] = lerp(b.foot[i], b.pelvis + leap_tuck(i), air);
        b.contact[i] = false;
      }
    }
    b.sy = leap_sy(p);
  }

  // Arms: walking, FK in antiphase with the leg of the same side, elbow bent more on the forward
  // swing; the spear swings in the far hand. Running, both hands on the shaft (IK).
  const float a_run = smoothstep(s.gait);
  for (int i = 0; i < 2; ++i) {
    const float a = -g.arm_swing * dcos(kTwoPi * pph[i]);
    b.arm[i].a_up = a;
    b.arm[i].flex = lerp(0.25f, 1.3f, s.gait) + 0.55f * std::fmax(0.f, a / g.arm_swing);
  }
  const Vec2 shoulder = shoulder_of(b.pelvis, b.lean);
  const SinCos up = dsincos(b.arm[1].a_up);
  const Vec2 far_elbow = shoulder + Vec2{up.sin, up.cos} * kUpperArm;
  const float fa = b.arm[1].a_up + b.arm[1].flex;
  const SinCos fore = dsincos(fa);
  const Vec2 far_hand = far_elbow + Vec2{fore.sin, fore.cos} * kForearm;
  const float walk_angle = -0.45f + 0.5f * b.arm[1].a_up;
  const Vec2 walk_tail = far_hand - direction(walk_angle) * kWalkSpearAlong;

  const SpearHold carry = run_carry(s.phase);
  float thrust_lean = 0.f;
  const SpearHold hold =
      s.thrust_time >= 0.f ? thrust_hold(s.thrust_time, carry, &thrust_lean) : carry;
  b.lean += thrust_lean * a_run;
  hold_spear(b, hold, a_run);
  if (a_run < 1.f) {
    b.spear_tail = lerp(walk_tail, b.spear_tail, a_run);
    b.spear_angle = lerp(walk_angle, b.spear_angle, a_run);
  }
  return b;
}

}  // namespace spear::rig
