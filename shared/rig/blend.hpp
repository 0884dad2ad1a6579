#pragma once
// Switching motions without a visible jump (rig.md §13), by inertialization: at the switch the
// difference between the old motion (continued) and the new one is kept as an offset x0 with its
// rate of change v0, and that offset decays like a critically damped spring,
//     x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ω·t),
// so the shown pose keeps both its position and its velocity at the switch (a plain crossfade
// from a frozen pose stops every joint dead for a frame, then drags it).
#include "rig/vec2.hpp"

namespace spear::rig {

inline constexpr float kBlendOmega = 12.f;    // 1/s: 87% of the offset gone after 0.3 s
inline constexpr float kBlendSettle = 0.85f;  // s: after this the offset (< 0.1% of x0) is dropped

float blend_offset(float x0, float v0, float t);
Vec2 blend_offset(Vec2 x0, Vec2 v0, float t);

}  // namespace spear::rig
