#pragma once
// Keys the client reacts to, without any windowing library: the app maps its toolkit's key codes
// to these, and scripted runs (--script) name them as text.
#include <cstdint>
#include <optional>
#include <string_view>

namespace spear::client {

enum class Key : std::uint8_t {
  Space,
  Up,
  F,
  Right,
  Left,
  M,
  S,
  P,
  Period,
  Tab,
  F3,
  Escape,
  Num1,
  Num2,
  Num3,
  Num4,
  Num5,
  Down,
  Count
};

// "Space", "Up", "F", "Right", "Left", "M", "S", "P", "Period" (also "."), "Tab", "F3",
// "Escape" (also "Esc"), "1".."5", "Down". Case-insensitive.
std::optional<Key> key_from_name(std::string_view name);
std::string_view key_name(Key key);

}  // namespace spear::client
