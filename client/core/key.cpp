#include "core/key.hpp"

#include <array>
#include <cctype>

namespace spear::client {

namespace {
constexpr std::array<std::string_view, static_cast<std::size_t>(Key::Count)> kNames = {
    "Space", "Up", "F",      "Right", "Left", "M", "S", "P", "Period",
    "Tab",   "F3", "Escape", "1",     "2",    "3", "4", "5", "Down"};

bool same_text(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i])))
      return false;
  return true;
}
}  // namespace

std::optional<Key> key_from_name(std::string_view name) {
  if (name == ".") return Key::Period;
  if (same_text(name, "Esc")) return Key::Escape;
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (same_text(name, kNames[i])) return static_cast<Key>(i);
  return std::nullopt;
}

std::string_view key_name(Key key) {
  const auto i = static_cast<std::size_t>(key);
  return i < kNames.size() ? kNames[i] : std::string_view("?");
}

}  // namespace spear::client
