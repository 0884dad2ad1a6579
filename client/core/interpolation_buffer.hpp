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
// A snapshot that arrives after a lost one (or two) may carry what rebuilds them
// (net/bridge_residual.hpp): the buffer inserts the rebuilt snapshots, so that bridging a loss
// follows the motion the lost snapshot held instead of a chord that misses its kinks; a rebuilt
// one that had to guess (three lost in a row: nothing carries the first) is rebuilt again when a
// late snapshot says more. Two lost in a row would leave two intervals of delay running past
// the newest snapshot before the next arrives; while recent loss is high and has come in runs,
// the delay rises (three and a half intervals, five after three lost in a row;
// slowly, by the same rate steering, so the shown time never steps) and falls back once the
// path is clean; a new buffer starts at the highest, until the path shows itself better.
//
// A big race sends full poses only for some runners in each snapshot; a client draws the ones
// its snapshots cue from rigs of its own (core/crowd_rigs.hpp: their frames come in as poses),
// and the others near the view take turns for the datagram's room (a new client's first
// snapshots, before their cues come), so a runner may be missing from one snapshot or a few in
// a row and then come back. Across such a gap of at most kMaxRunnerGapTicks it is drawn between
// its appearances on either side, as if the snapshots between had held it (a restart still
// steps). That needs the snapshot that shows it back to have arrived when playback reaches the
// gap: with a delay of n intervals, gaps of up to about n intervals. Until it arrives, a runner
// the snapshots still list in their roll call (the ones without a pose) is held where it was last
// seen, for at most kMaxRunnerGapTicks after that (then it is gone: it left the view's zone);
// one they do not list is held as one that leaves (until playback passes the first snapshot
// without it, then gone). When the one that shows it back arrives in time, the held figure moves
// on and fades the difference out.
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

// Ticks from a runner's last appearance in the snapshots to its next one across which it is
// drawn between the two (a runner left out of some snapshots, or lost with them) instead of held
// and popped: 24 ticks, 12 snapshot intervals at 60 Hz ticks and 30 Hz snapshots (0.4 s; a
// crowded view's turns, which the delay then covers: InterpolationConfig::max_turn_delay_...). One
// missing for longer is held where it was last seen until playback passes the first snapshot
// without it, then gone, as a runner that leaves; one the snapshots since list without a pose
// (net::Snapshot::others) is held until playback is this far past its last appearance.
inline constexpr std::uint32_t kMaxRunnerGapTicks = 24;

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
  // turns; half of it overshoots half as far and still moves on with the figure. (Measured over
  // 30 s of five bot runs, the next interval's chord of the worst joint is missed by at most
  // 52 units at half, 58 at full speed, 51–94 by guesses from the last curvature: no guess
  // across a loss is good, so the delay is raised where losses come in runs.)
  double joint_extrapolation = 0.5;
  double correction_time = 0.08;  // seconds: time constant of fading a joint correction out
  double distance_correction_time = 0.15;  // seconds: same for the anchor (catching up a stall)
  // units/s: the fastest a correction fades (joints together, and the anchor), so that the shown
  // figure never moves more than this beyond the motion it follows (4 units a frame at 60 Hz).
  // A correction larger than this covers in correction_span fades faster: it is gone by then.
  double max_correction_speed = 240.0;
  double correction_span = 0.5;  // seconds
  std::size_t capacity = 64;     // snapshots kept at most
  // Adaptive delay: delay_intervals rises to lossy_delay_intervals while the share of lost
  // snapshots (averaged over loss_memory) is above lossy_loss and two or more were lost in a row
  // within burst_memory (burst_delay_intervals after three or more); it moves at most delay_slew
  // intervals per second (the playback clock follows within its ±10 % rate), back down only after
  // the path has been clean.
  double lossy_delay_intervals = 3.5;
  // The same with three or more lost in a row within burst_memory: a run of three leaves the
  // playback three intervals past the newest before the next one arrives (four apart), plus its
  // jitter, and guessing across it steps by half the change of a limb's speed (13–23 units).
  // Five, not four and a half: the first run of four (before the delay rises for it, below)
  // leaves the next one five intervals apart, and at four and a half a carrier a little late
  // came after playback had passed the newest (8.8 units a frame in a netsim run at 10 % loss).
  double burst_delay_intervals = 5.0;
  // One interval more for each snapshot beyond three in the longest run within burst_memory, up
  // to this many more (four lost in a row leave the playback four intervals past the newest).
  double max_longer_burst_intervals = 2.0;
  double lossy_loss = 0.03;
  double loss_memory = 3.0;    // seconds
  double burst_memory = 10.0;  // seconds
  double delay_slew = 0.5;     // intervals per second
  // Start at burst_delay_intervals, as after a run of three losses (a client joining over a bad
  // path would otherwise guess through its first seconds, or at the first run of three); a path
  // without such runs falls back after burst_memory, a clean one to delay_intervals.
  bool start_lossy = true;
  // A big race's turns (net::Snapshot::others): while runners come back from waiting their turn
  // for a pose, the delay covers the longest such gap seen within turn_memory (its intervals
  // plus turn_margin_intervals), up to max_turn_delay_intervals, so a runner is drawn between
  // its poses rather than held and caught up.
  double turn_margin_intervals = 1.0;
  double max_turn_delay_intervals = 8.0;
  double turn_memory = 5.0;  // seconds
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
  std::uint64_t rebuilt = 0;           // lost snapshots rebuilt from their successor's residuals
  std::uint64_t rebuilt_replaced = 0;  // of which the real one arrived later and replaced it
};

class InterpolationBuffer {
 public:
  explicit InterpolationBuffer(InterpolationConfig config = {});

  enum class Insert : std::uint8_t { Added, Duplicate, TooOld };
  // A decoded snapshot: its server tick, its runners, and the local time it arrived; others: the
  // ids it lists without a frame (net::Snapshot::others but those drawn from their rigs: still
  // in the race), in any order.
  Insert push(std::uint32_t tick, std::vector<RunnerFrame> runners, double local_time,
              std::vector<std::uint32_t> others = {});

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
  // Recent share of lost snapshots (the adaptive delay's average, 0..1).
  double recent_loss() const { return recent_loss_; }
  // Snapshot intervals of delay the playback clock is steering for (before the jitter margin).
  double delay_intervals() const { return config_.delay_intervals + extra_intervals_; }
  std::size_t size() const { return snapshots_.size(); }
  const InterpolationConfig& config() const { return config_; }
  void set_rates(double tick_rate, double snapshot_rate);
  void reset();

 private:
  struct Snapshot {
    std::uint32_t tick = 0;
    double time = 0.0;  // tick / tick_rate
    std::vector<RunnerFrame> runners;
    bool rebuilt = false;  // made from its successor's residuals: the real one may still come
    // Of a rebuilt one, how much is guessed: 0 rebuilt exactly (from a received or exactly
    // rebuilt start), 1 from residuals against a guessed start, 2 a chord nobody carried
    // residuals for. A later carrier that rebuilds it with fewer guesses replaces it.
    std::uint8_t guesses = 0;
    // What the runners carried to rebuild the snapshots before this one (kept out of the frames
    // handed back).
    std::vector<std::pair<std::uint32_t, net::RunnerBridge>> bridges;
    // The runners it lists without a pose, ascending ids, unique. Of a rebuilt one: those in the
    // race (with a pose or listed) both in the one before it and in its carrier, and not among
    // its runners.
    std::vector<std::uint32_t> others;
    const RunnerFrame* find(std::uint32_t id) const;
    const net::RunnerBridge* bridge(std::uint32_t id) const;
    bool lists(std::uint32_t id) const;  // in others
    bool in_race(std::uint32_t id) const { return lists(id) || find(id); }
  };
  struct Track {  // per runner: what was shown last, and the correction still fading
    SampleKind kind = SampleKind::Empty;
    std::uint32_t base_tick = 0;
    RunnerFrame shown{};
    std::array<rig::Vec2, rig::kJointCount> joint_offset{};
    double distance_offset = 0.0;
    double scroll_offset = 0.0;  // the lab's treadmill, units
    bool seen = false;
    // Shown last frame held where it leaves (no later snapshot known to hold it).
    bool held_open = false;
  };
  // One runner's frame in one snapshot of the window sample_runners looks at (slot: the
  // snapshot's index in snapshots_; carrier: of a rebuilt one, the slot of its carrier, the next
  // received one; of a received one, its own slot).
  struct Appearance {
    std::uint32_t id = 0;
    std::uint32_t slot = 0;
    std::uint32_t carrier = 0;
    const RunnerFrame* frame = nullptr;
  };

  void advance_clock(double local_time);
  // Counts the snapshots lost before a new newest one, for the adaptive delay.
  void note_arrival(std::uint32_t tick, double local_time);
  void adapt_delay(double dt, double local_time);
  // Rebuilds what the snapshots from `tick` on can rebuild of the ones lost before them.
  void rebuild_from(std::uint32_t tick);
  // Rebuilds what the snapshot at `tick` can rebuild of the ones lost before it.
  void rebuild_lost(std::uint32_t tick);
  // Inserts the snapshot at `lost` rebuilt from the one before it in the buffer, the carrier at
  // `tick` and the carrier's residuals of `level` (none: kBridgeDepth), or replaces a rebuilt one
  // there that holds more guesses. False when the gap does not allow it or nothing improves.
  bool insert_rebuilt(std::uint32_t lost, std::uint32_t tick, std::size_t level);
  // Inserts the first of three lost in a row (no chord rebuilds it), before the carrier at
  // `tick`, as the value that bends each joint's motion least given what the carrier rebuilds of
  // the other two (net::bridge_guess), plus the carrier's residual against that guess where it
  // sent one; with the one before it lost too (four in a row), that one as well, as the value
  // that bends the motion least given the carrier's guess of the first from it. False when the
  // gap is not exactly one of those.
  bool insert_smoothed(std::uint32_t first, std::uint32_t tick);
  std::uint32_t stride() const;  // ticks between snapshots
  // A rebuilt snapshot's others (Snapshot::others), between `from` and `carrier`.
  static std::vector<std::uint32_t> others_between(const Snapshot& from, const Snapshot& carrier,
                                                   const std::vector<RunnerFrame>& runners);
  // A snapshot that playback stands on or heads to (at or before the first one past render
  // time) was replaced: the next frame fades the change in.
  void note_revised(const Snapshot& s);
  Snapshot* find_snapshot(std::uint32_t tick);
  // Every runner at server time t, before smoothing. held (if given): per runner of the view,
  // 1 when it is held where it was last seen because no later snapshot known holds it within
  // kMaxRunnerGapTicks (it leaves, or is listed without a pose). Returns the oldest tick a runner's
  // gap still needs (its last appearance before it went missing), if any.
  std::optional<std::uint32_t> sample_runners(double t, InterpolatedView& view,
                                              std::vector<std::uint8_t>* held = nullptr) const;
  // Fades corrections; previous_time: the render time of the previous frame.
  void smooth(double dt, double previous_time);
  // keep_from: the oldest tick a runner's gap still needs (sample_runners).
  void prune(std::optional<std::uint32_t> keep_from);

  InterpolationConfig config_;
  ServerClock clock_;
  std::deque<Snapshot> snapshots_;  // sorted by tick, unique
  InterpolationStats stats_;
  std::uint64_t unique_ = 0;
  InterpolatedView view_;
  std::unordered_map<std::uint32_t, Track> tracks_;
  std::vector<std::uint8_t> held_;  // sample_runners' held flags for view_
  // sample_runners' scratch: the window's appearances sorted by runner and slot (reused, so that
  // a frame allocates nothing once it has grown).
  mutable std::vector<Appearance> appearances_;
  bool playing_ = false;
  bool resynced_ = false;
  bool revised_ = false;  // a snapshot under the shown picture changed since the last frame
  double render_time_ = 0.0;
  double last_local_ = 0.0;
  double delay_ = 0.0;
  double recent_loss_ = 0.0;
  std::optional<double> last_burst_;       // local time two or more were last lost in a row
  std::optional<double> last_long_burst_;  // the same for three or more
  double long_burst_run_ = 0.0;            // the longest such run since bursts began, snapshots
  double extra_intervals_ = 0.0;           // above config_.delay_intervals, slewed
  // Turns: per runner, the tick of its newest pose and whether a snapshot since listed it
  // without one; the longest turn (intervals) within turn_memory and when it was seen.
  struct Turn {
    std::uint32_t posed_tick = 0;
    bool waiting = false;
  };
  std::unordered_map<std::uint32_t, Turn> turns_;
  double turn_intervals_ = 0.0;
  std::optional<double> last_turn_;
  void note_turns(std::uint32_t tick, const std::vector<RunnerFrame>& runners,
                  const std::vector<std::uint32_t>& others, double local_time);
};

}  // namespace spear::client
