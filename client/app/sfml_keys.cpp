#include "app/sfml_keys.hpp"

namespace spear::client {

std::optional<Key> key_from_sfml(sf::Keyboard::Key code) {
  using K = sf::Keyboard;
  switch (code) {
    case K::Space:
      return Key::Space;
    case K::Up:
      return Key::Up;
    case K::Down:
      return Key::Down;
    case K::F:
      return Key::F;
    case K::Right:
      return Key::Right;
    case K::Left:
      return Key::Left;
    case K::M:
      return Key::M;
    case K::S:
      return Key::S;
    case K::P:
      return Key::P;
    case K::Period:
      return Key::Period;
    case K::Tab:
      return Key::Tab;
    case K::F3:
      return Key::F3;
    case K::Escape:
      return Key::Escape;
    case K::Num1:
    case K::Numpad1:
      return Key::Num1;
    case K::Num2:
    case K::Numpad2:
      return Key::Num2;
    case K::Num3:
    case K::Numpad3:
      return Key::Num3;
    case K::Num4:
    case K::Numpad4:
      return Key::Num4;
    case K::Num5:
    case K::Numpad5:
      return Key::Num5;
    default:
      return std::nullopt;
  }
}

}  // namespace spear::client
