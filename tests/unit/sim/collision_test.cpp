#include "sim/collision.hpp"

#include <gtest/gtest.h>

namespace spear::sim {
namespace {

const WorldBox kBox{10.0, 20.0, -40.0, 0.0};

TEST(SegmentTouchesBox, PointsInsideOutsideAndOnTheEdge) {
  EXPECT_TRUE(segment_touches_box({15, -10}, {15, -10}, kBox));
  EXPECT_TRUE(segment_touches_box({10, 0}, {10, 0}, kBox));
  EXPECT_FALSE(segment_touches_box({9.9, -10}, {9.9, -10}, kBox));
  EXPECT_FALSE(segment_touches_box({15, 0.1}, {15, 0.1}, kBox));
}

TEST(SegmentTouchesBox, SweptPointsDoNotTunnel) {
  // Crosses the whole box in one step.
  EXPECT_TRUE(segment_touches_box({0, -10}, {30, -10}, kBox));
  EXPECT_TRUE(segment_touches_box({30, -10}, {0, -10}, kBox));
  // Passes above it.
  EXPECT_FALSE(segment_touches_box({0, -50}, {30, -45}, kBox));
  // Diagonal that clips a corner.
  EXPECT_TRUE(segment_touches_box({5, -45}, {25, -35}, kBox));
  // Diagonal that just misses the corner.
  EXPECT_FALSE(segment_touches_box({0, -35}, {10, -50}, kBox));
  // Vertical segments, inside and outside the x range.
  EXPECT_TRUE(segment_touches_box({12, -100}, {12, 100}, kBox));
  EXPECT_FALSE(segment_touches_box({21, -100}, {21, 100}, kBox));
  // Ends short of the box.
  EXPECT_FALSE(segment_touches_box({0, -10}, {9, -10}, kBox));
}

}  // namespace
}  // namespace spear::sim
