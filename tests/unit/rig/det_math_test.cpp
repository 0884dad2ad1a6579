// The rig's deterministic math against libm's double functions (the reference: within an ulp of
// double, far finer than float), special inputs, and a fixed checksum of its bits.
#include "rig/det_math.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <limits>
#include <tuple>
#include <vector>

namespace spear::rig {
namespace {

constexpr float kPiF = 3.14159265f;  // float π (a little above π)

// Error of a float result against a double reference, in units of float's ulp at the reference.
double ulps(float got, double ref) {
  const double mag = std::fabs(ref) > 0x1p-126 ? std::fabs(ref) : 0x1p-126;
  const double ulp = std::ldexp(1.0, std::ilogb(mag) - 23);
  return std::fabs(static_cast<double>(got) - ref) / ulp;
}

struct Errors {
  double max_abs = 0.0;
  double max_ulps = 0.0;
  float worst_x = 0.f;
};

// Samples f(x) for n points evenly over [lo, hi], against ref in double.
Errors sweep(const std::function<float(float)>& f, const std::function<double(double)>& ref,
             double lo, double hi, int n) {
  Errors e;
  for (int i = 0; i <= n; ++i) {
    const auto x = static_cast<float>(lo + (hi - lo) * i / n);
    const double want = ref(x);
    const float got = f(x);
    const double abs = std::fabs(static_cast<double>(got) - want);
    const double u = ulps(got, want);
    if (abs > e.max_abs) e.max_abs = abs;
    if (u > e.max_ulps) {
      e.max_ulps = u;
      e.worst_x = x;
    }
  }
  return e;
}

void report(const char* name, const Errors& e) {
  std::printf("%-28s max abs %.3g, max %.3f ulp (at x = %.9g)\n", name, e.max_abs, e.max_ulps,
              static_cast<double>(e.worst_x));
}

float dsin_f(float x) { return dsin(x); }
float dcos_f(float x) { return dcos(x); }
double sin_d(double x) { return std::sin(x); }
double cos_d(double x) { return std::cos(x); }

TEST(DetMath, SinAndCosWithinAnUlpOverTheRigsAngles) {
  for (auto [name, f, ref] : {std::tuple{"dsin [-8pi, 8pi]", &dsin_f, &sin_d},
                              std::tuple{"dcos [-8pi, 8pi]", &dcos_f, &cos_d}}) {
    const Errors e = sweep(f, ref, -8.0 * M_PI, 8.0 * M_PI, 400000);
    report(name, e);
    EXPECT_LE(e.max_ulps, 1.0) << name << " at " << e.worst_x;
    EXPECT_LE(e.max_abs, 6e-8) << name;
  }
}

TEST(DetMath, SinAndCosStayAccurateForLargeAngles) {
  for (auto [name, f, ref] : {std::tuple{"dsin [-1e5, 1e5]", &dsin_f, &sin_d},
                              std::tuple{"dcos [-1e5, 1e5]", &dcos_f, &cos_d}}) {
    const Errors e = sweep(f, ref, -1e5, 1e5, 400000);
    report(name, e);
    EXPECT_LE(e.max_ulps, 1.0) << name << " at " << e.worst_x;
    EXPECT_LE(e.max_abs, 6e-8) << name;
  }
  // Much larger angles: still the right value (the float input is exact, only coarse).
  for (const float x : {1e6f, -3.3e6f, 1.2e7f, 1e9f, 3e38f}) {
    EXPECT_LE(std::fabs(dsin(x)), 1.f) << x;
    EXPECT_LE(std::fabs(dcos(x)), 1.f) << x;
  }
  EXPECT_NEAR(dsin(1e6f), std::sin(1e6), 1e-7);
  EXPECT_NEAR(dcos(-1e6f), std::cos(-1e6), 1e-7);
  EXPECT_NEAR(dsin(-3.3e6f), std::sin(-3.3e6), 1e-7);
  EXPECT_NEAR(dcos(1.2e7f), std::cos(1.2e7), 1e-7);
  EXPECT_NEAR(dsin(1e9f), std::sin(1e9), 1e-7);
}

TEST(DetMath, SinAndCosSpecialAngles) {
  EXPECT_EQ(dsin(0.f), 0.f);
  EXPECT_TRUE(std::signbit(dsin(-0.f)));
  EXPECT_EQ(dcos(0.f), 1.f);
  EXPECT_EQ(dcos(-0.f), 1.f);
  // float π is 8.74e-8 above π: sin of it is that, negated, not 0.
  EXPECT_EQ(dsin(kPiF), static_cast<float>(std::sin(static_cast<double>(kPiF))));
  EXPECT_EQ(dsin(-kPiF), -static_cast<float>(std::sin(static_cast<double>(kPiF))));
  EXPECT_EQ(dcos(kPiF), -1.f);
  EXPECT_EQ(dcos(-kPiF), -1.f);
  EXPECT_EQ(dsin(kPiF / 2.f), 1.f);
  EXPECT_EQ(dsin(-kPiF / 2.f), -1.f);
  EXPECT_EQ(dcos(kPiF / 2.f), static_cast<float>(std::cos(static_cast<double>(kPiF / 2.f))));
  EXPECT_NEAR(dsin(kPiF / 6.f), 0.5f, 3e-8);
  EXPECT_NEAR(dcos(kPiF / 3.f), 0.5f, 3e-8);
  EXPECT_TRUE(std::isnan(dsin(std::numeric_limits<float>::infinity())));
  EXPECT_TRUE(std::isnan(dcos(std::numeric_limits<float>::quiet_NaN())));
}

float dexp_f(float x) { return dexp(x); }
double exp_d(double x) { return std::exp(x); }

TEST(DetMath, ExpWithinAnUlp) {
  const Errors neg = sweep(dexp_f, exp_d, -87.0, 0.0, 200000);
  report("dexp [-87, 0]", neg);
  EXPECT_LE(neg.max_ulps, 1.0) << neg.worst_x;
  const Errors pos = sweep(dexp_f, exp_d, 0.0, 88.0, 200000);
  report("dexp [0, 88]", pos);
  EXPECT_LE(pos.max_ulps, 1.0) << pos.worst_x;
  const Errors small = sweep(dexp_f, exp_d, -1.0, 1.0, 200000);
  report("dexp [-1, 1]", small);
  EXPECT_LE(small.max_ulps, 1.0) << small.worst_x;
}

TEST(DetMath, ExpSpecialInputs) {
  EXPECT_EQ(dexp(0.f), 1.f);
  EXPECT_EQ(dexp(-0.f), 1.f);
  EXPECT_EQ(dexp(1.f), static_cast<float>(M_E));
  EXPECT_EQ(dexp(89.f), std::numeric_limits<float>::infinity());
  EXPECT_EQ(dexp(std::numeric_limits<float>::infinity()), std::numeric_limits<float>::infinity());
  EXPECT_EQ(dexp(-std::numeric_limits<float>::infinity()), 0.f);
  EXPECT_EQ(dexp(-200.f), 0.f);
  // Subnormal results are rounded once, like libm's.
  EXPECT_EQ(dexp(-100.f), static_cast<float>(std::exp(-100.0)));
  EXPECT_TRUE(std::isnan(dexp(std::numeric_limits<float>::quiet_NaN())));
}

TEST(DetMath, Atan2WithinAnUlpAllAround) {
  Errors e;
  for (int i = 0; i < 200000; ++i) {
    // Points on circles of several radii, all around, plus the axes exactly.
    const double a = -M_PI + 2.0 * M_PI * i / 200000.0;
    const double radius = i % 3 == 0 ? 1e-3 : i % 3 == 1 ? 1.0 : 5e3;
    const auto x = static_cast<float>(radius * std::cos(a));
    const auto y = static_cast<float>(radius * std::sin(a));
    const double want = std::atan2(static_cast<double>(y), static_cast<double>(x));
    const float got = datan2(y, x);
    e.max_abs = std::fmax(e.max_abs, std::fabs(static_cast<double>(got) - want));
    if (ulps(got, want) > e.max_ulps) {
      e.max_ulps = ulps(got, want);
      e.worst_x = y;
    }
  }
  report("datan2 circles", e);
  EXPECT_LE(e.max_ulps, 1.0);
  EXPECT_LE(e.max_abs, 2.4e-7);
}

TEST(DetMath, Atan2QuadrantsAndZeros) {
  const auto pi = static_cast<float>(M_PI);
  EXPECT_EQ(datan2(1.f, 1.f), static_cast<float>(M_PI / 4));
  EXPECT_EQ(datan2(1.f, -1.f), static_cast<float>(3 * M_PI / 4));
  EXPECT_EQ(datan2(-1.f, -1.f), static_cast<float>(-3 * M_PI / 4));
  EXPECT_EQ(datan2(-1.f, 1.f), static_cast<float>(-M_PI / 4));
  EXPECT_EQ(datan2(1.f, 0.f), static_cast<float>(M_PI / 2));
  EXPECT_EQ(datan2(-1.f, 0.f), static_cast<float>(-M_PI / 2));
  EXPECT_EQ(datan2(0.f, -1.f), pi);
  EXPECT_EQ(datan2(-0.f, -1.f), -pi);
  EXPECT_EQ(datan2(0.f, 1.f), 0.f);
  // (0, 0): libm's convention, never NaN.
  EXPECT_EQ(datan2(0.f, 0.f), 0.f);
  EXPECT_TRUE(std::signbit(datan2(-0.f, 0.f)));
  EXPECT_EQ(datan2(0.f, -0.f), pi);
  EXPECT_EQ(datan2(-0.f, -0.f), -pi);
  // Extremes of range: tiny over huge and huge over tiny.
  EXPECT_EQ(datan2(1e-30f, 1e30f), static_cast<float>(std::atan2(1e-30f, 1e30f)));
  EXPECT_EQ(datan2(3e38f, 1e-38f), static_cast<float>(M_PI / 2));
  const float inf = std::numeric_limits<float>::infinity();
  EXPECT_EQ(datan2(inf, inf), static_cast<float>(M_PI / 4));
  EXPECT_EQ(datan2(1.f, -inf), pi);
  EXPECT_TRUE(std::isnan(datan2(std::numeric_limits<float>::quiet_NaN(), 1.f)));
}

float dacos_f(float x) { return dacos(x); }
double acos_d(double x) { return std::acos(x); }

TEST(DetMath, AcosWithinAnUlp) {
  const Errors e = sweep(dacos_f, acos_d, -1.0, 1.0, 400000);
  report("dacos [-1, 1]", e);
  EXPECT_LE(e.max_ulps, 1.0) << e.worst_x;
  EXPECT_LE(e.max_abs, 2.4e-7);
  EXPECT_EQ(dacos(1.f), 0.f);
  EXPECT_EQ(dacos(-1.f), static_cast<float>(M_PI));
  EXPECT_EQ(dacos(0.f), static_cast<float>(M_PI / 2));
  EXPECT_EQ(dacos(0.5f), static_cast<float>(M_PI / 3));
  EXPECT_TRUE(std::isnan(dacos(1.0001f)));
  EXPECT_TRUE(std::isnan(dacos(-2.f)));
}

TEST(DetMath, HypotIsTheRoundedDoubleLength) {
  EXPECT_EQ(dhypot(3.f, 4.f), 5.f);
  EXPECT_EQ(dhypot(-3.f, -4.f), 5.f);
  EXPECT_EQ(dhypot(0.f, 0.f), 0.f);
  EXPECT_EQ(dhypot(3e38f, 3e38f), static_cast<float>(std::hypot(3e38, 3e38)));  // inf in float
  EXPECT_EQ(dhypot(1e-30f, 1e-30f), static_cast<float>(std::hypot(1e-30, 1e-30)));
  EXPECT_EQ(dhypot(1.f, 1.f), static_cast<float>(M_SQRT2));
}

// Every finite float, sampled by bit pattern (a fixed LCG): no NaN out of any function that is
// defined there, sin and cos inside [-1, 1].
TEST(DetMath, NoNaNForFiniteInput) {
  std::uint32_t s = 12345;
  auto next = [&] {
    s = s * 1664525u + 1013904223u;
    return s;
  };
  int checked = 0;
  while (checked < 300000) {
    const float x = std::bit_cast<float>(next());
    const float y = std::bit_cast<float>(next());
    if (!std::isfinite(x) || !std::isfinite(y)) continue;
    ++checked;
    ASSERT_FALSE(std::isnan(dsin(x))) << x;
    ASSERT_FALSE(std::isnan(dcos(x))) << x;
    ASSERT_LE(std::fabs(dsin(x)), 1.f) << x;
    ASSERT_LE(std::fabs(dcos(x)), 1.f) << x;
    ASSERT_FALSE(std::isnan(dexp(x))) << x;
    ASSERT_FALSE(std::isnan(datan2(y, x))) << y << ", " << x;
    ASSERT_FALSE(std::isnan(dhypot(x, y))) << x << ", " << y;
    const float c = std::fmod(x, 1.f);  // in (-1, 1)
    ASSERT_FALSE(std::isnan(dacos(c))) << c;
  }
}

// dsincos is dsin and dcos from one reduction: the same bits, special inputs and −0 included.
TEST(DetMath, SinCosGivesTheBitsOfSinAndCos) {
  std::uint32_t s = 777;
  auto next = [&] {
    s = s * 1664525u + 1013904223u;
    return s;
  };
  auto same = [](float a, float b) {
    return std::bit_cast<std::uint32_t>(a) == std::bit_cast<std::uint32_t>(b) ||
           (std::isnan(a) && std::isnan(b));
  };
  std::vector<float> xs = {0.f,
                           -0.f,
                           1e-40f,
                           -1e-40f,
                           kPiF,
                           -kPiF,
                           1e7f,
                           -3e9f,
                           std::numeric_limits<float>::infinity(),
                           std::numeric_limits<float>::quiet_NaN()};
  for (int i = 0; i < 200000; ++i) {
    const float angle = static_cast<float>(static_cast<std::int32_t>(next())) * 1e-8f;  // ±21 rad
    xs.push_back(angle);
    xs.push_back(std::bit_cast<float>(next()));  // any bit pattern
  }
  for (const float x : xs) {
    const SinCos sc = dsincos(x);
    ASSERT_TRUE(same(sc.sin, dsin(x))) << x;
    ASSERT_TRUE(same(sc.cos, dcos(x))) << x;
  }
}

// The bits themselves, over a fixed set of inputs, folded into one FNV-1a hash. The constant was
// computed once; a build (compiler, flags, C library) that computes any bit differently fails
// here, naming the function, before the match hash (sim/determinism_test) does.
std::uint64_t checksum(const std::function<float(float)>& f, float lo, float step, int n) {
  std::uint64_t h = 0xCBF29CE484222325ull;
  for (int i = 0; i < n; ++i) {
    const std::uint32_t bits = std::bit_cast<std::uint32_t>(f(lo + step * static_cast<float>(i)));
    for (int b = 0; b < 4; ++b) {
      h ^= (bits >> (8 * b)) & 0xFFu;
      h *= 0x100000001B3ull;
    }
  }
  return h;
}

TEST(DetMath, BitsAreTheSameOnEveryBuild) {
  const std::uint64_t sin_sum = checksum(dsin_f, -100.f, 0.0173f, 20000);
  const std::uint64_t cos_sum = checksum(dcos_f, -100.f, 0.0173f, 20000);
  const std::uint64_t exp_sum = checksum(dexp_f, -87.f, 0.0093f, 20000);
  const std::uint64_t acos_sum = checksum(dacos_f, -1.f, 0.0001f, 20000);
  const std::uint64_t atan2_sum =
      checksum([](float a) { return datan2(dsin(a), dcos(a) * 1.7f); }, -4.f, 0.0004f, 20000);
  std::printf("checksums: sin %016llx cos %016llx exp %016llx acos %016llx atan2 %016llx\n",
              static_cast<unsigned long long>(sin_sum), static_cast<unsigned long long>(cos_sum),
              static_cast<unsigned long long>(exp_sum), static_cast<unsigned long long>(acos_sum),
              static_cast<unsigned long long>(atan2_sum));
  EXPECT_EQ(sin_sum, 0x0135ea319e7b9691ull);
  EXPECT_EQ(cos_sum, 0x1d56826bda20f741ull);
  EXPECT_EQ(exp_sum, 0xc4d7c2ccf552f695ull);
  EXPECT_EQ(acos_sum, 0x97ebf069236e2358ull);
  EXPECT_EQ(atan2_sum, 0xb759c8f712f5be7eull);
}

}  // namespace
}  // namespace spear::rig
