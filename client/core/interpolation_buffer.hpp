#pragma once
// Snapshot buffer and interpolation (net.md "Client interpolation", after Fiedler's "Snapshot
// Interpolation" and Valve's interpolation delay).
//
// Snapshots go in as they arrive, in any order, lost or doubled. Every frame the buffer advances
// a playback clock that runs at (estimated server time − delay) and samples each runner there:
// joints are interpolated between the two snapshots around that time. When snapshots stop, it
// extrapolates briefly from the last two (the anchor at its speed, the joints at half their
// motion), then holds. The delay adapts (about two snapshot intervals plus the measured jitter)
// by running the playback clock slightly faster or slower, never by jumping it, and a runner that
// comes back from extrapolation or hold fades the difference out instead of popping (it carries
// the error its last guessed frame had against what is known now, so it keeps moving with the
// motion while the error fades, by at most max_correction_speed).
//
// Time is passed in (monotonic seconds); nothing here reads a clock.
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/runner_frame.hpp"
#include "core/server_clock.hpp"

namespace spear::client {

struct InterpolationConfig {
  double tick_rate = 60.0;         // server simulation ticks per second (from Welcome)
  double snapshot_rate = 30.0;     // snapshots per second (from Welcome)
  double delay_intervals = 2.0;    // base delay, in snapshot intervals
  double jitter_margin = 2.0;      // plus this many times the measured jitter
  double min_delay = 0.02;         // seconds
  double max_delay = 0.5;          // seconds
  double max_extrapolation = 0.1;  // seconds past the newest snapshot before holding
  // Share of their last motion the joints (anchor-relative) keep while extrapolating; the anchor
  // keeps all of its own. Limbs turn fast (a foot swings forward at up to 25 units a tick and
  // plants within two), so a full linear guess overshoots by the most exactly when the motion
  // turns; half of it overshoots half as far and still moves on with the figure.
  double joint_extrapolation = 0.5;
  double correction_time = 0.08;  // seconds: time constant of fading a joint correction out
  double distance_correction_time = 0.15;  // seconds: same for the anchor (catching up a stall)
  // units/s: the fastest a correction fades (joints together, and the anchor), so that the shown
  // figure never moves more than this beyond the motion it follows (4 units a frame at 60 Hz).
  // A correction larger than this covers in correction_span fades faster: it is gone by then.
  double max_correction_speed = 240.0;
  double correction_span = 0.5;  // seconds
  std::size_t capacity = 64;     // snapshots kept at most
};

enum class SampleKind : std::uint8_t {
  Empty,         // nothing received yet
  Early,         // render time before the oldest snapshot: no runners yet
  Interpolated,  // between two snapshots
  Extrapolated,  // past the newest, within max_extrapolation
  Held,          // past the newest for longer: the extrapolated pose, frozen
};

struct InterpolatedView {
  SampleKind kind = SampleKind::Empty;
  double render_time = 0.0;     // server seconds the view shows
  std::uint32_t base_tick = 0;  // tick of the newest snapshot at or before render_time
  std::vector<RunnerFrame> runners;
};

struct InterpolationStats {
  std::uint64_t received = 0;    // every push
  std::uint64_t duplicates = 0;  // same tick again
  std::uint64_t reordered = 0;   // arrived after a newer one, still useful
  std::uint64_t too_old = 0;     // arrived after playback passed it
  std::uint64_t resyncs = 0;     // playback clock jumped (server restart, huge stall)
  std::uint64_t extrapolated_frames = 0;
  std::uint64_t held_frames = 0;
  std::optional<std::uint32_t> first_tick;
  std::optional<std::uint32_t> newest_tick;
};

class InterpolationBuffer {
 public:
  explicit InterpolationBuffer(InterpolationConfig config = {});

  enum class Insert : std::uint8_t { Added, Duplicate, TooOld };
  // A decoded snapshot: its server tick, its runners, and the local time it arrived.
  Insert push(std::uint32_t tick, std::vector<RunnerFrame> runners, double local_time);

  // Advances the playback clock to local_time (monotonic, seconds) and samples all runners.
  const InterpolatedView& sample(double local_time);
  const InterpolatedView& view() const { return view_; }

  // Delay the playback clock is steering towards, seconds.
  double target_delay() const;
  // Estimated server time now minus the time being shown, seconds (after the last sample()).
  double delay() const { return delay_; }
  const ServerClock& clock() const { return clock_; }
  const InterpolationStats& stats() const { return stats_; }
  // Share of snapshots never received, from the tick stride (0..1).
  double loss() const;
  std::size_t size() const { return snapshots_.size(); }
  const InterpolationConfig& config() const { return config_; }
  void set_rates(double tick_rate, double snapshot_rate);
  void reset();

 private:
  struct Snapshot {
    std::uint32_t tick = 0;
    double time = 0.0;  // tick / tick_rate
    std::vector<RunnerFrame> runners;
    const RunnerFrame* find(std::uint32_t id) const;
  };
  struct Track {  // per runner: what was shown last, and the correction still fading
    SampleKind kind = SampleKind::Empty;
    std::uint32_t base_tick = 0;
    RunnerFrame shown{};
    std::array<rig::Vec2, rig::kJointCount> joint_offset{};
    double distance_offset = 0.0;
    double scroll_offset = 0.0;  // the lab's treadmill, units
    bool seen = false;
  };

  void advance_clock(double local_time);
  // Every runner at server time t, before smoothing.
  void sample_runners(double t, InterpolatedView& view) const;
  // Fades corrections; previous_time: the render time of the previous frame.
  void smooth(double dt, double previous_time);
  void prune();

  InterpolationConfig config_;
  ServerClock clock_;
  std::deque<Snapshot> snapshots_;  // sorted by tick, unique
  InterpolationStats stats_;
  std::uint64_t unique_ = 0;
  InterpolatedView view_;
  std::unordered_map<std::uint32_t, Track> tracks_;
  bool playing_ = false;
  bool resynced_ = false;
  double render_time_ = 0.0;
  double last_local_ = 0.0;
  double delay_ = 0.0;
};

}  // namespace spear::client
