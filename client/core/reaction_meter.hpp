#pragma once
// Input-to-visible-reaction latency of the own runner: from a Jump pressed while it is shown
// running to the first frame that shows it leaping. Frames are counted from the first frame
// after the press (0: that very frame shows the leap).
#include <cstdint>
#include <optional>

namespace spear::client {

class ReactionMeter {
 public:
  // A Jump press; `frame` is the index of the next frame, `now` local seconds. Ignored while an
  // earlier press is still waiting.
  void on_press(std::uint64_t frame, double now);
  // A frame was shown: its index, time, and whether it shows the own runner leaping. A press
  // waiting longer than max_wait seconds is dropped (the jump did not happen: in the air, down).
  void on_frame(std::uint64_t frame, double now, bool leaping, double max_wait = 2.0);

  std::uint64_t samples() const { return samples_; }
  double mean_frames() const {
    return samples_ ? static_cast<double>(frames_sum_) / static_cast<double>(samples_) : 0.0;
  }
  double mean_ms() const { return samples_ ? ms_sum_ / static_cast<double>(samples_) : 0.0; }
  std::uint64_t max_frames() const { return max_frames_; }

 private:
  struct Press {
    std::uint64_t frame;
    double time;
  };
  std::optional<Press> waiting_;
  bool was_leaping_ = false;
  std::uint64_t samples_ = 0, frames_sum_ = 0, max_frames_ = 0;
  double ms_sum_ = 0.0;
};

}  // namespace spear::client
