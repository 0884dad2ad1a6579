#pragma once
// Text drawn after the HUD's shapes, from a pool of sf::Text reused frame to frame (SFML only
// rebuilds a text's glyph quads when its string, font or size changes).
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Text.hpp>
#include <string>
#include <string_view>
#include <vector>

namespace spear::client {

enum class Align { Left, Centre, Right };

class TextQueue {
 public:
  // Starts a frame. With no font every add() is skipped: shapes still draw, text does not.
  void begin(const sf::Font* regular, const sf::Font* bold);
  bool has_font() const { return regular_ != nullptr; }
  // Queues UTF-8 text with its top at pos.y, aligned on pos.x; returns its width in pixels
  // (0 when skipped). A soft shadow is drawn under it.
  float add(std::string_view utf8, sf::Vector2f pos, unsigned size, sf::Color colour,
            Align align = Align::Left, bool bold = false);
  // Width the text would take, without queuing it.
  float measure(std::string_view utf8, unsigned size, bool bold = false);
  void draw(sf::RenderTarget& target);
  std::size_t queued() const { return used_; }
  // Where queued text `i` (< queued()) is drawn, in the target's view coordinates.
  sf::FloatRect bounds(std::size_t i) const { return pool_[i].getGlobalBounds(); }
  // Its words.
  std::string text(std::size_t i) const { return pool_[i].getString().toAnsiString(); }

 private:
  sf::Text& next();
  std::vector<sf::Text> pool_;
  std::vector<sf::Color> colours_;
  std::size_t used_ = 0;
  const sf::Font* regular_ = nullptr;
  const sf::Font* bold_ = nullptr;
  sf::Text probe_;
};

}  // namespace spear::client
