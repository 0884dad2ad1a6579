#pragma once
// Hit-stop: when a target breaks, the drawn world holds still for a moment and then catches up,
// so the strike lands with weight. This clock says how far behind real time the world is drawn
// (the lag): on a break it holds (the lag grows with real time for `hold` seconds, the display
// clock stands still), then the display runs `catch_up` faster than real time, easing into that
// rate over `ease` seconds, until the lag is gone. The drawn world never jumps: the display time
// only ever stands or moves forward, at a rate that changes smoothly once the hold is over.
// Presentation only: the sim, the prediction and what the server is told are untouched.
// Time is passed in; nothing here reads a clock.
namespace spear::client {

struct HitStopConfig {
  // s the display clock stands still after a break. The frame showing the break is then on
  // screen for the hold rounded up to whole frames: 4 frames (67 ms) at 60 Hz, 5 (69 ms) at
  // 72 Hz, 10 (69 ms) at 144 Hz — inside the 60–80 ms.
  double hold = 0.065;
  double catch_up = 0.35;  // then it runs at up to 1 + this × real time until it meets it
  double ease = 0.05;      // s to reach the catch-up rate after the hold
  double max_lag = 0.25;   // breaks in quick succession never put the display further behind
};

class HitStopClock {
 public:
  explicit HitStopClock(HitStopConfig config = {}) : config_(config) {}

  // A break was drawn this frame: hold from now (a break during a catch-up holds again).
  void trigger();
  // One frame, `dt` real seconds after the last (≥ 0). Returns the lag, seconds.
  double advance(double dt);

  double lag() const { return lag_; }
  bool holding() const { return hold_left_ > 0.0; }
  // Holding or catching up: the world drawn is not the world of now.
  bool active() const { return hold_left_ > 0.0 || lag_ > 0.0; }
  const HitStopConfig& config() const { return config_; }
  void reset() { *this = HitStopClock(config_); }

 private:
  HitStopConfig config_;
  double lag_ = 0.0;
  double hold_left_ = 0.0;
  double since_hold_ = 0.0;  // s of catching up so far (for the ease)
};

}  // namespace spear::client
