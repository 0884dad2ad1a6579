#pragma once
// The rig: a pure step from (state, input, dt) to a new state and a pose.
// No clocks, no I/O, no globals: the server, the client and the tests call the same code.
#include <array>

#include "rig/motion.hpp"
#include "rig/pose.hpp"

namespace spear::rig {

// What the owner of a figure asks of it this step.
struct RigInput {
  Motion motion = Motion::Idle;  // a change starts a blend from the current pose (no visible jump)
  float cadence = 0.f;           // cycles/s for Run/Leap/Thrust; 0 = the gait table's 2.55
  bool start_thrust = false;     // start a two-handed thrust overlay on the upper body now;
                                 // ignored while one is playing or cooling down
};

// Timings the simulation relies on (seconds). Leap (tests/unit/rig/leap_test.cpp checks it, at
// any run cadence and phase): both feet leave the ground ~0.05 s after the switch, are above 45
// units from ~0.13 s to ~0.467 s (≈ 128 units of travel at 382.5 units/s), peak ~81 at ~0.3 s, and
// are back on the ground by ~0.55 s.
inline constexpr float kLeapDuration = 0.62f;       // Leap: take-off to settled landing
inline constexpr float kThrustDuration = 0.42f;     // wind-up + strike + recovery
inline constexpr float kThrustStrikeBegin = 0.12f;  // strike window, from thrust start
inline constexpr float kThrustStrikeEnd = 0.24f;
inline constexpr float kThrustCooldown = 0.15f;  // after a thrust ends, before the next may start
inline constexpr float kFallDuration = 0.9f;     // crash to lying still
inline constexpr float kThrustLoopRest = 0.45f;  // Motion::Thrust: extra rest between two thrusts

// Everything the rig remembers between steps: plain, trivially copyable data, so a runner's
// state can be copied, hashed and rewound. Fields are public for readouts (lab, tests).
struct RigState {
  Motion motion = Motion::Idle;  // the motion playing now
  float motion_time = 0.f;       // seconds since it started
  float phase = 0.f;             // gait phase, 0..1, wraps (near foot; far foot is phase + 0.5)
  float gait = 0.f;              // 0 walk .. 1 run, eases towards the motion's target
  float cadence = 0.f;           // cycles/s in effect
  float scroll_speed = 0.f;      // ground speed this step, units/s (stride × cadence ÷ duty)
  double scroll = 0.0;           // total ground travel so far, units (ground moves towards −x)
  float thrust_time = -1.f;      // seconds since the thrust overlay started; < 0 when none
  float thrust_cooldown = 0.f;   // seconds until a new thrust may start

  // Blend from the pose at the last switch (rig.md §13), by inertialization (rig/blend.hpp):
  // the offset between the old motion continued and the new one, and its rate, at the switch, in
  // the blend space of rig/blend_space.hpp (pelvis units, bone angles in rad, spear, sy; rates per
  // second); they decay with blend_time.
  Pose blend_from{};
  float blend_time = 1e9f;  // seconds since the switch
  std::array<float, 16> blend_offset{};
  std::array<float, 16> blend_velocity{};
  float blend_scroll_offset = 0.f;  // units/s of ground speed still to fade out
  float entry_scroll_speed = 0.f;   // ground speed when the current motion started (Fall slides)

  // Foot planting: a planted foot is locked where it landed, relative to the anchor, and moved
  // with the ground (x -= scroll_speed·dt) until its swing starts; during the swing foot_lock
  // holds the lift-off point the swing starts from.
  bool foot_locked[2] = {false, false};  // [near, far]
  Vec2 foot_lock[2]{};

  Pose last{};  // the last pose produced (the blend source at the next switch)
  bool started = false;
};

// Optional readouts for the lab's skeleton overlay.
struct RigDebug {
  Vec2 foot_target[2]{};  // IK targets before the pre-clamp [near, far]
  Vec2 hand_target[2]{};  // IK targets on the spear shaft (when hands hold it)
  bool hands_on_spear = false;
};

// Advances the rig by dt seconds (any dt ≥ 0; 0 recomputes the pose) and returns the pose.
Pose step_rig(RigState& state, const RigInput& input, float dt, RigDebug* debug = nullptr);

// True while the thrust overlay is in its strike window (the tip may break a target).
bool thrust_striking(const RigState& state);

}  // namespace spear::rig
