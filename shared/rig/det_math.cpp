#include "rig/det_math.hpp"

#include <array>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>

// Only + − × ÷, sqrt, floor, sign and class tests below: each is exact or correctly rounded by
// IEEE 754, so every build computes the same bits. Constants are hex literals (exact).
namespace spear::rig {

namespace {

constexpr double kPi = 0x1.921fb54442d18p+1;      // π rounded to double
constexpr double kHalfPi = 0x1.921fb54442d18p+0;  // π/2 rounded to double
constexpr double kTwoOverPi = 0x1.45f306dc9c883p-1;
// π/2 split in parts with trailing zero bits (Cody–Waite), so k × part is exact for |k| < 2^20
// (|x| < 1.6e6 rad) and x − k·π/2 is accurate to about 1e-30 absolute.
constexpr double kPio2Part1 = 0x1.921fb544p+0;
constexpr double kPio2Part2 = 0x1.0b4611a6p-34;
constexpr double kPio2Part3 = 0x1.3198a2ep-69;
constexpr double kPio2Part4 = 8.47842766036889956997e-32;
// ln 2 split the same way: k × kLn2Hi is exact for the |k| ≤ 160 dexp uses.
constexpr double kLn2Hi = 0x1.62e42feep-1;
constexpr double kLn2Lo = 0x1.a39ef35793c76p-33;
constexpr double kLog2E = 0x1.71547652b82fep+0;

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// n! as a double (exact up to 22!); only ever evaluated at compile time below.
constexpr double factorial(int n) { return n <= 1 ? 1.0 : n * factorial(n - 1); }
// 1 / n!, correctly rounded (the compiler's division is IEEE's).
constexpr std::array<double, 17> kInvFactorial = [] {
  std::array<double, 17> a{};
  for (int n = 0; n < 17; ++n) a[static_cast<std::size_t>(n)] = 1.0 / factorial(n);
  return a;
}();

// sin r for |r| ≤ π/4: Taylor to r^15 (the next term is below 5e-17).
double sin_poly(double r) {
  const double r2 = r * r;
  double p = -kInvFactorial[15];
  p = kInvFactorial[13] + r2 * p;
  p = -kInvFactorial[11] + r2 * p;
  p = kInvFactorial[9] + r2 * p;
  p = -kInvFactorial[7] + r2 * p;
  p = kInvFactorial[5] + r2 * p;
  p = -kInvFactorial[3] + r2 * p;
  return r + r * (r2 * p);
}

// cos r for |r| ≤ π/4: Taylor to r^16 (the next term is below 3e-18).
double cos_poly(double r) {
  const double r2 = r * r;
  double p = kInvFactorial[16];
  p = -kInvFactorial[14] + r2 * p;
  p = kInvFactorial[12] + r2 * p;
  p = -kInvFactorial[10] + r2 * p;
  p = kInvFactorial[8] + r2 * p;
  p = -kInvFactorial[6] + r2 * p;
  p = kInvFactorial[4] + r2 * p;
  p = -kInvFactorial[2] + r2 * p;
  return 1.0 + r2 * p;
}

// x = k·π/2 + r with |r| ≤ π/4 (a little more for huge x); quadrant = k mod 4 in 0..3.
struct Reduced {
  double r;
  int quadrant;
};
Reduced reduce_half_pi(double x) {
  // Beyond 1e6 rad k × kPio2Part1 would round: first take x mod 2π (fmod is exact; the modulus is
  // 2π rounded to double, so the angle is off by about |x| × 4e-17, still 1e-7 at |x| = 2e9).
  if (std::fabs(x) > 1e6) x = std::fmod(x, 2.0 * kPi);
  const double k = std::floor(x * kTwoOverPi + 0.5);
  double r = x - k * kPio2Part1;
  r -= k * kPio2Part2;
  r -= k * kPio2Part3;
  r -= k * kPio2Part4;
  const double q = k - 4.0 * std::floor(k * 0.25);  // exact: k is an integer
  return {r, static_cast<int>(q)};
}

// atan t for t in [0, 1]: three halvings (atan t = 2 atan(t / (1 + √(1 + t²)))) bring t below
// tan(π/32) ≈ 0.0985, where Taylor to t^15 leaves an error below 1e-18.
double atan_unit(double t) {
  for (int i = 0; i < 3; ++i) t = t / (1.0 + std::sqrt(1.0 + t * t));
  const double t2 = t * t;
  double p = -1.0 / 15.0;
  p = 1.0 / 13.0 + t2 * p;
  p = -1.0 / 11.0 + t2 * p;
  p = 1.0 / 9.0 + t2 * p;
  p = -1.0 / 7.0 + t2 * p;
  p = 1.0 / 5.0 + t2 * p;
  p = -1.0 / 3.0 + t2 * p;
  return 8.0 * (t + t * (t2 * p));
}

double atan2_d(double y, double x) {
  if (std::isnan(x) || std::isnan(y)) return kNaN;
  const double a = std::fabs(y);
  const double b = std::fabs(x);
  double r = 0.0;  // the angle in [0, π/2] of (|x|, |y|)
  if (a == 0.0 && b == 0.0) {
    r = 0.0;
  } else if (std::isinf(a) && std::isinf(b)) {
    r = kHalfPi * 0.5;
  } else if (a > b) {
    r = kHalfPi - atan_unit(b / a);
  } else {
    r = atan_unit(a / b);
  }
  if (std::signbit(x)) r = kPi - r;
  return std::signbit(y) ? -r : r;
}

}  // namespace

float dsin(float x) {
  if (!std::isfinite(x)) return static_cast<float>(kNaN);
  if (x == 0.f) return x;  // keeps the sign of −0, as libm does
  const Reduced v = reduce_half_pi(x);
  switch (v.quadrant) {
    case 0:
      return static_cast<float>(sin_poly(v.r));
    case 1:
      return static_cast<float>(cos_poly(v.r));
    case 2:
      return static_cast<float>(-sin_poly(v.r));
    default:
      return static_cast<float>(-cos_poly(v.r));
  }
}

float dcos(float x) {
  if (!std::isfinite(x)) return static_cast<float>(kNaN);
  const Reduced v = reduce_half_pi(x);
  switch (v.quadrant) {
    case 0:
      return static_cast<float>(cos_poly(v.r));
    case 1:
      return static_cast<float>(-sin_poly(v.r));
    case 2:
      return static_cast<float>(-cos_poly(v.r));
    default:
      return static_cast<float>(sin_poly(v.r));
  }
}

SinCos dsincos(float x) {
  if (!std::isfinite(x)) return {static_cast<float>(kNaN), static_cast<float>(kNaN)};
  const Reduced v = reduce_half_pi(x);
  const double s = sin_poly(v.r);
  const double c = cos_poly(v.r);
  SinCos out{};
  switch (v.quadrant) {
    case 0:
      out = {static_cast<float>(s), static_cast<float>(c)};
      break;
    case 1:
      out = {static_cast<float>(c), static_cast<float>(-s)};
      break;
    case 2:
      out = {static_cast<float>(-s), static_cast<float>(-c)};
      break;
    default:
      out = {static_cast<float>(-c), static_cast<float>(s)};
      break;
  }
  if (x == 0.f) out.sin = x;  // keeps the sign of −0, as dsin does
  return out;
}

float datan2(float y, float x) { return static_cast<float>(atan2_d(y, x)); }

float dacos(float x) {
  const double v = x;
  if (!(v >= -1.0 && v <= 1.0)) return static_cast<float>(kNaN);
  // acos x = 2 atan(√((1 − x) / (1 + x))); 1 ± x is exact in double for a float x.
  return static_cast<float>(2.0 * atan2_d(std::sqrt(1.0 - v), std::sqrt(1.0 + v)));
}

float dexp(float x) {
  if (std::isnan(x)) return x;
  // Outside these bounds the float result is inf or 0 anyway; inside, 2^k stays a normal double.
  if (x > 100.f) return std::numeric_limits<float>::infinity();
  if (x < -110.f) return 0.f;
  const double v = x;
  const double k = std::floor(v * kLog2E + 0.5);
  const double r = (v - k * kLn2Hi) - k * kLn2Lo;  // |r| ≤ 0.35
  // e^r: Taylor to r^13 (the next term is below 5e-18).
  double p = kInvFactorial[13];
  for (int n = 12; n >= 0; --n) p = kInvFactorial[static_cast<std::size_t>(n)] + r * p;
  // 2^k built from its bits: exponent field k + 1023, zero mantissa.
  const auto bits = static_cast<std::uint64_t>(static_cast<std::int64_t>(k) + 1023) << 52;
  return static_cast<float>(p * std::bit_cast<double>(bits));
}

float dhypot(float x, float y) {
  const double a = x;
  const double b = y;
  return static_cast<float>(std::sqrt(a * a + b * b));
}

}  // namespace spear::rig
