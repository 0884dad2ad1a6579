#pragma once
// The time the own predicted runner is drawn at (server seconds), advanced with the local frame
// time and slewed gently towards the server clock estimate (ServerClock::server_time_at). The
// estimate itself jumps whenever an early snapshot arrives (it follows the earliest arrivals);
// drawing at it would move the runner by uneven amounts per frame. This clock instead runs at
// 1 ± a few per cent of real time until it meets the estimate, so the drawn runner (and the
// camera that follows it) moves evenly; only an error beyond `resync` (a new server, a stall of
// a second) jumps it. Inputs are stamped with the tick of this clock, so what is drawn and what
// the server is told agree. Time is passed in; nothing here reads a clock.
#include <cstdint>

namespace spear::client {

struct PredictionClockConfig {
  double gain = 0.5;        // 1/s: rate change per second of error
  double max_rate = 0.015;  // the clock runs at most this much faster or slower than real time
  double resync = 0.25;     // seconds of error beyond which it jumps to the estimate
};

class PredictionClock {
 public:
  explicit PredictionClock(PredictionClockConfig config = {}) : config_(config) {}

  // One frame: `dt` local seconds since the last one (≥ 0), `estimate` the server time the
  // server clock reads now. Returns the display time.
  double advance(double dt, double estimate);

  bool valid() const { return valid_; }
  double time() const { return time_; }
  // Display time − estimate at the last advance, seconds.
  double error() const { return error_; }
  std::uint64_t resyncs() const { return resyncs_; }
  void reset() { *this = PredictionClock(config_); }

 private:
  PredictionClockConfig config_;
  bool valid_ = false;
  double time_ = 0.0;
  double error_ = 0.0;
  std::uint64_t resyncs_ = 0;
};

}  // namespace spear::client
