#include "truth_pop_meter.hpp"

#include <algorithm>
#include <cmath>

namespace spear::load {

TruthPopMeter::TruthPopMeter(TruthPopConfig config) : config_(config) {}

void TruthPopMeter::add_frame(double render_tick, const std::vector<client::RunnerFrame>& runners) {
  Frame f;
  f.index = next_index_++;
  f.render_tick = render_tick;
  f.runners.reserve(runners.size());
  for (const client::RunnerFrame& r : runners) f.runners.push_back({r.id, r.distance, r.pose});
  waiting_.push_back(std::move(f));
}

void TruthPopMeter::measure(const TruthTrack& truth, bool all) {
  const auto newest = truth.newest_tick();
  while (!waiting_.empty()) {
    const Frame& f = waiting_.front();
    const bool covered = newest && f.render_tick < *newest;
    if (!all && !covered && waiting_.size() <= config_.max_waiting) break;
    measure_frame(truth, f);
    waiting_.pop_front();
  }
}

void TruthPopMeter::measure_frame(const TruthTrack& truth, const Frame& f) {
  ++stats_.frames;
  for (const TruthRunner& shown : f.runners) {
    const auto ideal = truth.at(shown.id, f.render_tick);
    if (!ideal) {
      ++stats_.uncovered;
      tracks_.erase(shown.id);
      continue;
    }
    Track next;
    next.frame = f.index;
    next.shown_distance = shown.distance;
    next.ideal_distance = ideal->distance;
    double worst_error = 0.0;
    for (std::size_t j = 0; j < rig::kJointCount; ++j) {
      const rig::Vec2 p = shown.pose.joints[j], q = ideal->pose.joints[j];
      next.ex[j] = (shown.distance + p.x) - (ideal->distance + q.x);
      next.ey[j] = static_cast<double>(p.y) - q.y;
      worst_error = std::max(worst_error, std::hypot(next.ex[j], next.ey[j]));
    }
    stats_.worst_error = std::max(stats_.worst_error, worst_error);

    const auto it = tracks_.find(shown.id);
    // One side restarted and the other not yet (a client that lost the snapshot of a restart
    // shows it at the next one): two runs, not one runner off by a pose.
    const bool apart = std::abs(shown.distance - ideal->distance) > config_.cut_distance;
    const bool continues =
        !apart && it != tracks_.end() && it->second.frame + 1 == f.index &&
        std::abs(shown.distance - it->second.shown_distance) <= config_.cut_distance &&
        std::abs(ideal->distance - it->second.ideal_distance) <= config_.cut_distance;
    if (continues) {
      double step = 0.0;
      for (std::size_t j = 0; j < rig::kJointCount; ++j)
        step = std::max(step,
                        std::hypot(next.ex[j] - it->second.ex[j], next.ey[j] - it->second.ey[j]));
      ++stats_.samples;
      if (on_sample) on_sample(f.render_tick, shown.id, step);
      stats_.step_sum += step;
      std::size_t bin = 0;
      while (bin < TruthPopStats::kBinEdges.size() && step >= TruthPopStats::kBinEdges[bin]) ++bin;
      ++stats_.histogram[bin];
      if (step > config_.pop_threshold) ++stats_.pops;
      double& runner_worst = stats_.worst_by_runner[shown.id];
      runner_worst = std::max(runner_worst, step);
      if (step > stats_.worst_step) {
        stats_.worst_step = step;
        stats_.worst_runner = shown.id;
        stats_.worst_tick = f.render_tick;
      }
    }
    tracks_[shown.id] = next;
  }
}

}  // namespace spear::load
