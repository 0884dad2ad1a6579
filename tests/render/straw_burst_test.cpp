// The straw burst is a pure function of (id, age): same input, same straw; it flies, lands, fades.
#include "render/straw_burst.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace spear::client {
namespace {

TEST(StrawBurst, SameIdAndAgeGiveTheSameStraw) {
  std::vector<StrawParticle> a, b;
  straw_burst(7, 150.f, 0.3f, a);
  straw_burst(7, 150.f, 0.3f, b);
  ASSERT_EQ(a.size(), static_cast<std::size_t>(kStrawParticles));
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].pos, b[i].pos);
    EXPECT_EQ(a[i].angle, b[i].angle);
  }
}

TEST(StrawBurst, DifferentTargetsBurstDifferently) {
  std::vector<StrawParticle> a, b;
  straw_burst(7, 150.f, 0.3f, a);
  straw_burst(8, 150.f, 0.3f, b);
  int same = 0;
  for (std::size_t i = 0; i < a.size(); ++i) same += a[i].pos == b[i].pos ? 1 : 0;
  EXPECT_LT(same, 2);
}

TEST(StrawBurst, FliesUpThenLandsAndStaysOnTheGround) {
  std::vector<StrawParticle> start, flying, landed, later;
  straw_burst(3, 150.f, 0.f, start);
  straw_burst(3, 150.f, 0.15f, flying);
  straw_burst(3, 150.f, 2.f, landed);
  straw_burst(3, 150.f, 2.3f, later);
  float spread0 = 0.f, spread1 = 0.f;
  for (std::size_t i = 0; i < start.size(); ++i) {
    EXPECT_LE(start[i].pos.y, 0.f);
    EXPECT_LE(flying[i].pos.y, 0.f);
    spread0 += std::abs(start[i].pos.x);
    spread1 += std::abs(flying[i].pos.x);
    // After 2 s everything has landed and lies still, just above the ground.
    EXPECT_NEAR(landed[i].pos.y, -1.f, 1e-4f);
    EXPECT_EQ(landed[i].pos, later[i].pos);
    EXPECT_FLOAT_EQ(landed[i].alpha, 1.f);
  }
  EXPECT_GT(spread1, spread0 * 2.f);  // it bursts outwards
}

TEST(StrawBurst, FadesAndEnds) {
  std::vector<StrawParticle> p;
  straw_burst(3, 150.f, kStrawRestTime + kStrawFadeTime * 0.5f, p);
  ASSERT_FALSE(p.empty());
  EXPECT_NEAR(p[0].alpha, 0.5f, 1e-3f);
  straw_burst(3, 150.f, kStrawRestTime + kStrawFadeTime + 0.01f, p);
  EXPECT_TRUE(p.empty());
  straw_burst(3, 150.f, -1.f, p);
  EXPECT_TRUE(p.empty());
  straw_burst(3, std::nanf(""), 0.5f, p);
  EXPECT_TRUE(p.empty());
}

}  // namespace
}  // namespace spear::client
