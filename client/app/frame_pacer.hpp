#pragma once
// Paces a frame loop at a fixed rate (--frame-rate HZ), plus a seeded random extra sleep of
// 0..jitter ms a frame (--frame-jitter-ms J), to see and test how the client looks on another
// screen's refresh rate or a machine that hitches. Frames are due at whole periods since the
// start (a late frame does not push the rest back); the jitter delays one frame only.
#include <chrono>
#include <cstdint>
#include <random>

namespace spear::client {

class FramePacer {
 public:
  FramePacer(double hz, double jitter_ms, std::uint64_t seed);
  // Sleeps until the next frame is due (and its jitter has passed).
  void wait();
  double period() const { return period_; }

 private:
  double period_;
  double jitter_s_;
  std::mt19937_64 random_;
  std::chrono::steady_clock::time_point origin_;
  std::uint64_t frame_ = 0;
};

}  // namespace spear::client
