#include "rig/body.hpp"

#include <algorithm>
#include <cmath>

#include "rig/det_math.hpp"
#include "rig/ik.hpp"
#include "rig/skeleton.hpp"
#include "rig/squash.hpp"

namespace spear::rig {

namespace {

constexpr float kShoulderDrop = 3.f;  // shoulder sits this far below the chest along the spine

struct ArmJoints {
  Vec2 elbow, hand;
};

ArmJoints arm_fk(Vec2 shoulder, float a_up, float flex) {
  const SinCos up = dsincos(a_up);
  const SinCos fore = dsincos(a_up + flex);
  const Vec2 e = shoulder + Vec2{up.sin, up.cos} * kUpperArm;
  const Vec2 h = e + Vec2{fore.sin, fore.cos} * kForearm;
  return {e, h};
}

ArmJoints arm_ik(Vec2 shoulder, Vec2 target, float sign) {
  const Chain c = solve_chain(shoulder, target, kUpperArm, kForearm, sign);
  return {c.mid, c.end};
}

// The FK angle of a bone direction: 0 straight down, positive forward.
float fk_angle(Vec2 d) { return datan2(d.x, d.y); }

// The representative of angle a (mod 2π) nearest to ref.
float unwrap_near(float a, float ref) {
  constexpr float kTwoPi = 6.2831853f;
  return a + kTwoPi * std::round((ref - a) / kTwoPi);
}

Chain leg(Vec2 hip, Vec2 target) {
  // Knees bend forward: sign −1 (counter-clockwise on screen from a downward hip→foot line).
  return solve_chain(hip, clamp_leg_target(hip, target), kThigh, kShin, -1.f);
}

}  // namespace

Vec2 spine_direction(float lean) {
  const SinCos sc = dsincos(lean);
  return {sc.sin, -sc.cos};
}

Vec2 shoulder_of(Vec2 pelvis, float lean) {
  return pelvis + spine_direction(lean) * (kSpine - kShoulderDrop);
}

Vec2 direction(float angle) {
  const SinCos sc = dsincos(angle);
  return {sc.cos, sc.sin};
}

void hold_spear(BodyTargets& body, const SpearHold& hold, float weight) {
  const Vec2 shoulder = shoulder_of(body.pelvis, body.lean);
  const Vec2 dir = direction(hold.angle);
  const Vec2 h = dir * (kGripSpacing * 0.5f);
  Vec2 g = hold.grip;
  // A hand is kept off the shoulder (no arm folded flat): the grip is moved forward.
  for (const Vec2 q : {g - h, g + h}) {
    if (std::fabs(q.y) < kHandMinReach && length(q) < kHandMinReach) {
      g.x += std::sqrt(kHandMinReach * kHandMinReach - q.y * q.y) - q.x;
    }
  }
  // Largest k ≤ 1 with |k·g ± h| ≤ R for both hands: |k g|² + 2k|g·h| + |h|² = R².
  const float gg = dot(g, g);
  const float gh = std::fabs(dot(g, h));
  const float hh = dot(h, h);
  const float rr = kHandReach * kHandReach;
  if (gg > 1e-6f && gg + 2.f * gh + hh > rr) {
    const float k = (-gh + std::sqrt(gh * gh + gg * std::max(0.f, rr - hh))) / gg;
    g = g * std::clamp(k, 0.f, 1.f);
  }
  const Vec2 centre = shoulder + g;
  // Neither end of the shaft goes into the ground: it slides through the hands instead.
  float along = hold.along;
  constexpr float kGround = -1.f;
  const float lo = kGripSpacing * 0.5f, hi = kSpearLength - kGripSpacing * 0.5f;
  if (dir.y > 1e-4f) {  // tip lower than the grip
    along = std::max(along, kSpearLength - (kGround - centre.y) / dir.y);
  } else if (dir.y < -1e-4f) {  // tail lower than the grip
    along = std::min(along, (kGround - centre.y) / -dir.y);
  }
  along = std::clamp(along, lo, hi);
  body.arm[0].hand = centre - h;
  body.arm[0].sign = kRearElbowSign;
  body.arm[0].ik_weight = weight;
  body.arm[1].hand = centre + h;
  body.arm[1].sign = kFrontElbowSign;
  body.arm[1].ik_weight = weight;
  body.spear_tail = centre - dir * along;
  body.spear_angle = hold.angle;
}

RawPose solve_body(const BodyTargets& b, Vec2 foot_target_out[2], Vec2 hand_target_out[2]) {
  RawPose p;
  const Vec2 up = spine_direction(b.lean);
  p[Joint::Pelvis] = b.pelvis;
  p[Joint::Hip] = b.pelvis;
  p[Joint::Chest] = b.pelvis + up * kSpine;
  p[Joint::Shoulder] = b.pelvis + up * (kSpine - kShoulderDrop);
  p[Joint::Head] = p[Joint::Chest] + spine_direction(b.lean + b.head_tilt) * (kNeck + kHeadR);

  for (int i = 0; i < 2; ++i) {
    const Chain c = leg(b.pelvis, b.foot[i]);
    p[i == 0 ? Joint::KneeNear : Joint::KneeFar] = c.mid;
    p[i == 0 ? Joint::FootNear : Joint::FootFar] = c.end;
    if (foot_target_out) foot_target_out[i] = b.foot[i];
  }

  const Vec2 shoulder = p[Joint::Shoulder];
  for (int i = 0; i < 2; ++i) {
    const ArmTarget& a = b.arm[i];
    ArmJoints j;
    if (a.ik_weight <= 0.f) {
      j = arm_fk(shoulder, a.a_up, a.flex);
    } else if (a.ik_weight >= 1.f) {
      j = arm_ik(shoulder, a.hand, a.sign);
    } else {
      // Between FK and IK: blend the two solutions' angles (FK convention), so the elbow turns
      // continuously from one to the other.
      const ArmJoints k = arm_ik(shoulder, a.hand, a.sign);
      const float upper = unwrap_near(fk_angle(k.elbow - shoulder), a.a_up);
      const float fore = unwrap_near(fk_angle(k.hand - k.elbow), a.a_up + a.flex);
      const float mixed_up = a.a_up + (upper - a.a_up) * a.ik_weight;
      const float mixed_flex = a.flex + ((fore - upper) - a.flex) * a.ik_weight;
      j = arm_fk(shoulder, mixed_up, mixed_flex);
    }
    p[i == 0 ? Joint::ElbowNear : Joint::ElbowFar] = j.elbow;
    p[i == 0 ? Joint::HandNear : Joint::HandFar] = j.hand;
    if (hand_target_out) hand_target_out[i] = a.hand;
  }

  p[Joint::SpearTail] = b.spear_tail;
  p[Joint::SpearTip] = b.spear_tail + direction(b.spear_angle) * kSpearLength;
  p.sy = b.sy;
  // Planted only where the leg really reaches the ground target (not lifted by the pre-clamp).
  p.contact[0] = b.contact[0] && distance(p[Joint::FootNear], b.foot[0]) < 0.01f;
  p.contact[1] = b.contact[1] && distance(p[Joint::FootFar], b.foot[1]) < 0.01f;
  p.spear_grounded = b.spear_grounded;
  return p;
}

namespace {

// The end of a rigid part after squash: it points where the squashed body points it, at its own
// length (the neck is a bone and the spear a rigid object: squash and stretch is for the body).
Vec2 rigid_end(Vec2 from, Vec2 squashed_to, float len) {
  const Vec2 d = squashed_to - from;
  const float l = length(d);
  return l > 1e-6f ? from + d * (len / l) : squashed_to;
}

}  // namespace

Pose squash_pose(const RawPose& raw) {
  Pose out;
  const float sy = raw.sy;
  const float sx = squash_sx(sy);
  const Vec2 pivot{0.f, 0.f};
  auto squash = [&](Joint j) { return squash_point(raw[j], pivot, sx, sy); };
  for (std::size_t i = 0; i < kJointCount; ++i)
    out.joints[i] = squash_point(raw.joints[i], pivot, sx, sy);
  // The neck keeps its length: the head centre stays kNeck + kHeadR from the chest.
  out[Joint::Head] = rigid_end(out[Joint::Chest], out[Joint::Head], kNeck + kHeadR);
  if (raw.spear_grounded) {
    // Stuck upright in the ground: not part of the body.
    out[Joint::SpearTail] = raw[Joint::SpearTail];
    out[Joint::SpearTip] = raw[Joint::SpearTip];
  } else {
    // The shaft turns with the squashed hands and keeps kSpearLength, about the grip (the point
    // of the shaft between the hands), so the hands stay on it.
    const Vec2 tail = raw[Joint::SpearTail];
    const Vec2 shaft = raw[Joint::SpearTip] - tail;
    const float raw_len = length(shaft);
    if (raw_len > 1e-6f) {
      const Vec2 grip = (raw[Joint::HandNear] + raw[Joint::HandFar]) * 0.5f;
      const float t = std::clamp(dot(grip - tail, shaft) / (raw_len * raw_len), 0.f, 1.f);
      const Vec2 g = squash_point(tail + shaft * t, pivot, sx, sy);
      const Vec2 d = squash(Joint::SpearTip) - squash(Joint::SpearTail);
      const float dl = length(d);
      const Vec2 dir = dl > 1e-6f ? d * (1.f / dl) : shaft * (1.f / raw_len);
      Vec2 tail_out = g - dir * (t * kSpearLength);
      // An end the longer shaft would push into the ground slides back up through the hands (as
      // the hold does it, body.cpp: hold_spear), no lower than squash alone put it or kGround.
      constexpr float kGround = -1.f;
      constexpr float kMaxSlide = 12.f;  // units; more would pull the grip off the hands
      const bool tip_low = dir.y > 0.f;
      const Vec2 low_end = tip_low ? tail_out + dir * kSpearLength : tail_out;
      const float limit = std::max(kGround, squash(tip_low ? Joint::SpearTip : Joint::SpearTail).y);
      if (low_end.y > limit && std::fabs(dir.y) > 0.05f) {
        const float slide = std::min(kMaxSlide, (low_end.y - limit) / std::fabs(dir.y));
        tail_out += dir * (tip_low ? -slide : slide);
      }
      out[Joint::SpearTail] = tail_out;
      out[Joint::SpearTip] = tail_out + dir * kSpearLength;
    }
  }
  out.sx = sx;
  out.sy = sy;
  out.head_r = squashed_head_radius(sx, sy);
  out.contact_near = raw.contact[0];
  out.contact_far = raw.contact[1];
  return out;
}

}  // namespace spear::rig
