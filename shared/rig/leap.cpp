#include "rig/leap.hpp"

#include "rig/track.hpp"

namespace spear::rig {

namespace {

// The apex at p 0.5 is 56 units above the running hip: with the feet tucked ~38 under the pelvis
// they clear a 45-unit hurdle through the middle of the leap.
constexpr Key kRise[] = {{0.f, 0.f},     {0.07f, 4.f}, {0.19f, -14.f}, {0.5f, -56.f},
                         {0.79f, -14.f}, {0.88f, 4.f}, {0.95f, -1.f},  {1.f, 0.f}};
constexpr Key kAir[] = {{0.f, 0.f},   {0.06f, 0.f}, {0.18f, 1.f},
                        {0.79f, 1.f}, {0.9f, 0.f},  {1.f, 0.f}};
constexpr Key kSy[] = {{0.f, 1.f},   {0.08f, 0.9f},  {0.18f, 1.08f}, {0.3f, 1.f},
                       {0.78f, 1.f}, {0.88f, 0.88f}, {1.f, 1.f}};
constexpr Key kLean[] = {{0.f, 0.f},    {0.08f, 0.08f}, {0.3f, 0.1f},
                         {0.7f, 0.05f}, {0.88f, 0.12f}, {1.f, 0.f}};

}  // namespace

float leap_rise(float p) {
  return sample_track(kRise, p, p < 0.5f ? Ease::OutCubic : Ease::InCubic);
}
float leap_air(float p) { return sample_track(kAir, p); }
float leap_sy(float p) { return sample_track(kSy, p); }
float leap_extra_lean(float p) { return sample_track(kLean, p); }

Vec2 leap_tuck(int foot) { return foot == 0 ? Vec2{16.f, 36.f} : Vec2{-24.f, 34.f}; }

}  // namespace spear::rig
