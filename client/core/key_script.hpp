#pragma once
// Scripted key presses for headless runs and tests: "--script 2.0:Tab,3.5:Space" presses Tab
// 2 s and Space 3.5 s after the client is connected.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/key.hpp"

namespace spear::client {

struct ScriptedKey {
  double at = 0.0;  // seconds after connecting
  Key key = Key::Space;
};

// Parses "T:KEY[,T:KEY...]" (T ≥ 0, seconds; keys as key_from_name). Sorted by time.
// nullopt with *error set on bad input.
std::optional<std::vector<ScriptedKey>> parse_key_script(std::string_view text, std::string* error);

// Hands out the presses whose time has come, each once.
class KeyScript {
 public:
  KeyScript() = default;
  explicit KeyScript(std::vector<ScriptedKey> keys) : keys_(std::move(keys)) {}
  std::vector<Key> due(double seconds_since_connect);
  bool finished() const { return next_ >= keys_.size(); }

 private:
  std::vector<ScriptedKey> keys_;
  std::size_t next_ = 0;
};

}  // namespace spear::client
