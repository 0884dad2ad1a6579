#include "rig/throw_motion.hpp"

#include "rig/skeleton.hpp"
#include "rig/stance.hpp"
#include "rig/track.hpp"

namespace spear::rig {

namespace {

constexpr float kTwoPi = 6.2831853f;
constexpr Ease O = Ease::OutCubic;

// Key times: rest, stance set, full wind-up, release, follow-through, rest.
constexpr Key kPelvisX[] = {{0.f, 0.f},      {0.15f, -2.f}, {0.45f, -9.f},
                            {0.58f, 8.f, O}, {0.72f, 10.f}, {1.f, 0.f}};
constexpr Key kCrouch[] = {{0.f, 0.f},      {0.15f, 2.f}, {0.45f, 5.f},
                           {0.58f, 3.f, O}, {0.72f, 6.f}, {1.f, 0.f}};
constexpr Key kLean[] = {{0.f, 0.03f},     {0.15f, 0.f},   {0.45f, -0.2f},
                         {0.58f, 0.3f, O}, {0.72f, 0.42f}, {1.f, 0.03f}};
// The throwing (near) arm goes back and up, then over the top: the angle keeps decreasing through
// −π (straight up) to forward, and ends one full turn from where it began (the same pose).
constexpr Key kNearArm[] = {{0.f, 0.08f},      {0.15f, -0.5f}, {0.45f, -2.3f},
                            {0.58f, -3.9f, O}, {0.72f, -4.9f}, {1.f, 0.08f - kTwoPi}};
constexpr Key kNearFlex[] = {{0.f, 0.2f},       {0.15f, 0.5f}, {0.45f, 1.5f},
                             {0.58f, 0.25f, O}, {0.72f, 0.4f}, {1.f, 0.2f}};
// The far arm points at the target during the wind-up, then pulls down and back.
constexpr Key kFarArm[] = {{0.f, -0.04f},    {0.15f, 0.5f},  {0.45f, 1.6f},
                           {0.58f, 0.5f, O}, {0.72f, -0.3f}, {1.f, -0.04f}};
constexpr Key kFarFlex[] = {{0.f, 0.2f},      {0.15f, 0.3f}, {0.45f, 0.2f},
                            {0.58f, 0.9f, O}, {0.72f, 0.6f}, {1.f, 0.2f}};
// Stance: the near foot steps back, then the far foot forward; in the recovery both return.
// A foot is lifted (units up, negative y) while it moves, one foot at a time.
constexpr Key kNearFootX[] = {{0.f, kStandNearFootX},
                              {0.08f, -20.f},
                              {0.8f, -20.f},
                              {0.9f, kStandNearFootX},
                              {1.f, kStandNearFootX}};
constexpr Key kFarFootX[] = {{0.f, kStandFarFootX},
                             {0.07f, kStandFarFootX},
                             {0.15f, 20.f},
                             {0.9f, 20.f},
                             {1.f, kStandFarFootX}};
constexpr Key kNearLift[] = {{0.f, 0.f},  {0.04f, -5.f}, {0.08f, 0.f},
                             {0.8f, 0.f}, {0.85f, -5.f}, {0.9f, 0.f}};
constexpr Key kFarLift[] = {{0.f, 0.f},  {0.07f, 0.f},  {0.11f, -5.f}, {0.15f, 0.f},
                            {0.9f, 0.f}, {0.95f, -5.f}, {1.f, 0.f}};

}  // namespace

BodyTargets throw_body(float p) {
  BodyTargets b = standing_body();
  plant_spear(b);
  b.pelvis = {sample_track(kPelvisX, p), -kHipHeight + sample_track(kCrouch, p)};
  b.lean = sample_track(kLean, p);
  b.head_tilt = -0.4f * b.lean;  // eyes stay on the target
  b.arm[0].a_up = sample_track(kNearArm, p);
  b.arm[0].flex = sample_track(kNearFlex, p);
  b.arm[1].a_up = sample_track(kFarArm, p);
  b.arm[1].flex = sample_track(kFarFlex, p);
  const float near_lift = sample_track(kNearLift, p);
  const float far_lift = sample_track(kFarLift, p);
  b.foot[0] = {sample_track(kNearFootX, p), near_lift};
  b.foot[1] = {sample_track(kFarFootX, p), far_lift};
  b.contact[0] = near_lift >= 0.f;
  b.contact[1] = far_lift >= 0.f;
  return b;
}

}  // namespace spear::rig
