#include "rig/jump.hpp"

#include <algorithm>
#include <cmath>

#include "rig/skeleton.hpp"
#include "rig/stance.hpp"
#include "rig/track.hpp"

namespace spear::rig {

namespace {

constexpr Key kRootY[] = {{0.f, 0.f},     {0.2f, 10.f}, {0.32f, -6.f}, {0.5f, -160.f},
                          {0.68f, -70.f}, {0.82f, 4.f}, {0.9f, -2.f},  {1.f, 0.f}};
constexpr Key kSy[] = {{0.f, 1.f},   {0.2f, 0.84f},  {0.32f, 1.14f}, {0.45f, 1.f},
                       {0.68f, 1.f}, {0.82f, 0.82f}, {0.92f, 1.03f}, {1.f, 1.f}};
// How far below the pelvis the feet hang (units): legs nearly straight at the push, tucked in the
// air, reaching for the ground before the landing. Feet never go below the ground.
constexpr Key kLegExt[] = {{0.f, 72.f},   {0.32f, 72.f}, {0.42f, 56.f}, {0.5f, 50.f},
                           {0.62f, 58.f}, {0.76f, 72.f}, {1.f, 72.f}};
constexpr Key kLean[] = {{0.f, 0.03f},   {0.2f, 0.35f}, {0.32f, 0.05f}, {0.5f, -0.02f},
                         {0.68f, 0.05f}, {0.82f, 0.3f}, {0.92f, 0.1f},  {1.f, 0.03f}};
constexpr Key kHeadTilt[] = {{0.f, 0.f}, {0.2f, -0.25f}, {0.32f, 0.f}, {1.f, 0.f}};
// Arms swing back in the crouch, up through the take-off, forward for the landing.
constexpr Key kArm[] = {{0.f, 0.08f},  {0.2f, -0.9f}, {0.32f, 2.4f}, {0.5f, 2.7f},
                        {0.68f, 1.6f}, {0.82f, 0.6f}, {0.92f, 0.2f}, {1.f, 0.08f}};
constexpr Key kFlex[] = {{0.f, 0.2f},   {0.2f, 0.3f},  {0.32f, 0.15f}, {0.5f, 0.3f},
                         {0.68f, 0.5f}, {0.82f, 0.6f}, {1.f, 0.2f}};

}  // namespace

float jump_root_y(float p) {
  return sample_track(kRootY, p, p < 0.5f ? Ease::OutCubic : Ease::InCubic);
}

float jump_sy(float p) { return sample_track(kSy, p); }

BodyTargets jump_body(float p) {
  BodyTargets b = standing_body();
  plant_spear(b);
  b.pelvis.y = -kHipHeight + jump_root_y(p);
  const float ext = sample_track(kLegExt, p);
  for (int i = 0; i < 2; ++i) {
    // A foot leaves the ground when the leg is at its reach, not dragged up by the pre-clamp.
    const float reach = std::sqrt(kLegReach * kLegReach - b.foot[i].x * b.foot[i].x) - 0.05f;
    b.foot[i].y = std::min(0.f, b.pelvis.y + std::min(ext, reach));
    b.contact[i] = b.foot[i].y >= 0.f;
  }
  b.lean = sample_track(kLean, p);
  b.head_tilt = sample_track(kHeadTilt, p);
  const float a = sample_track(kArm, p);
  const float flex = sample_track(kFlex, p);
  b.arm[0].a_up = a;
  b.arm[0].flex = flex;
  b.arm[1].a_up = a - 0.12f;
  b.arm[1].flex = flex;
  b.sy = jump_sy(p);
  return b;
}

}  // namespace spear::rig
