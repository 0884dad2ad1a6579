#include "render/limb_geometry.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace spear::client {
namespace {

using rig::Vec2;

float triangle_area(Vec2 a, Vec2 b, Vec2 c) {
  return 0.5f * ((b - a).x * (c - a).y - (b - a).y * (c - a).x);
}

TEST(Limb, TaperedRibbonWithRoundCaps) {
  LimbStyle st;
  st.root_width = 10.f;
  st.tip_width = 4.f;
  LimbGeometry g;
  const Vec2 root{0.f, -66.f}, mid{14.f, -34.f}, tip{2.f, 0.f};
  build_limb(root, mid, tip, st, g);
  const std::size_t n = g.centre.size();
  ASSERT_EQ(n, 17u);
  ASSERT_EQ(g.outline.size(), 2 * n + 2 * static_cast<std::size_t>(st.cap_segments));
  ASSERT_EQ(g.triangles.size() % 3, 0u);
  EXPECT_EQ(g.triangles.size(),
            3 * (2 * (n - 1) + 2 * (static_cast<std::size_t>(st.cap_segments) + 1)));
  // Width: thick at the root, thin at the tip.
  EXPECT_NEAR(rig::distance(g.outline[0], g.outline[2 * n + st.cap_segments - 1]), 10.f, 1e-3f);
  EXPECT_NEAR(rig::distance(g.outline[n - 1], g.outline[n + st.cap_segments]), 4.f, 1e-3f);
  // Round caps: every cap point at half the width from its end.
  for (int k = 0; k < st.cap_segments; ++k) {
    EXPECT_NEAR(rig::distance(g.outline[n + k], tip), 2.f, 1e-3f);
    EXPECT_NEAR(rig::distance(g.outline[2 * n + st.cap_segments + k], root), 5.f, 1e-3f);
  }
  // The tip cap reaches beyond the tip (outward), the root cap behind the root.
  const Vec2 tip_dir = (tip - g.centre[n - 2]) * (1.f / rig::distance(tip, g.centre[n - 2]));
  EXPECT_GT(rig::dot(g.outline[n + st.cap_segments / 2] - tip, tip_dir), 1.8f);
  // No degenerate triangles; total area about the ribbon's (mean width × length) plus the caps.
  float area = 0.f;
  for (std::size_t i = 0; i < g.triangles.size(); i += 3) {
    area += std::fabs(triangle_area(g.triangles[i], g.triangles[i + 1], g.triangles[i + 2]));
  }
  float len = 0.f;
  for (std::size_t i = 1; i < n; ++i) len += rig::distance(g.centre[i - 1], g.centre[i]);
  const float expected = 7.f * len + 0.5f * 3.14159f * (25.f + 4.f);
  EXPECT_NEAR(area, expected, 0.1f * expected);
}

TEST(Limb, ReusedOutputDoesNotReallocate) {
  LimbGeometry g;
  const LimbStyle st;
  build_limb({0.f, -66.f}, {10.f, -33.f}, {0.f, 0.f}, st, g);
  const Vec2* c = g.centre.data();
  const Vec2* o = g.outline.data();
  const Vec2* t = g.triangles.data();
  for (int i = 0; i < 100; ++i) {
    build_limb({0.f, -66.f}, {10.f + static_cast<float>(i) * 0.1f, -33.f},
               {static_cast<float>(i), 0.f}, st, g);
  }
  EXPECT_EQ(c, g.centre.data());
  EXPECT_EQ(o, g.outline.data());
  EXPECT_EQ(t, g.triangles.data());
}

TEST(Limb, DegenerateLimbStaysFinite) {
  LimbGeometry g;
  build_limb({1.f, 1.f}, {1.f, 1.f}, {1.f, 1.f}, LimbStyle{}, g);
  for (const Vec2& p : g.triangles) ASSERT_TRUE(std::isfinite(p.x) && std::isfinite(p.y));
  build_limb({0.f, 0.f}, {0.f, 10.f}, {0.f, 0.f}, LimbStyle{}, g);  // folded back on itself
  for (const Vec2& p : g.triangles) ASSERT_TRUE(std::isfinite(p.x) && std::isfinite(p.y));
}

}  // namespace
}  // namespace spear::client
