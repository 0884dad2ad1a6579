#pragma once
// Frames drawn off the screen (headless screenshots, tests, benchmarks). SFML still needs an X
// display for this (run under xvfb-run); antialiasing is clamped to what the driver offers
// (4 under Xvfb's llvmpipe; asking for more makes create() fail).
#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <filesystem>
#include <memory>
#include <string>

namespace spear::client {

inline constexpr unsigned kDefaultAntialiasing = 8;

struct Offscreen {
  std::unique_ptr<sf::RenderTexture> texture;  // null when it could not be created
  unsigned antialiasing = 0;                   // the level in effect
  std::string error;                           // why creation failed, if it did
};

// Keeps one OpenGL context (and so SFML's X connection) for the rest of the process. An X server
// resets when its last client disconnects, and SFML drops its connection whenever its last
// context goes: the next render texture then meets a resetting server and SFML aborts. Called by
// create_offscreen; call it first in a program that makes its own render textures.
void hold_graphics_context();

// A width × height render texture with antialiasing min(requested, the maximum available).
Offscreen create_offscreen(unsigned width, unsigned height,
                           unsigned antialiasing = kDefaultAntialiasing);

// Resolves the texture (display()) and writes it as a PNG. Returns an error message, or empty.
std::string save_png(sf::RenderTexture& texture, const std::filesystem::path& file);
// Writes `image` as a PNG (its folder made if missing). Returns an error message, or empty.
std::string save_png(const sf::Image& image, const std::filesystem::path& file);

// Frame i of a strip saved as `file`: the file itself for frame 0, then "name-2.png",
// "name-3.png" ...
std::filesystem::path numbered_file(const std::filesystem::path& file, int i);

}  // namespace spear::client
