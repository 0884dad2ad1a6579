#pragma once
// Between the assembled frame and the drawn one: the impact of a break (hit-stop and camera
// kick), dust at the feet, the smear of a thrust. With effects on it keeps the last frames
// (FrameHistory) and draws the world at the hit-stop's display time, decorated by
// ImpactEffects. Under reduced motion (effects off) it draws the live frame with none of it,
// and a toppled hurdle lies flat at once instead of tipping over.
// Presentation only: the session, its prediction and the server never see any of this.
#include "app/frame_history.hpp"
#include "app/impact_effects.hpp"
#include "core/hit_stop_clock.hpp"

namespace spear::client {

struct ImpactConfig {
  bool effects = true;  // false under reduced motion
  bool kick = true;     // the camera kick (tests of the hit-stop alone turn it off)
  HitStopConfig hit_stop{};
};

class ImpactPresenter {
 public:
  explicit ImpactPresenter(ImpactConfig config = {});

  // The frame to draw for `live`, assembled at real time `now` (s), `dt` after the last call.
  const FrameData& present(const FrameData& live, double now, double dt);

  bool effects() const { return config_.effects; }
  const HitStopClock& hit_stop() const { return clock_; }

 private:
  ImpactConfig config_;
  FrameHistory history_;
  HitStopClock clock_;
  ImpactEffects effects_;
  FrameData shown_;
};

}  // namespace spear::client
