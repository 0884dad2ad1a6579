#pragma once
// --frame-trace FILE: one JSON object per frame, one per line, for tests and anyone tuning feel:
//   t (s since start), dt (s), camera_x (course units, as drawn), followed (runner id),
//   mode (running|jumping|thrusting|falling|down|lab), paused, distance (the followed runner's,
//   m), ground_scroll (cumulative course units the drawn ground moved past the followed figure),
//   rig_scroll (the figure's own cumulative ground travel: the rig's scroll for the own
//   predicted runner, else its drawn distance), contact ([near, far] foot contact as drawn),
//   body_down (the torso drawn lying on the ground: a fall has landed),
//   hit_stop (the world drawn is held or catching up after a break: app/impact_presenter.hpp),
//   ghost (the drawn ghost's distance, m: --ghost's winner or the best run raced; else null).
// Both scrolls add up per-frame changes of FrameData::ground_x and ::rig_x; a cut (a restart to
// 0, another runner followed, the lab entered or left, the source of rig_x changing) adds
// nothing, so each moves only by what was seen to move.
#include <fstream>
#include <memory>
#include <optional>
#include <string>

#include "app/frame_assembly.hpp"

namespace spear::client {

class FrameTrace {
 public:
  // Opens (truncates) the file; nullptr with *error when it cannot be written.
  static std::unique_ptr<FrameTrace> open(const std::string& path, std::string* error);

  // One frame shown at `t` seconds since start, `dt` after the previous one.
  void write(double t, double dt, const FrameData& frame, bool paused);
  bool ok() const { return static_cast<bool>(out_); }

 private:
  explicit FrameTrace(std::ofstream out) : out_(std::move(out)) {}
  struct Last {
    std::uint32_t followed = 0;
    bool lab = false;
    bool rig_from_rig = false;
    double ground_x = 0.0;
    double rig_x = 0.0;
  };
  std::ofstream out_;
  std::optional<Last> last_;
  double ground_scroll_ = 0.0;
  double rig_scroll_ = 0.0;
};

// The trace's name of a runner mode ("lab" for a runner in the lab).
const char* trace_mode_name(net::RunnerMode mode, bool in_lab);

// --frame-trace's file, opened before anything starts: *trace stays null when `path` is empty;
// false, after one line on stderr, when the file cannot be written.
bool open_frame_trace(const std::string& path, std::unique_ptr<FrameTrace>* trace);

}  // namespace spear::client
