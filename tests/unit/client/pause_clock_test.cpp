// Session time leaves out the paused spans.
#include "core/pause_clock.hpp"

#include <gtest/gtest.h>

namespace spear::client {
namespace {

TEST(PauseClock, SessionTimeStandsStillWhilePausedAndGoesOnAfter) {
  PauseClock c;
  EXPECT_DOUBLE_EQ(c.session_time(3.0), 3.0);
  c.set_paused(true, 3.0);
  EXPECT_TRUE(c.paused());
  EXPECT_DOUBLE_EQ(c.session_time(4.5), 3.0);
  c.set_paused(true, 5.0);  // again: nothing changes
  c.set_paused(false, 6.0);
  EXPECT_FALSE(c.paused());
  EXPECT_DOUBLE_EQ(c.session_time(6.0), 3.0);
  EXPECT_DOUBLE_EQ(c.session_time(7.0), 4.0);
  c.set_paused(false, 8.0);
  c.set_paused(true, 8.0);
  c.set_paused(false, 8.5);
  EXPECT_DOUBLE_EQ(c.session_time(9.0), 5.5);
  EXPECT_DOUBLE_EQ(c.paused_seconds(9.0), 3.5);
}

}  // namespace
}  // namespace spear::client
