#include "render/text_queue.hpp"

#include <cmath>

#include "render/palette.hpp"

namespace spear::client {

void TextQueue::begin(const sf::Font* regular, const sf::Font* bold) {
  regular_ = regular;
  bold_ = bold != nullptr ? bold : regular;
  used_ = 0;
}

sf::Text& TextQueue::next() {
  if (used_ == pool_.size()) {
    pool_.emplace_back();
    colours_.emplace_back();
  }
  return pool_[used_++];
}

float TextQueue::measure(std::string_view utf8, unsigned size, bool bold) {
  if (regular_ == nullptr) return 0.f;
  probe_.setFont(bold ? *bold_ : *regular_);
  probe_.setCharacterSize(size);
  probe_.setString(sf::String::fromUtf8(utf8.begin(), utf8.end()));
  return probe_.getLocalBounds().width;
}

float TextQueue::add(std::string_view utf8, sf::Vector2f pos, unsigned size, sf::Color colour,
                     Align align, bool bold) {
  if (regular_ == nullptr || utf8.empty()) return 0.f;
  sf::Text& t = next();
  t.setFont(bold ? *bold_ : *regular_);
  t.setCharacterSize(size);
  t.setString(sf::String::fromUtf8(utf8.begin(), utf8.end()));
  t.setFillColor(colour);
  const sf::FloatRect b = t.getLocalBounds();
  const float k = align == Align::Left ? 0.f : align == Align::Centre ? 0.5f : 1.f;
  t.setOrigin(std::round(b.left + b.width * k), 0.f);
  t.setPosition(std::round(pos.x), std::round(pos.y));
  colours_[used_ - 1] = colour;
  return b.width;
}

void TextQueue::draw(sf::RenderTarget& target) {
  for (std::size_t i = 0; i < used_; ++i) {
    sf::Text& t = pool_[i];
    // Shadow one pixel down-right (two at large sizes), then the text.
    const sf::Vector2f p = t.getPosition();
    const float off = t.getCharacterSize() >= 28 ? 2.f : 1.f;
    sf::Color shadow = palette::kHudShadow;
    shadow.a = static_cast<sf::Uint8>(shadow.a * colours_[i].a / 255);
    t.setFillColor(shadow);
    t.setPosition(p.x + off, p.y + off);
    target.draw(t);
    t.setFillColor(colours_[i]);
    t.setPosition(p);
    target.draw(t);
  }
}

}  // namespace spear::client
