#pragma once
// A strip of a window's last drawn frames (--screenshot in a window with --duration): the
// frames exactly as the window showed them, at the window's own pace, to judge motion by. Each
// frame near the end is copied on the graphics side (after drawing, before display) into a ring
// of `frames` textures; the copies are read back and written only when the run is over, so
// capturing costs the loop little.
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Graphics/Texture.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace spear::client {

class WindowStrip {
 public:
  // The last `frames` frames before `end` (s of the run's clock) go to `file`, FILE-2.png, ...
  WindowStrip(std::filesystem::path file, int frames, double end);

  // Call once a frame, after drawing and before display(): copies the frame when it may be one
  // of the last ones (judged from the frame times seen so far).
  void frame_drawn(const sf::RenderWindow& window, double now);
  // Writes the kept frames, oldest first. Returns an error message, or empty.
  std::string save() const;

 private:
  std::filesystem::path file_;
  std::size_t frames_;
  double end_;
  double last_ = -1.0;
  double frame_seconds_ = 1.0 / 60.0;  // a running mean of the frame time
  std::vector<sf::Texture> ring_;
  std::size_t next_ = 0, count_ = 0;
};

}  // namespace spear::client
