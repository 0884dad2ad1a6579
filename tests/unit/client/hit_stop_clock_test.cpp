// The hit-stop's display clock: it stands still for the hold after a break, then runs faster
// than real time (easing in) until it has caught up; it never runs backwards and never jumps.
#include "core/hit_stop_clock.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>

namespace spear::client {
namespace {

constexpr double kDt = 1.0 / 60.0;

TEST(HitStopClock, NoBreakNoLag) {
  HitStopClock c;
  for (int i = 0; i < 100; ++i) EXPECT_EQ(c.advance(kDt), 0.0);
  EXPECT_FALSE(c.active());
}

TEST(HitStopClock, HoldsThenCatchesUpEvenly) {
  HitStopClock c;
  c.trigger();
  double wall = 0.0, display = 0.0;
  double held = 0.0;
  double fastest = 0.0;
  for (int i = 0; i < 60; ++i) {
    wall += kDt;
    const double next = wall - c.advance(kDt);
    const double step = next - display;
    EXPECT_GE(step, -1e-12) << "frame " << i << " ran backwards";
    if (step < 1e-9) held += kDt;
    fastest = std::max(fastest, step);
    display = next;
  }
  // Frames that did not move the display: the hold, rounded down to whole frames.
  EXPECT_NEAR(held, c.config().hold, kDt);
  // Catching up, no frame moves it more than 1 + catch_up frames' worth.
  EXPECT_LE(fastest, kDt * (1.0 + c.config().catch_up) + 1e-9);
  EXPECT_GT(fastest, kDt * 1.2) << "it never caught up faster than real time";
  EXPECT_EQ(c.lag(), 0.0);
  EXPECT_FALSE(c.active());
}

TEST(HitStopClock, BreaksInQuickSuccessionStayWithinTheMaxLag) {
  HitStopClock c;
  for (int i = 0; i < 40; ++i) {
    c.trigger();
    c.advance(kDt);
    EXPECT_LE(c.lag(), c.config().max_lag + 1e-12);
  }
}

TEST(HitStopClock, BadFrameTimeIsNoTime) {
  HitStopClock c;
  c.trigger();
  EXPECT_EQ(c.advance(-1.0), 0.0);
  EXPECT_EQ(c.advance(std::numeric_limits<double>::quiet_NaN()), 0.0);
  EXPECT_TRUE(c.holding());
}

}  // namespace
}  // namespace spear::client
