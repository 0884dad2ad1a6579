#pragma once
// A headless strip (--screenshot with --screenshot-frames): consecutive frames kept while the
// run goes on, then drawn one after another offscreen and written as FILE, FILE-2.png, ...
// (render/offscreen.hpp numbered_file), oldest first.
#include <SFML/Graphics/RenderTexture.hpp>
#include <filesystem>
#include <span>
#include <string>

#include "app/frame_assembly.hpp"
#include "render/frame_renderer.hpp"

namespace spear::client {

// Returns an error message (the first file that could not be written), or empty. Adds the
// seconds spent drawing to `draw_seconds` when given.
std::string save_frame_strip(FrameRenderer& renderer, sf::RenderTexture& target,
                             std::span<const FrameData> frames, const std::filesystem::path& file,
                             double* draw_seconds = nullptr);

}  // namespace spear::client
