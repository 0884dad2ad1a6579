#include "app/game_window.hpp"

namespace spear::client {

GameWindow open_game_window(const ClientOptions& o, const std::string& title,
                            std::uint64_t jitter_seed) {
  GameWindow g;
  sf::ContextSettings cs;
  cs.antialiasingLevel = 8;
  g.window = std::make_unique<sf::RenderWindow>(sf::VideoMode(o.width, o.height),
                                                sf::String::fromUtf8(title.begin(), title.end()),
                                                sf::Style::Default, cs);
  sf::RenderWindow& w = *g.window;
  const sf::VideoMode desk = sf::VideoMode::getDesktopMode();
  const auto centre = [](unsigned screen, unsigned size) {
    return screen > size ? static_cast<int>((screen - size) / 2) : 0;
  };
  w.setPosition({centre(desk.width, o.width), centre(desk.height, o.height)});
  if (o.frame_rate) {
    w.setVerticalSyncEnabled(false);
    g.pacer.emplace(*o.frame_rate, o.frame_jitter_ms, jitter_seed);
  } else {
    w.setVerticalSyncEnabled(true);
    w.setFramerateLimit(120);
  }
  w.setKeyRepeatEnabled(false);
  return g;
}

}  // namespace spear::client
