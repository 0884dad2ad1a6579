#pragma once
// Deterministic math for the rig and the sim: sin, cos, atan2, acos, exp and hypot that give the
// same bits on every compiler, optimisation level and C library.
//
// Why: the client's prediction must match the server's state hash bit for bit, and a replay
// recorded by one build must verify on another. IEEE 754 makes + − × ÷ and sqrt correctly
// rounded, so they agree everywhere; libm's transcendental functions are not specified to the
// last bit and do differ between libm versions and vendors. These functions use only + − × ÷,
// sqrt, floor and bit operations, in a fixed order (the build keeps -ffp-contract=off and never
// -ffast-math, so the compiler cannot fuse or reorder them).
//
// How: float in, float out, computed in double: range reduction (Cody–Waite for sin, cos and exp,
// argument halving for atan), then a fixed-length Taylor polynomial in Horner form whose
// truncation error is below 1e-14, so the result is the double value rounded once to float:
// within about 1 ulp of float (relative error ≤ 1.2e-7) over the ranges the tests check
// (angles |x| ≤ 1e5 rad, exp down to −87 and up to 88). Larger angles stay deterministic and in
// [−1, 1], but lose accuracy as the float input itself does. Non-finite input gives NaN (sin, cos,
// acos outside [−1, 1]) or follows IEEE/libm conventions (exp(±inf), atan2 with infinities);
// finite input never gives NaN except acos outside [−1, 1].
// -ffast-math lets the compiler reorder, fuse and approximate: different bits per build.
#if defined(__FAST_MATH__)
#error "shared/rig and shared/sim must not be built with -ffast-math (determinism)"
#endif

namespace spear::rig {

float dsin(float x);
float dcos(float x);
// Both at once, from one range reduction: the same bits as dsin(x) and dcos(x).
struct SinCos {
  float sin;
  float cos;
};
SinCos dsincos(float x);
// The angle of (x, y) in (−π, π], libm's conventions: datan2(±0, +0) = ±0, datan2(±0, −0) = ±π.
float datan2(float y, float x);
float dacos(float x);  // [0, π] for x in [−1, 1]; NaN outside
float dexp(float x);
float dhypot(float x, float y);  // sqrt(x² + y²) in double, so no overflow for finite floats

}  // namespace spear::rig
