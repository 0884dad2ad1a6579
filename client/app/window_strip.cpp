#include "app/window_strip.hpp"

#include <algorithm>

#include "render/offscreen.hpp"

namespace spear::client {

WindowStrip::WindowStrip(std::filesystem::path file, int frames, double end)
    : file_(std::move(file)), frames_(static_cast<std::size_t>(std::max(1, frames))), end_(end) {}

void WindowStrip::frame_drawn(const sf::RenderWindow& window, double now) {
  if (last_ >= 0.0 && now > last_)
    frame_seconds_ += 0.1 * (std::clamp(now - last_, 1.0 / 1000.0, 0.5) - frame_seconds_);
  last_ = now;
  // Start copying early enough for `frames_` frames even if the pace halves, and a second before
  // the end at the least.
  const double lead = std::max(1.0, 2.0 * static_cast<double>(frames_ + 2) * frame_seconds_);
  if (now < end_ - lead) return;
  if (ring_.size() < frames_) ring_.resize(frames_);
  sf::Texture& slot = ring_[next_];
  const sf::Vector2u size = window.getSize();
  if (slot.getSize() != size && !slot.create(size.x, size.y)) return;
  slot.update(window);
  next_ = (next_ + 1) % frames_;
  count_ = std::min(count_ + 1, frames_);
}

std::string WindowStrip::save() const {
  if (count_ == 0) return "no frame was drawn to save in " + file_.string();
  const std::size_t first = (next_ + frames_ - count_) % frames_;
  for (std::size_t i = 0; i < count_; ++i) {
    const sf::Texture& t = ring_[(first + i) % frames_];
    if (std::string err = save_png(t.copyToImage(), numbered_file(file_, static_cast<int>(i)));
        !err.empty())
      return err;
  }
  return {};
}

}  // namespace spear::client
