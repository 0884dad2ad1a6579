// The gap to the ghost as the screen says it: ahead +, behind −, level under a metre, seconds at
// the own speed only while running.
#include "core/ghost_gap.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace spear::client {
namespace {

TEST(GhostGap, AheadIsPlusBehindIsMinus) {
  const GhostGap ahead = ghost_gap(1140.0, 1000.0, 350.0);  // 14 m ahead at 35 m/s
  EXPECT_NEAR(ahead.metres, 14.0, 1e-9);
  ASSERT_TRUE(ahead.seconds);
  EXPECT_NEAR(*ahead.seconds, 0.4, 1e-9);
  EXPECT_EQ(gap_metres_text(ahead), "+14 m");
  EXPECT_EQ(gap_seconds_text(ahead), "+0.4 s");
  const GhostGap behind = ghost_gap(1000.0, 1140.0, 280.0);
  EXPECT_EQ(gap_metres_text(behind), "\u221214 m");
  EXPECT_EQ(gap_seconds_text(behind), "\u22120.5 s");
}

TEST(GhostGap, LevelUnderAMetreAndNoSecondsStandingOrNonsense) {
  EXPECT_EQ(gap_metres_text(ghost_gap(1000.0, 1004.0, 400.0)), "level");
  EXPECT_EQ(gap_seconds_text(ghost_gap(1000.0, 1004.0, 400.0)), "");
  const GhostGap fallen = ghost_gap(800.0, 1000.0, 0.0);
  EXPECT_EQ(gap_metres_text(fallen), "\u221220 m");
  EXPECT_FALSE(fallen.seconds);
  EXPECT_EQ(gap_seconds_text(fallen), "");
  EXPECT_EQ(gap_metres_text(ghost_gap(std::nan(""), 10.0, 400.0)), "level");
}

}  // namespace
}  // namespace spear::client
