#include "sim/course.hpp"

#include <cmath>
#include <stdexcept>
#include <string>

#include "sim/pace.hpp"

namespace spear::sim {

namespace {

void require(bool ok, const char* what) {
  if (!ok) throw std::invalid_argument(std::string("course parameters: ") + what);
}

bool finite(double v) { return std::isfinite(v); }

}  // namespace

void validate(const CourseParams& p) {
  require(finite(p.start_clear) && p.start_clear >= 0.0, "start_clear must be finite and >= 0");
  require(finite(p.min_gap_time) && p.min_gap_time > 0.f, "min_gap_time must be > 0");
  require(finite(p.extra_gap_time) && p.extra_gap_time >= 0.f, "extra_gap_time must be >= 0");
  require(finite(p.target_share) && p.target_share >= 0.f && p.target_share <= 1.f,
          "target_share must be in [0, 1]");
  require(p.max_same_in_row >= 1, "max_same_in_row must be >= 1");
  require(finite(p.hurdle_min_height) && p.hurdle_min_height > 0.f && finite(p.hurdle_max_height) &&
              p.hurdle_max_height >= p.hurdle_min_height,
          "hurdle heights must be > 0 and min <= max");
  require(finite(p.target_min_height) && p.target_min_height > 0.f && finite(p.target_max_height) &&
              p.target_max_height >= p.target_min_height,
          "target heights must be > 0 and min <= max");
  require(finite(p.hurdle_width) && p.hurdle_width > 0.f, "hurdle_width must be > 0");
  require(finite(p.target_width) && p.target_width > 0.f, "target_width must be > 0");
}

Course::Course(std::uint64_t seed, const CourseParams& params)
    : seed_(seed), params_(params), rng_(mix_seed(seed, 0x636F75727365ull /* "course" */)) {
  validate(params_);
}

void Course::generate_through(std::uint32_t index) const {
  if (index >= kMaxObstacles)
    throw std::out_of_range("course: obstacle index beyond kMaxObstacles");
  while (cache_.size() <= index) {
    Obstacle o;
    o.index = static_cast<std::uint32_t>(cache_.size());
    // Draw order is fixed (gap, kind, height) so that a seed means one course forever.
    const double gap_u = rng_.next_double();
    const float kind_u = rng_.next_float();
    const float height_u = rng_.next_float();
    if (cache_.empty()) {
      o.x = params_.start_clear;
    } else {
      const Obstacle& prev = cache_.back();
      const double gap_time = static_cast<double>(params_.min_gap_time) +
                              static_cast<double>(params_.extra_gap_time) * gap_u;
      o.x = prev.x + ground_speed_at(prev.x) * gap_time;
    }
    ObstacleKind kind = kind_u < params_.target_share ? ObstacleKind::Target : ObstacleKind::Hurdle;
    if (!cache_.empty() && cache_.back().kind == kind && same_in_row_ >= params_.max_same_in_row) {
      kind = kind == ObstacleKind::Target ? ObstacleKind::Hurdle : ObstacleKind::Target;
    }
    same_in_row_ = (!cache_.empty() && cache_.back().kind == kind) ? same_in_row_ + 1 : 1;
    o.kind = kind;
    if (kind == ObstacleKind::Hurdle) {
      o.width = params_.hurdle_width;
      o.height = params_.hurdle_min_height +
                 (params_.hurdle_max_height - params_.hurdle_min_height) * height_u;
    } else {
      o.width = params_.target_width;
      o.height = params_.target_min_height +
                 (params_.target_max_height - params_.target_min_height) * height_u;
    }
    if (o.index == 0 && kind == ObstacleKind::Hurdle)
      o.height = params_.hurdle_min_height;  // an easy opening: a first hurdle is the lowest
    cache_.push_back(o);
  }
}

void Course::generate_beyond(double x) const {
  if (!std::isfinite(x)) throw std::invalid_argument("course: distance must be finite");
  if (x > kMaxCourseDistance) throw std::out_of_range("course: distance beyond kMaxCourseDistance");
  if (cache_.empty()) generate_through(0);
  while (cache_.back().x <= x) generate_through(static_cast<std::uint32_t>(cache_.size()));
}

Obstacle Course::obstacle(std::uint32_t index) const {
  generate_through(index);
  return cache_[index];
}

std::uint32_t Course::first_ending_after(double x) const {
  generate_beyond(x);
  // Obstacles are in order and never overlap, so far_x is increasing: binary search.
  std::size_t lo = 0, hi = cache_.size();
  while (lo < hi) {
    const std::size_t mid = lo + (hi - lo) / 2;
    if (cache_[mid].far_x() > x)
      hi = mid;
    else
      lo = mid + 1;
  }
  return static_cast<std::uint32_t>(lo);
}

void Course::obstacles_in(double from, double to, std::vector<Obstacle>& out) const {
  out.clear();
  if (!std::isfinite(from) || !std::isfinite(to)) {
    throw std::invalid_argument("course: distance range must be finite");
  }
  if (!(to > from)) return;
  for (std::uint32_t i = first_ending_after(from);; ++i) {
    const Obstacle o = obstacle(i);
    if (o.x >= to) break;
    out.push_back(o);
  }
}

std::vector<Obstacle> Course::obstacles_in(double from, double to) const {
  std::vector<Obstacle> out;
  obstacles_in(from, to, out);
  return out;
}

}  // namespace spear::sim
