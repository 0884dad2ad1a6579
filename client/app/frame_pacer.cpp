#include "app/frame_pacer.hpp"

#include <cmath>
#include <thread>

namespace spear::client {

FramePacer::FramePacer(double hz, double jitter_ms, std::uint64_t seed)
    : period_(1.0 / hz),
      jitter_s_(jitter_ms / 1000.0),
      random_(seed),
      origin_(std::chrono::steady_clock::now()) {}

void FramePacer::wait() {
  const double since =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - origin_).count();
  // The next whole period after now (a frame that ran long skips the slots it missed).
  frame_ = std::max<std::uint64_t>(frame_ + 1,
                                   static_cast<std::uint64_t>(std::floor(since / period_)) + 1);
  double due = static_cast<double>(frame_) * period_;
  if (jitter_s_ > 0.0) due += std::uniform_real_distribution<double>(0.0, jitter_s_)(random_);
  std::this_thread::sleep_until(origin_ + std::chrono::duration_cast<std::chrono::nanoseconds>(
                                              std::chrono::duration<double>(due)));
}

}  // namespace spear::client
