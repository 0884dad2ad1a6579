#include "app/frame_strip.hpp"

#include <chrono>

#include "render/offscreen.hpp"

namespace spear::client {

std::string save_frame_strip(FrameRenderer& renderer, sf::RenderTexture& target,
                             std::span<const FrameData> frames, const std::filesystem::path& file,
                             double* draw_seconds) {
  for (std::size_t i = 0; i < frames.size(); ++i) {
    const auto t0 = std::chrono::steady_clock::now();
    renderer.draw_frame(target, frames[i].inputs());
    target.display();
    if (draw_seconds)
      *draw_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (std::string err = save_png(target, numbered_file(file, static_cast<int>(i))); !err.empty())
      return err;
  }
  return {};
}

}  // namespace spear::client
