#pragma once
// What a motion asks of the body, and the solver that turns it into joints: legs by IK (with the
// pre-clamp), arms by FK or by IK on the spear shaft, spine and neck by lean angles (rig.md §3–4).
#include "rig/raw_pose.hpp"
#include "rig/vec2.hpp"

namespace spear::rig {

// One arm. FK uses the articles' convention: 0 points straight down, positive swings forward;
// elbow = shoulder + UARM·(sin a, cos a), hand = elbow + FARM·(sin(a + flex), cos(a + flex)).
// IK reaches `hand` with elbow sign `sign`. ik_weight blends the two results (0 = FK, 1 = IK).
struct ArmTarget {
  float a_up = 0.f;   // rad
  float flex = 0.2f;  // rad, forearm relative to the upper arm, positive bends forward
  Vec2 hand{};        // IK target
  float sign = 1.f;
  float ik_weight = 0.f;
};

struct BodyTargets {
  Vec2 pelvis{0.f, -66.f};
  float lean = 0.f;       // rad, spine from vertical, positive leans forward (+x)
  float head_tilt = 0.f;  // rad, neck relative to the spine, positive forward
  Vec2 foot[2]{};         // IK targets [near, far] (before the pre-clamp)
  ArmTarget arm[2]{};     // [near, far]
  Vec2 spear_tail{};
  float spear_angle = 0.f;  // rad, direction tail → tip, atan2 convention in y-down space
  float sy = 1.f;
  bool contact[2] = {false, false};
  bool spear_grounded = false;
};

// How two hands hold the spear (rig.md §4, §8): the grip centre relative to the shoulder, the
// shaft's angle and where along the shaft the grip centre is (units from the tail). The near hand
// is the rear hand, the far hand the front one; their elbows bend opposite ways.
struct SpearHold {
  Vec2 grip{14.f, 26.f};
  float angle = -0.25f;
  float along = 40.f;
};
inline constexpr float kGripSpacing = 24.f;  // units between the two hands on the shaft
inline constexpr float kHandReach = 50.5f;   // a hand target farther from the shoulder is pulled in
inline constexpr float kHandMinReach = 14.f;  // a hand target nearer the shoulder is pushed forward
inline constexpr float kRearElbowSign = 1.f;  // near (rear) elbow
inline constexpr float kFrontElbowSign = -1.f;  // far (front) elbow: opposite

Vec2 spine_direction(float lean);  // unit vector pelvis → chest
Vec2 shoulder_of(Vec2 pelvis, float lean);
Vec2 direction(float angle);  // (cos, sin)

// Sets both arms to IK on the shaft and the spear from the hold; ik_weight of both arms = weight.
// The grip is pulled towards the shoulder when a hand could not reach it, so hands stay on the
// shaft.
void hold_spear(BodyTargets& body, const SpearHold& hold, float weight = 1.f);

// Solve the targets into joints. Bone lengths hold exactly (the spear keeps kSpearLength).
RawPose solve_body(const BodyTargets& body, Vec2 foot_target_out[2] = nullptr,
                   Vec2 hand_target_out[2] = nullptr);

}  // namespace spear::rig
