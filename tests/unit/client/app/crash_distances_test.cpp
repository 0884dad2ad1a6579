// After a crash the HUD shows the distance the run reached, not the anchor sliding on in the
// fall; once the runner is up (a new run) it follows the drawn distance again.
#include "app/crash_distances.hpp"

#include <gtest/gtest.h>

namespace spear::client {
namespace {

RunnerView runner(int lane, net::RunnerMode mode, double distance) {
  RunnerView r;
  r.lane = lane;
  r.frame.mode = mode;
  r.frame.distance = distance;
  return r;
}

TEST(CrashDistances, HoldsTheDistanceAtTheCrashWhileFallingAndDown) {
  CrashDistances c;
  using M = net::RunnerMode;
  c.observe({runner(1, M::Running, 1100.0), runner(2, M::Running, 500.0)});
  c.observe({runner(1, M::Running, 1106.0), runner(2, M::Running, 506.0)});
  // Runner 1 crashes; the fall slides its anchor on by 10 m.
  for (double d : {1110.0, 1150.0, 1200.0}) {
    c.observe({runner(1, M::Falling, d), runner(2, M::Running, 510.0)});
    EXPECT_EQ(c.shown(1, d, M::Falling), 1106.0);
  }
  c.observe({runner(1, M::Down, 1206.0), runner(2, M::Running, 516.0)});
  EXPECT_EQ(c.shown(1, 1206.0, M::Down), 1106.0);
  EXPECT_EQ(c.shown(2, 516.0, M::Running), 516.0);  // the other runner is unaffected
  // A new run: the drawn distance again.
  c.observe({runner(1, M::Running, 3.0)});
  EXPECT_EQ(c.shown(1, 3.0, M::Running), 3.0);
}

TEST(CrashDistances, ARunnerFirstSeenDownShowsItsDrawnDistance) {
  CrashDistances c;
  c.observe({runner(4, net::RunnerMode::Down, 900.0)});
  EXPECT_EQ(c.shown(4, 900.0, net::RunnerMode::Down), 900.0);
  EXPECT_EQ(c.shown(9, 42.0, net::RunnerMode::Falling), 42.0);  // never seen
}

}  // namespace
}  // namespace spear::client
