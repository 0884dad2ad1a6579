// The hose's centre line (rig/catmull_rom.hpp), shared by the sim's body shape and the renderer.
#include "rig/catmull_rom.hpp"

#include <gtest/gtest.h>

namespace spear::rig {
namespace {

TEST(CatmullRom, PassesThroughEveryPointWithTheRightCount) {
  const Vec2 pts[3] = {{0.f, -66.f}, {12.f, -33.f}, {4.f, 0.f}};
  std::vector<Vec2> out;
  catmull_rom(pts, 3, 8, out);
  ASSERT_EQ(out.size(), 17u);
  EXPECT_EQ(out[0], pts[0]);
  EXPECT_NEAR(distance(out[8], pts[1]), 0.f, 1e-4f);
  EXPECT_EQ(out[16], pts[2]);
  // Smooth: consecutive samples close together, no loops.
  for (std::size_t i = 1; i < out.size(); ++i) EXPECT_LT(distance(out[i - 1], out[i]), 8.f);
  catmull_rom(pts, 1, 8, out);
  EXPECT_EQ(out.size(), 1u);
  catmull_rom(nullptr, 0, 8, out);
  EXPECT_TRUE(out.empty());
}

TEST(CatmullRom, TheArrayFormWritesTheSamePoints) {
  const Vec2 pts[3] = {{0.f, -66.f}, {12.f, -33.f}, {4.f, 0.f}};
  std::vector<Vec2> v;
  catmull_rom(pts, 3, 8, v);
  Vec2 a[catmull_rom_size(3, 8)];
  catmull_rom(pts, 3, 8, a);
  ASSERT_EQ(v.size(), std::size(a));
  for (std::size_t i = 0; i < v.size(); ++i) EXPECT_EQ(v[i], a[i]) << i;
  EXPECT_EQ(catmull_rom_size(3, 0), 3);  // at least one sample a segment
  EXPECT_EQ(catmull_rom_size(0, 8), 0);
}

}  // namespace
}  // namespace spear::rig
