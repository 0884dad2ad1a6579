#pragma once
// The motion lab's treadmill (issue 15 part 4): the lab runner does not travel, the ground under
// it scrolls at the rig's own ground speed (rig.md §6: stride × cadence ÷ duty, blends and
// switches included), so its planted feet stay on the drawn ground. The wire carries the rig's
// total ground travel modulo net::kLabScrollSpan (RunnerFrame::lab_scroll); this unwraps it,
// frame by frame, into a continuous ground position for the renderer.
#include "core/runner_frame.hpp"

namespace spear::client {

// The short way from `from` to `to` on the wrapping treadmill, units (−span/2 .. span/2).
double treadmill_gap(float from, float to);
// A travel wrapped back into [0, span), units.
float wrap_treadmill(double scroll);

// One runner's drawn ground, course units (10 units = 1 m).
class Treadmill {
 public:
  // The runner as drawn this frame. Returns where the ground under it stands: its distance
  // while it runs (the ground is the course); in the lab, the distance it stands at plus the
  // treadmill's travel since this client first drew it there, so the ground neither jumps when
  // the lab starts nor drifts against the rig.
  double update(const RunnerFrame& frame);
  double ground_x() const { return ground_x_; }
  double travel() const { return travel_; }  // units the treadmill moved, this lab stay

 private:
  bool in_lab_ = false;
  float last_scroll_ = 0.f;
  double travel_ = 0.0;
  double ground_x_ = 0.0;
};

}  // namespace spear::client
