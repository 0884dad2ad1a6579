#include "sim/course.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <stdexcept>

#include "sim/pace.hpp"

namespace spear::sim {
namespace {

TEST(Course, SameSeedSameCourse) {
  Course a(1234), b(1234);
  // Generated in a different order (b jumps far ahead first): still the same obstacles.
  (void)b.obstacle(300);
  for (std::uint32_t i = 0; i < 300; ++i) {
    const Obstacle& oa = a.obstacle(i);
    const Obstacle& ob = b.obstacle(i);
    ASSERT_EQ(oa.index, i);
    ASSERT_EQ(oa.kind, ob.kind);
    ASSERT_EQ(oa.x, ob.x);
    ASSERT_EQ(oa.width, ob.width);
    ASSERT_EQ(oa.height, ob.height);
  }
}

TEST(Course, DifferentSeedsDifferentCourses) {
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Course a(seed), b(seed + 1);
    int same = 0;
    for (std::uint32_t i = 0; i < 50; ++i) {
      same += a.obstacle(i).x == b.obstacle(i).x && a.obstacle(i).kind == b.obstacle(i).kind;
    }
    EXPECT_LT(same, 2) << "seed " << seed;  // only the fixed first position may coincide
  }
}

// Fixed values pin the generator: a change to the PRNG or the draw order changes every course.
TEST(Course, FirstObstaclesArePinned) {
  Course c(1);
  const Obstacle& o0 = c.obstacle(0);
  EXPECT_EQ(o0.x, CourseParams{}.start_clear);
  // The second near face is one gap later: between min and min + extra gap time at the speed.
  const double gap = c.obstacle(1).x - o0.x;
  EXPECT_GE(gap, ground_speed_at(o0.x) * CourseParams{}.min_gap_time);
  EXPECT_LT(gap,
            ground_speed_at(o0.x) * (CourseParams{}.min_gap_time + CourseParams{}.extra_gap_time));
}

TEST(Course, KindsSizesAndTimeSpacingFollowTheRules) {
  const CourseParams p;
  for (std::uint64_t seed : {3ull, 99ull, 0xDEADBEEFull}) {
    Course c(seed);
    int targets = 0, run = 1;
    for (std::uint32_t i = 0; i < 2000; ++i) {
      const Obstacle& o = c.obstacle(i);
      if (o.kind == ObstacleKind::Hurdle) {
        ASSERT_GE(o.height, 25.f);
        ASSERT_LE(o.height, 45.f);
      } else {
        ++targets;
        ASSERT_GE(o.height, p.target_min_height);
        ASSERT_LE(o.height, p.target_max_height);
      }
      if (i > 0) {
        const Obstacle& prev = c.obstacle(i - 1);
        run = prev.kind == o.kind ? run + 1 : 1;
        ASSERT_LE(run, p.max_same_in_row);
        // Time between near faces at the speed a runner has there: never below the minimum.
        const double seconds = (o.x - prev.x) / ground_speed_at(prev.x);
        ASSERT_GE(seconds, p.min_gap_time - 1e-9);
        ASSERT_LT(seconds, p.min_gap_time + p.extra_gap_time);
        ASSERT_GT(o.x, prev.far_x());
      }
    }
    EXPECT_GT(targets, 600);
    EXPECT_LT(targets, 1000);
  }
}

TEST(Course, SpacingGrowsWithSpeed) {
  Course c(5);
  double early = 0, late = 0;
  int ne = 0, nl = 0;
  for (std::uint32_t i = 1; i < 2000; ++i) {
    const double gap = c.obstacle(i).x - c.obstacle(i - 1).x;
    if (c.obstacle(i).x < 20000) {
      early += gap;
      ++ne;
    }
    if (c.obstacle(i).x > kRampDistance) {
      late += gap;
      ++nl;
    }
  }
  ASSERT_GT(ne, 10);
  ASSERT_GT(nl, 10);
  // Speeds are 382.5 vs 510 units/s: the mean gap grows by about a third.
  EXPECT_GT(late / nl, 1.2 * early / ne);
}

TEST(Course, GeneratesLazily) {
  Course c(8);
  EXPECT_EQ(c.generated(), 0u);
  (void)c.obstacle(9);
  EXPECT_EQ(c.generated(), 10u);
  const auto near_start = c.obstacles_in(0.0, 2000.0);
  EXPECT_LE(c.generated(), 10u);
  EXPECT_FALSE(near_start.empty());
}

TEST(Course, RangeQueries) {
  Course c(77);
  const Obstacle o3 = c.obstacle(3);
  const Obstacle o4 = c.obstacle(4);
  EXPECT_EQ(c.first_ending_after(o3.x), 3u);
  EXPECT_EQ(c.first_ending_after(o3.far_x()), 4u);
  EXPECT_EQ(c.first_ending_after(-100.0), 0u);
  const auto between = c.obstacles_in(o3.x + 1.0, o4.x + 1.0);
  ASSERT_EQ(between.size(), 2u);
  EXPECT_EQ(between[0].index, 3u);
  EXPECT_EQ(between[1].index, 4u);
  EXPECT_TRUE(c.obstacles_in(o3.far_x() + 1.0, o4.x).empty());
  EXPECT_TRUE(c.obstacles_in(10.0, 5.0).empty());
}

TEST(Course, BadInputIsAClearError) {
  Course c(1);
  EXPECT_THROW(c.first_ending_after(std::numeric_limits<double>::infinity()),
               std::invalid_argument);
  EXPECT_THROW(c.first_ending_after(std::nan("")), std::invalid_argument);
  EXPECT_THROW(c.obstacles_in(0.0, std::nan("")), std::invalid_argument);
  EXPECT_THROW(c.first_ending_after(2 * kMaxCourseDistance), std::out_of_range);
  EXPECT_THROW(c.obstacle(kMaxObstacles), std::out_of_range);

  CourseParams p;
  p.min_gap_time = 0.f;
  EXPECT_THROW(Course(1, p), std::invalid_argument);
  p = {};
  p.target_share = 1.5f;
  EXPECT_THROW(Course(1, p), std::invalid_argument);
  p = {};
  p.hurdle_min_height = 50.f;  // above the max
  EXPECT_THROW(Course(1, p), std::invalid_argument);
  p = {};
  p.start_clear = std::nan("");
  EXPECT_THROW(Course(1, p), std::invalid_argument);
}

TEST(Pace, RampRisesFromTheTableCadenceToTheTop) {
  EXPECT_FLOAT_EQ(cadence_at(0.0), 2.55f);
  EXPECT_FLOAT_EQ(cadence_at(-5.0), 2.55f);
  EXPECT_FLOAT_EQ(cadence_at(std::nan("")), 2.55f);
  EXPECT_FLOAT_EQ(cadence_at(kRampDistance), 3.4f);
  EXPECT_FLOAT_EQ(cadence_at(10 * kRampDistance), 3.4f);
  float prev = 0.f;
  for (double d = 0; d <= kRampDistance; d += 1000) {
    const float c = cadence_at(d);
    EXPECT_GE(c, prev);
    prev = c;
  }
  EXPECT_NEAR(ground_speed_at(0.0), 382.5, 1e-3);
  EXPECT_NEAR(ground_speed_at(kRampDistance), 510.0, 1e-3);
}

}  // namespace
}  // namespace spear::sim
