#include "render/offscreen.hpp"

#include <SFML/Graphics/Image.hpp>
#include <SFML/Window/Context.hpp>
#include <algorithm>
#include <cstdlib>
#include <system_error>

namespace spear::client {

void hold_graphics_context() {
  // Deliberately never destroyed: destroying it after SFML's own globals at exit is unsafe.
  static const sf::Context* const context = new sf::Context;
  (void)context;
}

Offscreen create_offscreen(unsigned width, unsigned height, unsigned antialiasing) {
  Offscreen out;
  if (width == 0 || height == 0 || width > 16384 || height > 16384) {
    out.error =
        "offscreen size " + std::to_string(width) + "x" + std::to_string(height) + " out of range";
    return out;
  }
#if defined(__linux__)
  // Without a display SFML aborts the process on its first context: say so instead.
  const char* display = std::getenv("DISPLAY");
  if (!display || !*display) {
    out.error = "no X display to draw on (DISPLAY is not set: run it under xvfb-run -a)";
    return out;
  }
#endif
  hold_graphics_context();
  sf::ContextSettings settings;
  settings.antialiasingLevel =
      std::min(antialiasing, sf::RenderTexture::getMaximumAntialiasingLevel());
  auto texture = std::make_unique<sf::RenderTexture>();
  if (!texture->create(width, height, settings)) {
    // Some drivers report a level they then refuse: fall back to none rather than fail.
    settings.antialiasingLevel = 0;
    if (!texture->create(width, height, settings)) {
      out.error = "could not create a " + std::to_string(width) + "x" + std::to_string(height) +
                  " render texture (is there an X display?)";
      return out;
    }
  }
  texture->setSmooth(true);
  out.antialiasing = settings.antialiasingLevel;
  out.texture = std::move(texture);
  return out;
}

std::string save_png(sf::RenderTexture& texture, const std::filesystem::path& file) {
  texture.display();
  return save_png(texture.getTexture().copyToImage(), file);
}

std::string save_png(const sf::Image& image, const std::filesystem::path& file) {
  std::error_code ec;
  if (file.has_parent_path()) std::filesystem::create_directories(file.parent_path(), ec);
  if (!image.saveToFile(file.string())) return "could not write " + file.string();
  return {};
}

std::filesystem::path numbered_file(const std::filesystem::path& file, int i) {
  if (i == 0) return file;
  auto p = file;
  p.replace_filename(file.stem().string() + "-" + std::to_string(i + 1) +
                     file.extension().string());
  return p;
}

}  // namespace spear::client
