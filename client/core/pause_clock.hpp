#pragma once
// Session time: monotonic wall seconds minus the spans spent paused. A local match that is
// paused stops the embedded server's clock for the same span (server::Server::set_paused), so
// the two clocks keep their offset: on resume the server clock estimate, the interpolation
// playback, the prediction and every timeout go on from where they stopped (nothing jumps,
// nothing times out). Time is passed in; nothing here reads a clock.
namespace spear::client {

class PauseClock {
 public:
  // Pauses or resumes at wall time `wall` (repeating the current state changes nothing).
  void set_paused(bool paused, double wall);
  bool paused() const { return paused_; }
  // Session time at wall time `wall`: frozen while paused.
  double session_time(double wall) const;
  // Seconds spent paused before `wall`.
  double paused_seconds(double wall) const;

 private:
  bool paused_ = false;
  double paused_at_ = 0.0;     // wall time of the current pause
  double paused_total_ = 0.0;  // the finished pauses
};

}  // namespace spear::client
