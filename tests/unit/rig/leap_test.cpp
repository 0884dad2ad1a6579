#include "rig/leap.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>

#include "rig_run.hpp"

namespace spear::rig {
namespace {

using test::kDt;

// The sim's use: Run, then Leap for kLeapDuration, then Run again.
struct LeapRun {
  std::vector<test::Frame> leap, after;
  explicit LeapRun(float cadence, float run_first = 2.f) {
    RigState s;
    RigInput in;
    in.motion = Motion::Run;
    in.cadence = cadence;
    test::run_more(s, in, run_first);
    in.motion = Motion::Leap;
    leap = test::run_more(s, in, kLeapDuration);
    in.motion = Motion::Run;
    after = test::run_more(s, in, 1.f);
  }
};

float lowest_foot(const Pose& p) { return -std::max(p[Joint::FootNear].y, p[Joint::FootFar].y); }

TEST(Leap, ClearsA45UnitHurdleThroughTheMiddle) {
  std::printf("leap foot clearance (lowest foot above ground, units) at run speed:\n");
  for (float cad : {2.55f, 3.4f}) {
    for (float phase_shift : {0.f, 0.1f, 0.2f, 0.3f}) {
      LeapRun r(cad, 2.f + phase_shift);
      float first_above = -1.f, last_above = -1.f, peak = 0.f;
      for (const auto& f : r.leap) {
        const float h = lowest_foot(f.pose);
        peak = std::max(peak, h);
        if (h > 45.f) {
          if (first_above < 0.f) first_above = f.motion_time;
          last_above = f.motion_time;
        }
        if (cad == 2.55f && phase_shift == 0.f &&
            static_cast<int>(std::lround(f.motion_time * 60.f)) % 3 == 0) {
          std::printf("  t %.3f  clearance %.1f\n", f.motion_time, h);
        }
      }
      std::printf("cadence %.2f phase +%.1f s: above 45 from %.3f to %.3f s, peak %.1f\n", cad,
                  phase_shift, first_above, last_above, peak);
      EXPECT_GE(first_above, 0.f);
      EXPECT_LE(first_above, 0.14f);
      EXPECT_GE(last_above, 0.46f);
      EXPECT_GT(peak, 60.f);
      // Contiguous: never back under 45 between.
      for (const auto& f : r.leap) {
        if (f.motion_time > first_above && f.motion_time < last_above) {
          ASSERT_GT(lowest_foot(f.pose), 45.f);
        }
      }
    }
  }
}

TEST(Leap, TravelsAtRunSpeedAndLandsBackInTheRun) {
  LeapRun r(0.f);
  for (const auto& f : r.leap) EXPECT_NEAR(f.scroll_speed, 382.5f, 0.5f);
  // Back on the ground and planted after the landing.
  bool planted = false;
  for (const auto& f : r.after) planted |= f.pose.contact_near || f.pose.contact_far;
  EXPECT_TRUE(planted);
  EXPECT_LT(test::max_planted_slide(r.after, 30), 0.5f);
  // Squash at the take-off and the landing, none in the middle.
  float min_sy = 1.f, max_sy = 1.f;
  for (const auto& f : r.leap) {
    min_sy = std::min(min_sy, f.pose.sy);
    max_sy = std::max(max_sy, f.pose.sy);
  }
  EXPECT_LT(min_sy, 0.92f);
  EXPECT_GT(max_sy, 1.05f);
  EXPECT_FLOAT_EQ(leap_sy(0.5f), 1.f);
  EXPECT_FLOAT_EQ(leap_rise(1.f), 0.f);
  EXPECT_FLOAT_EQ(leap_air(1.f), 0.f);
}

TEST(Leap, IsShorterAndLowerThanTheLabJump) {
  float lowest = 0.f;
  for (float p = 0.f; p <= 1.f; p += 0.01f) lowest = std::min(lowest, leap_rise(p));
  EXPECT_LT(lowest, -40.f);
  EXPECT_GT(lowest, -160.f);
  EXPECT_LT(kLeapDuration, 1.3f);
}

}  // namespace
}  // namespace spear::rig
