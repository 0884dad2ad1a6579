#include "rig/fall.hpp"

#include "rig/ease.hpp"
#include "rig/keyed_fall.hpp"

namespace spear::rig {

namespace {

constexpr Ease O = Ease::OutCubic;
constexpr Ease I = Ease::InCubic;

// Stumble (0.25), hit the ground (0.6), bounce and settle.
constexpr Key kPelvisX[] = {{0.f, 0.f}, {0.25f, 6.f}, {0.6f, 14.f}, {1.f, 14.f}};
constexpr Key kPelvisY[] = {{0.f, -59.f},  {0.25f, -50.f}, {0.6f, -13.f, I},
                            {0.7f, -16.f}, {0.8f, -12.f},  {1.f, -12.f}};
constexpr Key kLean[] = {{0.f, 0.2f}, {0.25f, 0.6f}, {0.6f, 1.42f, I}, {0.75f, 1.5f}, {1.f, 1.5f}};
constexpr Key kHeadTilt[] = {
    {0.f, 0.f}, {0.25f, -0.35f}, {0.6f, -0.25f}, {0.8f, 0.1f}, {1.f, 0.1f}};
constexpr Key kNearFootX[] = {{0.f, -12.f}, {0.25f, -26.f}, {0.6f, -56.f}, {1.f, -57.f}};
constexpr Key kNearFootY[] = {{0.f, 0.f}, {0.25f, -14.f}, {0.6f, -12.f}, {1.f, -12.f}};
constexpr Key kFarFootX[] = {{0.f, 14.f}, {0.25f, -2.f}, {0.6f, -52.f}, {1.f, -54.f}};
constexpr Key kFarFootY[] = {{0.f, 0.f}, {0.25f, 0.f}, {0.6f, -20.f}, {1.f, -17.f}};
// Hands let go of the spear and reach forward to brace (FK), ending flat along the ground.
constexpr Key kLetGo[] = {{0.f, 1.f}, {0.18f, 0.f}, {1.f, 0.f}};
constexpr Key kNearArm[] = {{0.f, 0.6f}, {0.3f, 2.3f}, {0.6f, 1.75f, O}, {1.f, 1.7f}};
constexpr Key kFarArm[] = {{0.f, 1.f}, {0.3f, 2.0f}, {0.6f, 1.6f, O}, {1.f, 1.55f}};
constexpr Key kFlex[] = {{0.f, 0.6f}, {0.3f, 0.2f}, {0.6f, 0.15f}, {1.f, 0.1f}};
// The spear flies ahead and lands flat on the ground.
constexpr Key kSpearX[] = {{0.f, -5.f}, {0.35f, 30.f}, {0.62f, 58.f}, {0.8f, 64.f}, {1.f, 64.f}};
constexpr Key kSpearY[] = {{0.f, -67.f}, {0.35f, -82.f}, {0.62f, -2.f, I},
                           {0.7f, -7.f}, {0.78f, -2.f},  {1.f, -2.f}};
constexpr Key kSpearAngle[] = {{0.f, -0.25f}, {0.35f, -0.1f}, {0.62f, 0.f}, {1.f, 0.f}};
constexpr Key kSy[] = {{0.f, 1.f},     {0.55f, 1.f}, {0.64f, 0.8f},
                       {0.74f, 1.05f}, {0.85f, 1.f}, {1.f, 1.f}};

}  // namespace

float fall_scroll_factor(float p) {
  const float u = clamp01(p / 0.8f);
  return (1.f - u) * (1.f - u);
}

BodyTargets fall_body(float p) {
  return keyed_fall_body(
      {kPelvisX, kPelvisY, kLean, kHeadTilt, kNearFootX, kNearFootY, kFarFootX, kFarFootY, kLetGo,
       kNearArm, kFarArm, kFlex, kSpearX, kSpearY, kSpearAngle, kSy},
      p);
}

}  // namespace spear::rig
