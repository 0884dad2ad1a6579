// The display clock of the own predicted runner: real time, slewed boundedly, resynced on a
// large error.
#include "core/prediction_clock.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace spear::client {
namespace {

TEST(PredictionClock, StartsAtTheEstimateAndRunsAtRealTime) {
  PredictionClock c;
  EXPECT_FALSE(c.valid());
  EXPECT_DOUBLE_EQ(c.advance(0.0, 10.0), 10.0);
  EXPECT_TRUE(c.valid());
  for (int i = 1; i <= 60; ++i)
    EXPECT_NEAR(c.advance(1.0 / 60, 10.0 + i / 60.0), 10.0 + i / 60.0, 1e-9);
}

TEST(PredictionClock, AJumpingEstimateIsFollowedAtABoundedRate) {
  PredictionClockConfig cfg;
  PredictionClock c(cfg);
  c.advance(0.0, 0.0);
  double now = 0.0, shown = 0.0;
  // The estimate jumps 30 ms ahead (an early snapshot): the clock never jumps, and every frame
  // it advances by real time within max_rate.
  for (int i = 0; i < 600; ++i) {
    const double dt = 1.0 / 144;
    now += dt;
    const double next = c.advance(dt, now + 0.03);
    const double rate = (next - shown) / dt;
    EXPECT_GE(rate, 1.0 - cfg.max_rate - 1e-9) << i;
    EXPECT_LE(rate, 1.0 + cfg.max_rate + 1e-9) << i;
    shown = next;
  }
  // ... and has caught up after a few seconds.
  EXPECT_NEAR(c.error(), 0.0, 0.005);
  EXPECT_EQ(c.resyncs(), 0u);
}

TEST(PredictionClock, AFarEstimateIsAResync) {
  PredictionClock c;
  c.advance(0.0, 5.0);
  EXPECT_DOUBLE_EQ(c.advance(1.0 / 60, 9.0), 9.0);
  EXPECT_EQ(c.resyncs(), 1u);
  EXPECT_DOUBLE_EQ(c.error(), 0.0);
}

TEST(PredictionClock, IgnoresBadInput) {
  PredictionClock c;
  c.advance(0.0, 1.0);
  EXPECT_DOUBLE_EQ(c.advance(NAN, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(c.advance(-1.0, 1.0), 1.0);
  EXPECT_DOUBLE_EQ(c.advance(0.1, NAN), 1.0);
}

}  // namespace
}  // namespace spear::client
