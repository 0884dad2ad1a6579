#pragma once
// The course: an endless row of obstacles generated from a 64-bit seed, lazily, in order, as
// far as anyone asks. Same seed and parameters → the same obstacles on every machine (own PRNG,
// only + − × ÷ in double).
//
// Spacing: the near faces of consecutive obstacles are apart by
//     ground_speed_at(x) × (min_gap_time + extra_gap_time × u),  u uniform in [0, 1)
// so the time between obstacles, and with it the time to react, stays the same while the speed
// ramps up: the distance spacing grows with speed.
//
// Not thread-safe: generation happens inside const queries (the cache is mutable). Give each
// thread its own Course (it is cheap: the seed and parameters are all it needs).
#include <cstdint>
#include <vector>

#include "sim/obstacle.hpp"
#include "sim/prng.hpp"

namespace spear::sim {

// Bounds that keep a bad query from generating without end: about 2.3 days of running at the
// top speed, and enough obstacles for it.
inline constexpr double kMaxCourseDistance = 1e8;  // units
inline constexpr std::uint32_t kMaxObstacles = 1u << 20;

struct CourseParams {
  // Units before the first obstacle: about 4 s of running at the start speed (with a 3-2-1 in
  // front, the first obstacle comes 7 s after the launch); a first hurdle is the lowest.
  double start_clear = 1550.0;
  float min_gap_time = 1.05f;    // s between near faces at the local speed: a leap (0.62 s)
                                 // plus a person's reaction time (~0.25 s) and some slack
  float extra_gap_time = 0.85f;  // s of random extra spacing
  float target_share = 0.4f;     // probability that an obstacle is a straw target
  int max_same_in_row = 3;       // never more than this many of one kind in a row
  float hurdle_min_height = 25.f, hurdle_max_height = 45.f;    // units (game.md)
  float hurdle_width = 10.f;                                   // units
  float target_min_height = 150.f, target_max_height = 165.f;  // about the runner's height
  float target_width = 22.f;                                   // units
};

// Throws std::invalid_argument with the reason when a parameter is out of range.
void validate(const CourseParams& params);

class Course {
 public:
  explicit Course(std::uint64_t seed, const CourseParams& params = {});

  std::uint64_t seed() const { return seed_; }
  const CourseParams& params() const { return params_; }

  // The obstacle with this index (generated on demand: the course is endless for any run a
  // person or bot can make; past kMaxObstacles it throws std::out_of_range).
  Obstacle obstacle(std::uint32_t index) const;  // by value: later generation may move the cache

  // Index of the first obstacle whose far side is beyond `x` (x < far_x).
  // Throws std::invalid_argument for a non-finite x, std::out_of_range past kMaxCourseDistance.
  std::uint32_t first_ending_after(double x) const;

  // Appends to `out` (after clearing it) every obstacle overlapping [from, to), in order
  // (nothing when to <= from). Same errors as first_ending_after.
  void obstacles_in(double from, double to, std::vector<Obstacle>& out) const;
  std::vector<Obstacle> obstacles_in(double from, double to) const;

  // How many obstacles are generated so far (for tests and memory readouts).
  std::size_t generated() const { return cache_.size(); }

 private:
  void generate_through(std::uint32_t index) const;
  void generate_beyond(double x) const;  // until the last generated obstacle starts beyond x

  std::uint64_t seed_;
  CourseParams params_;
  // Generation state: the cache grows in order; the PRNG is where the next obstacle comes from.
  mutable std::vector<Obstacle> cache_;
  mutable SplitMix64 rng_;
  mutable int same_in_row_ = 0;
};

}  // namespace spear::sim
