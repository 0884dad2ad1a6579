#pragma once
// Scripted key presses for headless runs and tests: "--script 2.0:Tab,3.5:Space" presses Tab
// 2 s and Space 3.5 s after the client is connected. "FocusLost" and "FocusGained" stand for the
// window's own events (the window going to the background and coming back), e.g.
// "3:FocusLost,5:FocusGained"; times are wall seconds, pauses included.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/key.hpp"

namespace spear::client {

// What the window reports besides keys.
enum class WindowEvent : std::uint8_t { FocusLost, FocusGained };

struct ScriptedKey {
  double at = 0.0;  // seconds after connecting
  Key key = Key::Space;
  std::optional<WindowEvent> window;  // set: this entry is that window event, not a key
};

// Parses "T:KEY[,T:KEY...]" (T ≥ 0, seconds; keys as key_from_name, or FocusLost /
// FocusGained, case-insensitive). Sorted by time.
// nullopt with *error set on bad input.
std::optional<std::vector<ScriptedKey>> parse_key_script(std::string_view text, std::string* error);

// Hands out the presses whose time has come, each once.
class KeyScript {
 public:
  KeyScript() = default;
  explicit KeyScript(std::vector<ScriptedKey> keys) : keys_(std::move(keys)) {}
  // The entries whose time has come, keys and window events, in order.
  std::vector<ScriptedKey> due_entries(double seconds_since_connect);
  // The same, keys only (window events due are dropped).
  std::vector<Key> due(double seconds_since_connect);
  bool finished() const { return next_ >= keys_.size(); }

 private:
  std::vector<ScriptedKey> keys_;
  std::size_t next_ = 0;
};

}  // namespace spear::client
