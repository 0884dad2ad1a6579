#pragma once
// A reference for judging what a client showed: a set of snapshots, and the runner a client
// holding exactly those would show at any render tick, interpolated the way InterpolationBuffer
// interpolates (joints and anchor linearly between the two snapshots around that tick; a
// restart between them is a step, not a sweep).
//
// Two uses. The truth: the snapshots a client on a clean link received (over loopback, every
// one the server sent); a snapshot missing there leaves no truth around it. What a client knew:
// the snapshots an impaired client received, with bridge_gaps (a lost snapshot is bridged by
// interpolating its neighbours, as the client's buffer does), so that comparing with it leaves
// out what the losses themselves took away.
//
// Used by TruthPopMeter (truth_pop_meter.hpp), by the netsim soak test and by spear-load's
// --truth: measurement, not part of the client. Time is in ticks; nothing here reads a clock.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "core/runner_frame.hpp"

namespace spear::load {

// What the truth holds of one runner in one snapshot.
struct TruthRunner {
  std::uint32_t id = 0;
  double distance = 0.0;  // anchor, course units
  rig::Pose pose{};       // anchor-relative
};

struct TruthTrackConfig {
  double tick_rate = 60.0;      // as in Welcome
  double snapshot_rate = 30.0;  // as in Welcome
  bool bridge_gaps = false;     // interpolate across missing snapshots too
  std::size_t capacity = 3600;  // snapshots kept (the oldest go first): 2 minutes at 30 Hz
};

class TruthTrack {
 public:
  explicit TruthTrack(TruthTrackConfig config = {});
  // The rates from a Welcome that came after the track was made.
  void set_rates(double tick_rate, double snapshot_rate);

  // A snapshot as the clean client decoded it; any order, a tick already held is ignored.
  void add(std::uint32_t tick, const std::vector<client::RunnerFrame>& runners);

  // Runner `id` at render tick `tick` (fractional ticks, render_time × tick_rate) as a client
  // with these snapshots shows it. nullopt when the track does not hold snapshots on both sides
  // of `tick` (without bridge_gaps: no further apart than a snapshot interval), when the runner
  // is not in both, or when it restarted between them.
  std::optional<TruthRunner> at(std::uint32_t id, double tick) const;

  std::optional<std::uint32_t> newest_tick() const;
  // Whether the track holds the snapshot of `tick`.
  bool holds(std::uint32_t tick) const;
  std::optional<std::uint32_t> oldest_tick() const;
  std::size_t size() const { return snapshots_.size(); }
  // Intervals between consecutive held snapshots longer than a snapshot interval.
  std::uint64_t gaps() const;

 private:
  struct Snapshot {
    std::uint32_t tick = 0;
    std::vector<TruthRunner> runners;
    const TruthRunner* find(std::uint32_t id) const;
  };
  TruthTrackConfig config_;
  std::uint32_t max_gap_ = 1;       // ticks between two snapshots that are still neighbours
  std::deque<Snapshot> snapshots_;  // sorted by tick, unique
};

}  // namespace spear::load
