#include "rig/ik.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

#include "rig/skeleton.hpp"

namespace spear::rig {
namespace {

bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

TEST(TwoBoneIk, NeverNanAndKeepsBothBonesOnRandomFiniteInput) {
  std::mt19937 rng(1234);
  std::uniform_real_distribution<float> pos(-400.f, 400.f);
  std::uniform_real_distribution<float> bone(1.f, 80.f);
  std::uniform_int_distribution<int> sign(0, 1);
  for (int i = 0; i < 100000; ++i) {
    const Vec2 root{pos(rng), pos(rng)};
    // Some targets exactly on the root or a hair away: the degenerate corners.
    Vec2 target{pos(rng), pos(rng)};
    if (i % 50 == 0) target = root;
    if (i % 50 == 1) target = root + Vec2{1e-7f, 0.f};
    const float l1 = bone(rng);
    const float l2 = bone(rng);
    const float s = sign(rng) ? 1.f : -1.f;
    const Chain c = solve_chain(root, target, l1, l2, s);
    ASSERT_TRUE(finite(c.mid) && finite(c.end)) << i;
    ASSERT_NEAR(distance(root, c.mid), l1, 1e-3f * std::max(1.f, l1)) << i;
    ASSERT_NEAR(distance(c.mid, c.end), l2, 1e-3f * std::max(1.f, l2)) << i;
  }
}

TEST(TwoBoneIk, ExtremeButFiniteInputsStayFinite) {
  const float big = 1e18f;
  for (const Vec2 t : {Vec2{big, -big}, Vec2{-big, 0.f}, Vec2{1e-30f, 1e-30f}, Vec2{0.f, 0.f}}) {
    EXPECT_TRUE(finite(two_bone_ik({0.f, 0.f}, t, kThigh, kShin, 1.f)));
    EXPECT_TRUE(finite(solve_chain({0.f, 0.f}, t, kUpperArm, kForearm, -1.f).end));
  }
}

TEST(TwoBoneIk, ReachableTargetIsReachedExactly) {
  const Vec2 hip{0.f, -66.f};
  const Vec2 foot{12.f, 0.f};
  const Chain c = solve_chain(hip, foot, kThigh, kShin, -1.f);
  EXPECT_NEAR(distance(c.end, foot), 0.f, 1e-3f);
  // Knees bend forward (+x) with sign −1 for a foot under the hip.
  EXPECT_GT(c.mid.x, 0.5f * (hip.x + foot.x));
}

TEST(TwoBoneIk, UnreachableTargetReachesAlongTheLine) {
  const Vec2 root{10.f, 20.f};
  const Vec2 target{210.f, 170.f};  // 250 away, chain 62 long
  const Chain c = solve_chain(root, target, kUpperArm, kForearm, 1.f);
  const Vec2 dir = (target - root) * (1.f / distance(root, target));
  // Both joints on the root→target line, nearly straight, pointing at the target.
  const Vec2 m = c.mid - root;
  const Vec2 e = c.end - root;
  EXPECT_NEAR(m.x * dir.y - m.y * dir.x, 0.f, 1.f);  // 0.01 short of straight: a 0.7-unit bend
  EXPECT_NEAR(e.x * dir.y - e.y * dir.x, 0.f, 1.f);
  EXPECT_NEAR(dot(e, dir), kUpperArm + kForearm - 0.01f, 0.05f);
}

TEST(TwoBoneIk, TooCloseTargetKeepsATriangle) {
  const Chain c = solve_chain({0.f, 0.f}, {0.5f, 0.f}, 40.f, 25.f, 1.f);
  EXPECT_NEAR(distance({0.f, 0.f}, c.end), 15.01f, 0.05f);  // |l1 − l2| + 0.01
}

TEST(TwoBoneIk, SignsPickMirrorSolutions) {
  const Vec2 root{0.f, 0.f};
  const Vec2 target{40.f, 0.f};
  const Vec2 a = two_bone_ik(root, target, 27.f, 25.f, 1.f);
  const Vec2 b = two_bone_ik(root, target, 27.f, 25.f, -1.f);
  EXPECT_GT(a.y, 1.f);  // +1: clockwise on screen (y down): below the line
  EXPECT_LT(b.y, -1.f);
  EXPECT_NEAR(a.x, b.x, 1e-4f);
}

TEST(LegPreClamp, PullsFarTargetsBackAlongTheLine) {
  const Vec2 hip{0.f, -66.f};
  const Vec2 far{30.f, 0.f};  // 72.5 away: right at the limit
  const Vec2 farther{60.f, 40.f};
  EXPECT_EQ(clamp_leg_target(hip, {5.f, 0.f}), (Vec2{5.f, 0.f}));
  const Vec2 c = clamp_leg_target(hip, farther);
  EXPECT_NEAR(distance(hip, c), kLegReach, 1e-3f);
  const Vec2 d0 = farther - hip;
  const Vec2 d1 = c - hip;
  EXPECT_NEAR(d0.x * d1.y - d0.y * d1.x, 0.f, 1e-2f);
  EXPECT_GT(dot(d0, d1), 0.f);
  EXPECT_LE(distance(hip, clamp_leg_target(hip, far)), kLegReach + 1e-4f);
  // So the leg never snaps straight: the chain keeps a bend of more than a few degrees.
  const Chain leg = solve_chain(hip, c, kThigh, kShin, -1.f);
  EXPECT_GT(distance(leg.mid, lerp(hip, leg.end, 0.5f)), 5.f);
}

}  // namespace
}  // namespace spear::rig
