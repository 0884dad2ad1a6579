#pragma once
// Measures pops in what a client showed, against the truth (truth_track.hpp). Measurement for
// spear-load --truth and the netcode tests, not part of the client.
//
// The raw motion of a joint between two rendered frames cannot tell a pop from fast motion: a
// thrust moves and accelerates the spear by tens of units a frame, on a perfect link too. What
// a pop is, is the shown pose jumping where the motion does not. So each rendered frame at
// render tick r(t) is compared with the ideal I(r(t)): the pose a client holding every snapshot
// shows at that same tick. For every joint, in course space (anchor distance + joint, so a
// snapping anchor counts as much as a snapping limb), the error E(t) = P(t) − I(r(t)) is
// followed from frame to frame, and the pop figure is its step
//     |E(t) − E(t−1)| = |(P(t) − P(t−1)) − (I(r(t)) − I(r(t−1)))|.
// Fast motion shown faithfully steps 0, however fast; a lost snapshot bridged by interpolation
// steps by a fraction of the motion it leaves out; a joint that snaps steps by the snap.
// The clock's own pace does not count: the ideal is taken at the tick the client showed.
//
// A runner starts over (no step for its first frame) when it was not in the previous frame,
// when the truth cannot say where it was (the track holds no snapshots around that tick, or it
// restarted between them), when its anchor, shown or ideal, jumps further than cut_distance
// in one frame (a restart at the course start: a cut, not a pop), or while the shown and the
// ideal anchor are further apart than that (one side has restarted and the other not yet: a
// client that lost the snapshot of a restart shows it at the next one, holding the old run
// until then; its frozen pose against the new run's moving one is no error step).
//
// The reference can be the full truth (a clean client's snapshots) or what the measured client
// received (TruthTrackConfig::bridge_gaps): against the first, what losses took away counts too;
// against the second, only what the client's buffer added by guessing.
//
// Frames wait until the reference holds a snapshot past their render tick, so measure() can run
// while the reference still grows (a live clean client), and measure(truth, true) at the end.
#include <array>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <unordered_map>
#include <vector>

#include "core/runner_frame.hpp"
#include "truth_track.hpp"

namespace spear::load {

struct TruthPopConfig {
  // Units per frame: an error step above this is a pop. Against the full truth a client that
  // lost snapshots cannot be exact: bridging or extrapolating over a lost snapshot in the middle
  // of a thrust leaves out motion it never saw, and the error then steps by up to 17 units a
  // frame (test_netsim_soak, 10% loss, six netsim seeds). A renderer that freezes over one lost
  // snapshot and then jumps steps by 37 (test_client). 24 is about four frames of a running
  // figure's travel (6.3 units a frame): a jump, not a guess. Against a reference without
  // missing information (a clean client against the truth) any step above 0 is a fault.
  double pop_threshold = 24.0;
  double cut_distance = 300.0;  // units: an anchor jump this large in one frame is a cut
  std::size_t max_waiting =
      600;  // frames kept waiting for the truth; older ones are measured as they are
};

struct TruthPopStats {
  std::uint64_t frames = 0;     // rendered frames measured
  std::uint64_t samples = 0;    // runner-frames with an error step
  std::uint64_t uncovered = 0;  // runner-frames the truth could not place (not counted as samples)
  std::uint64_t pops = 0;       // samples whose step exceeded pop_threshold
  double worst_step = 0.0;      // units: the largest error step of any joint
  std::uint32_t worst_runner = 0;
  double worst_tick = 0.0;   // render tick of the worst step
  double worst_error = 0.0;  // units: the largest distance of any joint from the ideal
  double step_sum = 0.0;     // of every sample's worst joint
  std::map<std::uint32_t, double> worst_by_runner;  // runner id -> its worst error step, units
  // Samples by their worst joint's step: below 1, 2, 4, 8, 16, 32 units, and 32 or more.
  static constexpr std::array<double, 6> kBinEdges{1.0, 2.0, 4.0, 8.0, 16.0, 32.0};
  std::array<std::uint64_t, kBinEdges.size() + 1> histogram{};
  double mean_step() const { return samples ? step_sum / static_cast<double>(samples) : 0.0; }
};

class TruthPopMeter {
 public:
  explicit TruthPopMeter(TruthPopConfig config = {});

  // One rendered frame: the tick it showed (render_time × tick_rate) and its runners as drawn.
  void add_frame(double render_tick, const std::vector<client::RunnerFrame>& runners);
  // Measures the waiting frames that `truth` now covers (with `all`: every waiting frame,
  // when the truth is complete).
  void measure(const TruthTrack& truth, bool all = false);

  // Diagnostic: called with every sample (render tick, runner, its error step).
  std::function<void(double, std::uint32_t, double)> on_sample;
  const TruthPopStats& stats() const { return stats_; }
  const TruthPopConfig& config() const { return config_; }
  std::size_t waiting() const { return waiting_.size(); }

 private:
  struct Frame {
    std::uint64_t index = 0;
    double render_tick = 0.0;
    std::vector<TruthRunner> runners;
  };
  struct Track {  // one runner's previous measured frame
    std::uint64_t frame = 0;
    double shown_distance = 0.0, ideal_distance = 0.0;
    std::array<double, rig::kJointCount> ex{}, ey{};  // error per joint, course space
  };
  void measure_frame(const TruthTrack& truth, const Frame& f);

  TruthPopConfig config_;
  TruthPopStats stats_;
  std::deque<Frame> waiting_;
  std::uint64_t next_index_ = 0;
  std::unordered_map<std::uint32_t, Track> tracks_;
};

}  // namespace spear::load
