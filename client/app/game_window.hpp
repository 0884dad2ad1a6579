#pragma once
// The client's window, for a game and a replay alike: o.width × o.height, antialiased (SFML
// falls back to what the driver offers), centred on the desktop (without a window manager, as
// under Xvfb or in a kiosk, X11 may place it off screen), key repeat off, and paced by
// --frame-rate (vsync off; --frame-jitter-ms seeded by `jitter_seed`) or by the display's own
// rate (vsync, with a ceiling of 120 Hz where vsync is unavailable, as on a virtual display).
#include <SFML/Graphics/RenderWindow.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "app/client_options.hpp"
#include "app/frame_pacer.hpp"

namespace spear::client {

struct GameWindow {
  std::unique_ptr<sf::RenderWindow> window;
  std::optional<FramePacer> pacer;  // set with --frame-rate: wait() after each frame
};

GameWindow open_game_window(const ClientOptions& o, const std::string& title,
                            std::uint64_t jitter_seed);

}  // namespace spear::client
