#pragma once
// Secondary motion (rig.md §10): cosmetic, computed by the client from the interpolated pose.
// Reusable pieces, stable at any frame rate with the clamped dt.
#include <array>

#include "rig/pose.hpp"

namespace spear::rig {

// Damped spring pulling the head to its ideal place: stiffness 260, damping 26 (ζ ≈ 0.8: a little
// overshoot). The damping acts on the velocity relative to the target, so a body moving at a steady
// speed carries its head along; only changes of speed (a jerk) make it lag. The lag is capped at
// kHeadMaxLag: a jump's take-off changes speed by ~2000 units/s in one frame, and a larger lag
// reads as a stretching neck.
inline constexpr float kHeadStiffness = 260.f;  // 1/s²
inline constexpr float kHeadDamping = 26.f;     // 1/s
inline constexpr float kHeadMaxLag = 2.f;       // units
struct HeadSpring {
  Vec2 pos{};
  Vec2 vel{};
  Vec2 target{};  // the previous target, for its velocity
  bool initialised = false;
};
Vec2 step_head_spring(HeadSpring& s, Vec2 target, float dt);

// A tuft of 4 verlet points 9 units apart, the first pinned to the back of the head.
inline constexpr int kHairPoints = 4;
inline constexpr float kHairLink = 9.f;
struct Hair {
  std::array<Vec2, kHairPoints> cur{};
  std::array<Vec2, kHairPoints> prev{};
  bool initialised = false;
};
// wind_x < 0 pushes the hair backwards (the figure faces +x).
void step_hair(Hair& h, Vec2 pin, float wind_x, float dt);

// Wind for the hair from the ground speed (units/s) and whether the figure is in the air.
float hair_wind(float scroll_speed, bool airborne);

// Head spring + hair driven by a pose: what the client and spear-rig-dump run each frame. The
// sprung head swings about the chest at the pose's neck length (the neck is a bone: the head lags
// by turning, never by stretching the neck).
struct Secondary {
  HeadSpring head;
  Hair hair;
};
struct SecondaryPose {
  Vec2 head{};  // the sprung head centre
  std::array<Vec2, kHairPoints> hair{};
};
SecondaryPose step_secondary(Secondary& s, const Pose& pose, float scroll_speed, bool airborne,
                             float dt);

}  // namespace spear::rig
