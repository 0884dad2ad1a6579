#include "truth_track.hpp"

#include <algorithm>
#include <cmath>

#include "core/pose_blend.hpp"

namespace spear::load {

namespace {
// InterpolationBuffer's rule for a restart: an anchor faster than this between two snapshots
// (units/s, plus 10 units) teleported.
constexpr double kMaxSpeed = 1500.0;
}  // namespace

const TruthRunner* TruthTrack::Snapshot::find(std::uint32_t id) const {
  for (const auto& r : runners)
    if (r.id == id) return &r;
  return nullptr;
}

TruthTrack::TruthTrack(TruthTrackConfig config) : config_(config) {
  config_.capacity = std::max<std::size_t>(config_.capacity, 2);
  set_rates(config_.tick_rate, config_.snapshot_rate);
}

void TruthTrack::set_rates(double tick_rate, double snapshot_rate) {
  config_.tick_rate = tick_rate > 0 ? tick_rate : 60.0;
  config_.snapshot_rate = snapshot_rate > 0 ? snapshot_rate : 30.0;
  max_gap_ = std::max<std::uint32_t>(
      1, static_cast<std::uint32_t>(std::ceil(config_.tick_rate / config_.snapshot_rate - 1e-9)));
}

void TruthTrack::add(std::uint32_t tick, const std::vector<client::RunnerFrame>& runners) {
  auto it = std::lower_bound(snapshots_.begin(), snapshots_.end(), tick,
                             [](const Snapshot& s, std::uint32_t t) { return s.tick < t; });
  if (it != snapshots_.end() && it->tick == tick) return;
  Snapshot s;
  s.tick = tick;
  s.runners.reserve(runners.size());
  for (const client::RunnerFrame& r : runners) s.runners.push_back({r.id, r.distance, r.pose});
  snapshots_.insert(it, std::move(s));
  while (snapshots_.size() > config_.capacity) snapshots_.pop_front();
}

std::optional<TruthRunner> TruthTrack::at(std::uint32_t id, double tick) const {
  if (!std::isfinite(tick)) return std::nullopt;
  // b: the first snapshot after `tick`; a: the one before it.
  const auto b = std::upper_bound(snapshots_.begin(), snapshots_.end(), tick,
                                  [](double t, const Snapshot& s) { return t < s.tick; });
  if (b == snapshots_.begin() || b == snapshots_.end()) return std::nullopt;
  const Snapshot& a = *(b - 1);
  if (!config_.bridge_gaps && b->tick - a.tick > max_gap_) return std::nullopt;
  const TruthRunner* ra = a.find(id);
  const TruthRunner* rb = b->find(id);
  if (!ra || !rb) return std::nullopt;
  const double span = (b->tick - a.tick) / config_.tick_rate;
  if (std::abs(rb->distance - ra->distance) > kMaxSpeed * span + 10.0) return std::nullopt;
  const double u = std::clamp((tick - a.tick) / static_cast<double>(b->tick - a.tick), 0.0, 1.0);
  TruthRunner out;
  out.id = id;
  out.distance = ra->distance + (rb->distance - ra->distance) * u;
  out.pose = client::lerp_pose(ra->pose, rb->pose, static_cast<float>(u));
  return out;
}

bool TruthTrack::holds(std::uint32_t tick) const {
  const auto it = std::lower_bound(snapshots_.begin(), snapshots_.end(), tick,
                                   [](const Snapshot& s, std::uint32_t t) { return s.tick < t; });
  return it != snapshots_.end() && it->tick == tick;
}

std::optional<std::uint32_t> TruthTrack::newest_tick() const {
  if (snapshots_.empty()) return std::nullopt;
  return snapshots_.back().tick;
}

std::optional<std::uint32_t> TruthTrack::oldest_tick() const {
  if (snapshots_.empty()) return std::nullopt;
  return snapshots_.front().tick;
}

std::uint64_t TruthTrack::gaps() const {
  std::uint64_t n = 0;
  for (std::size_t i = 1; i < snapshots_.size(); ++i)
    if (snapshots_[i].tick - snapshots_[i - 1].tick > max_gap_) ++n;
  return n;
}

}  // namespace spear::load
