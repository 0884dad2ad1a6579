#include "core/reaction_meter.hpp"

#include <algorithm>

namespace spear::client {

void ReactionMeter::on_press(std::uint64_t frame, double now) {
  if (waiting_ || was_leaping_) return;  // a press in the air shows nothing new
  waiting_ = Press{frame, now};
}

void ReactionMeter::on_frame(std::uint64_t frame, double now, bool leaping, double max_wait) {
  const bool started = leaping && !was_leaping_;
  was_leaping_ = leaping;
  if (!waiting_) return;
  if (started && frame >= waiting_->frame) {
    const std::uint64_t frames = frame - waiting_->frame;
    ++samples_;
    frames_sum_ += frames;
    max_frames_ = std::max(max_frames_, frames);
    ms_sum_ += std::max(0.0, now - waiting_->time) * 1000.0;
    waiting_.reset();
  } else if (now - waiting_->time > max_wait) {
    waiting_.reset();
  }
}

}  // namespace spear::client
