#pragma once
// The last few assembled frames, kept so the world can be drawn a little in the past (the
// hit-stop's lag, core/hit_stop_clock.hpp): a frame at any time between two kept frames is
// their blend (figures joint by joint, the camera, the ground, the obstacles' ages), so a
// display clock that stands still and then runs faster draws a world that moves without a step.
#include <deque>

#include "app/frame_assembly.hpp"

namespace spear::client {

class FrameHistory {
 public:
  // Keeps frames for `span` seconds behind the newest.
  explicit FrameHistory(double span = 0.4) : span_(span) {}

  // The frame assembled at time `t` (s, non-decreasing; an equal time replaces the last).
  void push(double t, const FrameData& frame);
  // The frame at time `t`: the blend of the kept frames around it, the oldest before them, the
  // newest after them. Needs at least one frame.
  FrameData sample(double t) const;
  bool empty() const { return frames_.empty(); }
  void clear() { frames_.clear(); }

 private:
  double span_;
  std::deque<std::pair<double, FrameData>> frames_;
};

// a..b at `u` (0..1): continuous things blended, the rest (HUD, modes, flags) from the nearer
// frame. Across a cut (another runner followed, the lab entered or left, a restart) the nearer
// frame as it is.
FrameData blend_frames(const FrameData& a, const FrameData& b, float u);

}  // namespace spear::client
