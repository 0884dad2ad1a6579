#include "core/key_script.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>

namespace spear::client {

namespace {
std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}
bool same_name(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           const auto lower = [](char c) { return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c; };
           return lower(x) == lower(y);
         });
}

std::optional<WindowEvent> window_event_from_name(std::string_view name) {
  if (same_name(name, "FocusLost")) return WindowEvent::FocusLost;
  if (same_name(name, "FocusGained")) return WindowEvent::FocusGained;
  return std::nullopt;
}
}  // namespace

std::optional<std::vector<ScriptedKey>> parse_key_script(std::string_view text,
                                                         std::string* error) {
  auto fail = [&](std::string why) -> std::optional<std::vector<ScriptedKey>> {
    if (error) *error = std::move(why);
    return std::nullopt;
  };
  std::vector<ScriptedKey> out;
  text = trim(text);
  if (text.empty()) return out;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = text.find(',', pos);
    const std::string_view item =
        trim(text.substr(pos, comma == std::string_view::npos ? text.npos : comma - pos));
    const std::size_t colon = item.find(':');
    if (colon == std::string_view::npos)
      return fail("script entry '" + std::string(item) + "' is not TIME:KEY");
    const std::string_view t = trim(item.substr(0, colon));
    const std::string_view k = trim(item.substr(colon + 1));
    double at = 0;
    const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), at);
    if (ec != std::errc() || end != t.data() + t.size() || !std::isfinite(at) || at < 0)
      return fail("script time '" + std::string(t) + "' is not a number of seconds >= 0");
    if (const auto w = window_event_from_name(k)) {
      out.push_back({at, Key::Space, *w});
    } else {
      const auto key = key_from_name(k);
      if (!key) return fail("script key '" + std::string(k) + "' is unknown");
      out.push_back({at, *key, std::nullopt});
    }
    if (comma == std::string_view::npos) break;
    pos = comma + 1;
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ScriptedKey& a, const ScriptedKey& b) { return a.at < b.at; });
  return out;
}

std::vector<ScriptedKey> KeyScript::due_entries(double seconds_since_connect) {
  std::vector<ScriptedKey> out;
  while (next_ < keys_.size() && keys_[next_].at <= seconds_since_connect)
    out.push_back(keys_[next_++]);
  return out;
}

std::vector<Key> KeyScript::due(double seconds_since_connect) {
  std::vector<Key> keys;
  for (const ScriptedKey& e : due_entries(seconds_since_connect))
    if (!e.window) keys.push_back(e.key);
  return keys;
}

}  // namespace spear::client
