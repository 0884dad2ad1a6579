#include "core/broken_obstacles.hpp"

#include <algorithm>
#include <cmath>
#include <exception>

namespace spear::client {

void BrokenObstacles::set_course(std::uint64_t seed) {
  if (course_ && course_->seed() == seed) return;
  course_.emplace(seed);
  broken_.clear();
  runs_.clear();
}

void BrokenObstacles::on_snapshot(const net::Snapshot& s) {
  for (const auto& b : s.broken) {
    auto [it, added] =
        broken_.emplace(std::pair<std::uint32_t, std::uint32_t>(b.runner, b.obstacle), b.tick);
    if (!added && b.tick > it->second) it->second = b.tick;  // knocked down again, a later run
  }
  for (const auto& r : s.runners) {
    RunTrack& run = runs_[r.id];
    const bool seen = run.tick != 0 || run.distance != 0.0;
    // Units: a new run starts from the course start; a runner stopped by a target recoils by
    // a few tens of units at most.
    constexpr double kRestartDrop = 200.0;
    if (seen && r.distance < run.distance - kRestartDrop) {
      run.starts.push_back(s.tick);
      constexpr std::size_t kKeptStarts = 8;
      if (run.starts.size() > kKeptStarts) run.starts.erase(run.starts.begin());
    }
    run.tick = s.tick;
    run.distance = r.distance;
  }
}

std::vector<ObstacleView> BrokenObstacles::in_view(double from, double to, const RunnerView* f,
                                                   double tick_rate, double t,
                                                   std::optional<PredictedShown> p) const {
  std::vector<ObstacleView> out;
  if (!course_ || !(to > from) || !std::isfinite(from) || !std::isfinite(to)) return out;
  std::vector<sim::Obstacle> found;
  try {
    course_->obstacles_in(std::max(0.0, from), std::min(to, sim::kMaxCourseDistance), found);
  } catch (const std::exception&) {
    return out;  // out of the course's range: nothing to draw
  }
  const sim::RunnerState* predicted = p ? p->state : nullptr;
  const net::Tick shown_tick = p ? p->tick : 0;
  if (p) t = static_cast<double>(shown_tick) / tick_rate;
  for (const auto& o : found) {
    ObstacleView ov;
    ov.obstacle = o;
    if (f) {
      auto it = broken_.find({f->frame.id, o.index});
      std::optional<net::Tick> down_at;
      if (it != broken_.end()) down_at = it->second;
      if (predicted && o.kind == sim::ObstacleKind::Hurdle &&
          predicted->mode == sim::RunnerMode::Falling &&
          predicted->last_crash_obstacle == o.index && sim::hurdle_toppled(*predicted, o.index) &&
          shown_tick >= predicted->mode_ticks) {
        down_at = shown_tick - predicted->mode_ticks;  // the crash tick (mode_ticks 0 after it)
      }
      // Only what the shown runner knocked down in the run shown: not after a restart (by the
      // time shown), not an obstacle ahead of it.
      bool this_run = true;
      if (auto run = runs_.find(f->frame.id); run != runs_.end() && down_at) {
        for (net::Tick start : run->second.starts) {
          if (start > *down_at && start / tick_rate <= t) this_run = false;
        }
      }
      if (down_at && this_run && *down_at / tick_rate <= t && o.x <= f->frame.distance + 200.0) {
        ov.broken = true;
        ov.broken_age = static_cast<float>(t - *down_at / tick_rate);
      }
    }
    out.push_back(ov);
  }
  return out;
}

}  // namespace spear::client
