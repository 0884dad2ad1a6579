#include "rig/rig.hpp"

#include <algorithm>
#include <cmath>

#include "rig/blend.hpp"
#include "rig/blend_space.hpp"
#include "rig/body.hpp"
#include "rig/fall.hpp"
#include "rig/fall_back.hpp"
#include "rig/gait.hpp"
#include "rig/idle.hpp"
#include "rig/jump.hpp"
#include "rig/locomotion.hpp"
#include "rig/spear_form.hpp"
#include "rig/throw_motion.hpp"

namespace spear::rig {

namespace {

static_assert(std::tuple_size_v<decltype(RigState::blend_offset)> == kBlendChannels);

constexpr float kLookahead = 1.f / 60.f;  // s, velocity estimate at a switch when dt is 0
// units/s: ground speed still fading after a switch above which no foot counts as planted (the
// ground it would stand on moves by under 0.05 units more, 0.5 / kBlendOmega).
constexpr float kPlantedSlip = 0.5f;

struct Frame {
  RawPose raw;
  float scroll_speed = 0.f;
};

bool thrust_allowed(Motion m) {
  return m == Motion::Run || m == Motion::Leap || m == Motion::Thrust;
}

float run_cadence_of(const RigInput& in) { return in.cadence > 0.f ? in.cadence : kRunCadence; }

// Normalized time of a one-shot that loops with a rest (pose of p = 0 held during the rest).
float looped(float t, float duration, float rest) {
  const float cycle = duration + rest;
  const float tt = std::fmod(std::max(0.f, t), cycle);
  return std::min(1.f, tt / duration);
}

void advance_thrust(RigState& s, const RigInput& in, float dt) {
  if (s.thrust_time >= 0.f) {
    s.thrust_time += dt;
    if (s.thrust_time >= kThrustDuration) {
      s.thrust_time = -1.f;
      s.thrust_cooldown = kThrustCooldown + (s.motion == Motion::Thrust ? kThrustLoopRest : 0.f);
    }
  } else {
    s.thrust_cooldown = std::max(0.f, s.thrust_cooldown - dt);
  }
  const bool wants = in.start_thrust || s.motion == Motion::Thrust;
  if (wants && thrust_allowed(s.motion) && s.thrust_time < 0.f && s.thrust_cooldown <= 0.f) {
    s.thrust_time = 0.f;
  }
}

// The motion itself, no blend: advances the motion's clocks and returns its pose.
Frame advance_motion(RigState& s, const RigInput& in, float dt, RigDebug* debug) {
  s.motion_time += dt;
  advance_thrust(s, in, dt);
  Frame f;
  BodyTargets body;
  switch (s.motion) {
    case Motion::Walk:
    case Motion::Run:
    case Motion::Thrust:
    case Motion::Leap:
      body = locomotion_step(s, in, dt, &f.scroll_speed);
      break;
    case Motion::Throw:
      body = throw_body(looped(s.motion_time, kThrowDuration, kThrowRest));
      break;
    case Motion::Jump:
      body = jump_body(looped(s.motion_time, kJumpDuration, kJumpRest));
      break;
    case Motion::Form:
      body = form_body(s.motion_time);
      break;
    case Motion::Fall: {
      const float p = std::min(1.f, s.motion_time / kFallDuration);
      body = fall_body(p);
      f.scroll_speed = s.entry_scroll_speed * fall_scroll_factor(p);
      break;
    }
    case Motion::FallBack:
      // Stopped dead by the target: the ground does not move.
      body = fall_back_body(std::min(1.f, s.motion_time / kFallDuration));
      break;
    case Motion::Idle:
    case Motion::Count:
      body = idle_body(s.motion_time);
      break;
  }
  Vec2 feet[2];
  Vec2 hands[2];
  f.raw = solve_body(body, feet, hands);
  if (debug) {
    debug->foot_target[0] = feet[0];
    debug->foot_target[1] = feet[1];
    debug->hand_target[0] = hands[0];
    debug->hand_target[1] = hands[1];
    debug->hands_on_spear = body.arm[0].ik_weight >= 1.f && body.arm[1].ik_weight >= 1.f;
  }
  return f;
}

void enter_motion(RigState& s, Motion m, const RigInput& in, float scroll_speed_now) {
  const Motion prev = s.motion;
  s.motion = m;
  s.motion_time = 0.f;
  s.entry_scroll_speed = scroll_speed_now;
  if (!thrust_allowed(m)) {
    s.thrust_time = -1.f;
    s.thrust_cooldown = 0.f;
  }
  if (is_locomotion(m) && !is_locomotion(prev)) {
    s.gait = 0.f;  // set off at a walk and ease into the run
    reset_feet(s, run_cadence_of(in));
  }
}

void init_state(RigState& s, const RigInput& in) {
  s = RigState{};
  s.motion = in.motion < Motion::Count ? in.motion : Motion::Idle;
  s.gait = in.motion == Motion::Walk ? 0.f : 1.f;
  reset_feet(s, run_cadence_of(in));
  s.started = true;
}

Frame step_frame(RigState& s, const RigInput& in, float dt, RigDebug* debug) {
  if (!s.started) init_state(s, in);
  Frame out;
  // Between walk, run, thrust and leap the gait itself blends (the leap starts and ends in the
  // run): no offset needed, unless a leap is cut off in the air.
  const bool gait_switch = is_locomotion(in.motion) && is_locomotion(s.motion) &&
                           !(s.motion == Motion::Leap && s.motion_time < kLeapDuration) &&
                           !(s.thrust_time >= 0.f && !thrust_allowed(in.motion));
  if (in.motion != s.motion && gait_switch) {
    enter_motion(s, in.motion, in, s.scroll_speed);
  } else if (in.motion != s.motion && in.motion < Motion::Count) {
    // The old motion continued for this step and the next: where the figure would have been
    // and how fast each joint was moving.
    const float h = dt > 0.f ? dt : kLookahead;
    RigInput old_in = in;
    old_in.motion = s.motion;
    old_in.start_thrust = false;
    RigState old = s;
    const Frame a = step_frame(old, old_in, dt, nullptr);
    const Frame a2 = step_frame(old, old_in, h, nullptr);

    enter_motion(s, in.motion, in, a.scroll_speed);
    const Frame n = advance_motion(s, in, dt, debug);
    RigState ahead = s;
    const Frame n2 = advance_motion(ahead, in, h, nullptr);

    const BlendVector va = to_blend_space(a.raw);
    const BlendVector va2 = to_blend_space(a2.raw);
    const BlendVector vn = to_blend_space(n.raw);
    const BlendVector vn2 = to_blend_space(n2.raw);
    s.blend_offset = blend_difference(va, vn);
    const BlendVector da = blend_difference(va2, va);
    const BlendVector dn = blend_difference(vn2, vn);
    for (int c = 0; c < kBlendChannels; ++c) s.blend_velocity[c] = (da[c] - dn[c]) / h;
    // Fall brings the ground to a stop itself, from the speed at the crash; FallBack stops it at
    // once (the target is in the way), from this very step.
    const bool falls = s.motion == Motion::Fall || s.motion == Motion::FallBack;
    s.blend_scroll_offset = falls ? 0.f : a.scroll_speed - n.scroll_speed;
    s.blend_time = 0.f;
    out = n;
    out.raw.joints = a.raw.joints;
    out.raw.sy = a.raw.sy;
    out.raw.contact[0] = out.raw.contact[1] = false;
    out.scroll_speed = s.motion == Motion::FallBack ? 0.f : a.scroll_speed;
    s.blend_from = squash_pose(a.raw);
    return out;
  }

  out = advance_motion(s, in, dt, debug);
  if (s.blend_time < kBlendSettle) s.blend_time += dt;
  if (s.blend_time < kBlendSettle) {
    const float t = s.blend_time;
    BlendVector v = to_blend_space(out.raw);
    for (int c = 0; c < kBlendChannels; ++c)
      v[c] += blend_offset(s.blend_offset[c], s.blend_velocity[c], t);
    v[kBlendChannels - 1] = std::clamp(v[kBlendChannels - 1], 0.5f, 1.5f);  // sy
    const Vec2 base_feet[2] = {out.raw[Joint::FootNear], out.raw[Joint::FootFar]};
    from_blend_space(v, out.raw);
    // A foot still being carried by the blend is not planted.
    out.raw.contact[0] =
        out.raw.contact[0] && distance(base_feet[0], out.raw[Joint::FootNear]) < 0.05f;
    out.raw.contact[1] =
        out.raw.contact[1] && distance(base_feet[1], out.raw[Joint::FootFar]) < 0.05f;
    // Ground speed fades with the same curve (from rest: no rate term).
    const float slip = blend_offset(s.blend_scroll_offset, 0.f, t);
    out.scroll_speed += slip;
    // While it fades the ground moves under the new motion's feet at another speed than they do
    // (a throw's stand on a treadmill still running out): not planted until it has.
    if (std::fabs(slip) > kPlantedSlip) out.raw.contact[0] = out.raw.contact[1] = false;
  } else {
    s.blend_offset = {};
    s.blend_velocity = {};
    s.blend_scroll_offset = 0.f;
  }
  out.scroll_speed = std::max(0.f, out.scroll_speed);
  return out;
}

}  // namespace

Pose step_rig(RigState& state, const RigInput& input, float dt, RigDebug* debug) {
  if (!(dt > 0.f) || !std::isfinite(dt)) dt = 0.f;
  const Frame f = step_frame(state, input, dt, debug);
  state.scroll_speed = f.scroll_speed;
  state.scroll += static_cast<double>(f.scroll_speed) * static_cast<double>(dt);
  state.last = squash_pose(f.raw);
  return state.last;
}

bool thrust_striking(const RigState& state) {
  return state.thrust_time >= kThrustStrikeBegin && state.thrust_time <= kThrustStrikeEnd;
}

}  // namespace spear::rig
