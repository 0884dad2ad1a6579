#pragma once
// Secondary motion (rig.md §10): cosmetic, computed by the client from the interpolated pose.
// Reusable pieces, stable at any frame rate with the clamped dt.
#include <array>

#include "rig/pose.hpp"

namespace spear::rig {

// The head on its neck (rig.md §10): the neck is a rigid bone from the chest (its base) to the head
// centre, and a damped spring (stiffness 260, damping 26 per second: ζ ≈ 0.8, a hint of
// overshoot) pulls the head's angle about the neck base back to the pose's. The head is a mass
// whose centre sits a little in front of the neck's line (the face), so a jolt of the body turns
// it: the body shooting up at a take-off leaves the head behind, nodding forward; the rise slowing
// towards the apex swings it back past its place once before it settles. The damping acts on the
// turn relative to the pose's, so a body moving or leaning at a steady rate carries the head
// along; only changes of speed (a jolt) make it lag. The neck never stretches: the head stays at
// the pose's neck length from the chest whatever the spring does.
inline constexpr float kHeadStiffness = 260.f;  // 1/s² (on the angle)
inline constexpr float kHeadDamping = 26.f;     // 1/s
inline constexpr float kHeadMassAhead = 0.16f;  // rad: the head's centre of mass ahead of the neck
// rad: the most the head is drawn turned off the pose's; the spring's turn eases into it
// (kHeadMaxTurn·tanh(turn / kHeadMaxTurn)), so a hard landing nods, never folds the head down.
inline constexpr float kHeadMaxTurn = 0.4f;
struct HeadSpring {
  float turn = 0.f;  // rad, the head's angle about the neck base minus the pose's (+ = nod forward)
  float rate = 0.f;  // rad/s, relative to the pose's
  Vec2 target{};     // the previous head target (the pose's head centre)
  Vec2 target_vel{};
  bool initialised = false;
  bool moving = false;  // target_vel is known (two frames seen)
};
// Steps the spring for a head whose pose puts its centre at `head` on a neck from `chest` and
// returns the sprung head centre (at the same distance from `chest`).
Vec2 step_head_spring(HeadSpring& s, Vec2 chest, Vec2 head, float dt);

// A tuft of 4 verlet points 9 units apart, the first pinned to the back of the head. The points
// ride with the head: their velocity is the head's plus their own swing about it, and the air
// drag (×0.86 a 1/60 s step) damps the swing, so the tail answers the head's jolts (it hangs at a
// take-off, flicks up as the rise slows, whips at the landing) instead of trailing behind the
// head's speed as a straight horn; the air flowing past the figure is windX, felt more towards
// the tip (kHairWindShare: the root is in the head's lee). The tie holds the tail's root leaving
// the head along `root_dir`, and each link leans on the one before it (kHairBend, weaker towards
// the tip): gravity and wind bend the tail into a curve, not a stick.
inline constexpr int kHairPoints = 4;
inline constexpr float kHairLink = 9.f;
// The share of the way to "straight on from the link before" each point is moved a 1/60 s step
// (points 1, 2, 3; point 1 continues root_dir).
inline constexpr float kHairBend[kHairPoints - 1] = {0.06f, 0.03f, 0.015f};
// The share of windX each point feels (points 1, 2, 3).
inline constexpr float kHairWindShare[kHairPoints - 1] = {0.15f, 0.5f, 1.f};
struct Hair {
  std::array<Vec2, kHairPoints> cur{};
  std::array<Vec2, kHairPoints> prev{};
  bool initialised = false;
};
// wind_x < 0 pushes the hair backwards (the figure faces +x). `root_dir`: the way the tail
// leaves the head (from the head's centre through the pin; a zero vector: no tie).
void step_hair(Hair& h, Vec2 pin, Vec2 root_dir, float wind_x, float dt);

// Wind for the hair from the ground speed (units/s) and the seconds since the figure left the
// ground (negative: on the ground): backwards, growing with speed, with a kick at a take-off
// (kHairKick, dying away over kHairKickTime).
inline constexpr float kHairKick = 80.f;
inline constexpr float kHairKickTime = 0.12f;  // s
float hair_wind(float scroll_speed, float air_seconds);

// Head spring + hair driven by a pose: what the client and spear-rig-dump run each frame. The
// sprung head turns about the chest at the pose's neck length (the neck is a bone: the head lags
// by turning, never by stretching the neck).
struct Secondary {
  HeadSpring head;
  Hair hair;
  float air_seconds = -1.f;  // since the figure left the ground; negative on the ground
};
struct SecondaryPose {
  Vec2 head{};  // the sprung head centre
  std::array<Vec2, kHairPoints> hair{};
};
SecondaryPose step_secondary(Secondary& s, const Pose& pose, float scroll_speed, bool airborne,
                             float dt);

}  // namespace spear::rig
