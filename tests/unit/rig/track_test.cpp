#include "rig/track.hpp"

#include <gtest/gtest.h>

#include "rig/ease.hpp"
#include "rig/jump.hpp"

namespace spear::rig {
namespace {

constexpr Key kKeys[] = {{0.2f, 5.f}, {0.5f, 15.f}, {0.5f, -3.f}, {0.8f, 7.f, Ease::Linear}};

TEST(Track, BeforeFirstAndAfterLastHoldTheEndValues) {
  EXPECT_EQ(sample_track(kKeys, 0.f), 5.f);
  EXPECT_EQ(sample_track(kKeys, -3.f), 5.f);
  EXPECT_EQ(sample_track(kKeys, 0.9f), 7.f);
  EXPECT_EQ(sample_track(kKeys, 42.f), 7.f);
}

TEST(Track, ZeroLengthSegmentDoesNotDivideByZero) {
  const float at = sample_track(kKeys, 0.5f);
  EXPECT_TRUE(std::isfinite(at));
  EXPECT_EQ(at, 15.f);  // the first key of the pair wins at its time
  EXPECT_NEAR(sample_track(kKeys, 0.5001f), -3.f, 0.01f);
}

TEST(Track, DefaultEaseIsSmoothstepAndPerSegmentEaseApplies) {
  // Segment 0.2 → 0.5 (smooth): a quarter in is smoothstep(0.25) of the way.
  EXPECT_NEAR(sample_track(kKeys, 0.275f), 5.f + 10.f * smoothstep(0.25f), 1e-4f);
  // Segment 0.5 → 0.8 is linear.
  EXPECT_NEAR(sample_track(kKeys, 0.65f), 2.f, 1e-4f);
  EXPECT_NEAR(sample_track(kKeys, 0.275f, Ease::Linear), 7.5f, 1e-4f);
}

TEST(Track, EasesHitTheirEndsAndShapes) {
  for (Ease e : {Ease::Smooth, Ease::Linear, Ease::OutCubic, Ease::InCubic}) {
    EXPECT_EQ(apply_ease(e, 0.f), 0.f);
    EXPECT_EQ(apply_ease(e, 1.f), 1.f);
  }
  EXPECT_GT(ease_out_cubic(0.25f), 0.5f);  // fast start
  EXPECT_LT(ease_in_cubic(0.5f), 0.2f);    // slow start
}

TEST(Track, Validation) {
  EXPECT_TRUE(track_valid(kKeys));
  constexpr Key unsorted[] = {{0.f, 0.f}, {0.6f, 1.f}, {0.4f, 2.f}};
  constexpr Key outside[] = {{0.f, 0.f}, {1.2f, 1.f}};
  EXPECT_FALSE(track_valid(unsorted));
  EXPECT_FALSE(track_valid(outside));
  EXPECT_FALSE(track_valid(std::span<const Key>{}));
}

TEST(JumpTrack, IsTheArticlesTrack) {
  EXPECT_EQ(jump_root_y(0.f), 0.f);
  EXPECT_EQ(jump_root_y(0.2f), 10.f);
  EXPECT_EQ(jump_root_y(0.32f), -6.f);
  EXPECT_EQ(jump_root_y(0.5f), -160.f);
  EXPECT_EQ(jump_root_y(0.68f), -70.f);
  EXPECT_EQ(jump_root_y(0.82f), 4.f);
  EXPECT_EQ(jump_root_y(0.9f), -2.f);
  EXPECT_EQ(jump_root_y(1.f), 0.f);
  // Ease-out on the way up: most of the rise early in the segment.
  EXPECT_LT(jump_root_y(0.41f), -6.f - 0.8f * 154.f);
  // Ease-in on the way down: the fall starts slowly.
  EXPECT_LT(jump_root_y(0.59f), -160.f + 0.2f * 90.f);
}

}  // namespace
}  // namespace spear::rig
