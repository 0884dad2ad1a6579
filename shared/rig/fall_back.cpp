#include "rig/fall_back.hpp"

#include "rig/ease.hpp"
#include "rig/keyed_fall.hpp"

namespace spear::rig {

namespace {

constexpr Ease O = Ease::OutCubic;
constexpr Ease I = Ease::InCubic;

// Recoil (0.2), topple back and hit the ground (0.55), bounce and settle. Units are anchor-
// relative (the anchor stays where the target stopped it), y down.
constexpr Key kPelvisX[] = {{0.f, 0.f}, {0.2f, -8.f, O}, {0.55f, -24.f, I}, {1.f, -26.f}};
constexpr Key kPelvisY[] = {{0.f, -59.f},   {0.2f, -55.f},  {0.55f, -12.f, I},
                            {0.65f, -16.f}, {0.75f, -11.f}, {1.f, -11.f}};
// Lean is positive forward: the spine ends lying backwards, nearly flat.
constexpr Key kLean[] = {
    {0.f, 0.1f}, {0.2f, -0.4f, O}, {0.55f, -1.38f, I}, {0.7f, -1.5f}, {1.f, -1.48f}};
// Whiplash: the head stays forward as the body goes back, then rests.
constexpr Key kHeadTilt[] = {{0.f, 0.f}, {0.2f, 0.4f}, {0.55f, 0.3f}, {0.8f, 0.f}, {1.f, 0.f}};
// The feet come back under the body, kick up as it goes over, and come down in front of it.
constexpr Key kNearFootX[] = {{0.f, 6.f}, {0.2f, 4.f}, {0.55f, 12.f}, {1.f, 14.f}};
constexpr Key kNearFootY[] = {{0.f, 0.f}, {0.2f, -6.f}, {0.55f, -26.f}, {0.72f, -6.f}, {1.f, -5.f}};
constexpr Key kFarFootX[] = {{0.f, -8.f}, {0.2f, -2.f}, {0.55f, 4.f}, {1.f, 6.f}};
constexpr Key kFarFootY[] = {{0.f, 0.f}, {0.2f, -2.f}, {0.55f, -16.f}, {0.72f, -4.f}, {1.f, -3.f}};
// Hands let go of the spear, fling up for balance (FK) and end on the ground above the head.
constexpr Key kLetGo[] = {{0.f, 1.f}, {0.15f, 0.f}, {1.f, 0.f}};
constexpr Key kNearArm[] = {
    {0.f, 0.6f}, {0.25f, 2.5f}, {0.55f, 3.9f}, {0.75f, 4.85f, O}, {1.f, 4.8f}};
constexpr Key kFarArm[] = {
    {0.f, 0.9f}, {0.25f, 2.8f}, {0.55f, 4.1f}, {0.75f, 4.7f, O}, {1.f, 4.7f}};
constexpr Key kFlex[] = {{0.f, 0.5f}, {0.3f, 0.3f}, {0.6f, 0.15f}, {1.f, 0.1f}};
// The spear is knocked up and back, turning over, and lands flat behind the runner.
constexpr Key kSpearX[] = {{0.f, -5.f}, {0.35f, -30.f}, {0.62f, -40.f}, {1.f, -40.f}};
constexpr Key kSpearY[] = {{0.f, -67.f}, {0.35f, -100.f}, {0.62f, -2.f, I},
                           {0.7f, -7.f}, {0.78f, -2.f},   {1.f, -2.f}};
constexpr Key kSpearAngle[] = {{0.f, -0.25f}, {0.35f, -1.9f}, {0.62f, -3.1416f}, {1.f, -3.1416f}};
// Squash when the back hits the ground.
constexpr Key kSy[] = {{0.f, 1.f},    {0.5f, 1.f},  {0.6f, 0.8f},
                       {0.7f, 1.05f}, {0.82f, 1.f}, {1.f, 1.f}};

}  // namespace

BodyTargets fall_back_body(float p) {
  return keyed_fall_body(
      {kPelvisX, kPelvisY, kLean, kHeadTilt, kNearFootX, kNearFootY, kFarFootX, kFarFootY, kLetGo,
       kNearArm, kFarArm, kFlex, kSpearX, kSpearY, kSpearAngle, kSy},
      p);
}

}  // namespace spear::rig
