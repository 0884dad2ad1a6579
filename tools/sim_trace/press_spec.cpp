#include "press_spec.hpp"

#include <cerrno>
#include <cmath>
#include <cstdlib>

namespace spear::tools {

namespace {

bool parse_seconds(std::string_view text, double& out) {
  if (text.empty() || text.size() > 32) return false;
  // Plain decimals only: no sign, no hex, no "inf"/"nan" (strtod would take them).
  for (char c : text) {
    if (!((c >= '0' && c <= '9') || c == '.')) return false;
  }
  const std::string s(text);
  char* end = nullptr;
  errno = 0;
  const double v = std::strtod(s.c_str(), &end);
  if (errno != 0 || end != s.c_str() + s.size() || !std::isfinite(v) || v < 0.0) return false;
  out = v;
  return true;
}

}  // namespace

PressParse parse_presses(std::string_view spec) {
  PressParse r;
  if (spec.empty()) return r;
  std::size_t start = 0;
  while (start <= spec.size()) {
    const std::size_t comma = spec.find(',', start);
    const std::string_view item = spec.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    const std::size_t colon = item.find(':');
    if (colon == std::string_view::npos) {
      r.error = "press '" + std::string(item) + "' is not TIME:ACTION (e.g. 2.5:jump)";
      r.presses.clear();
      return r;
    }
    Press p;
    if (!parse_seconds(item.substr(0, colon), p.seconds)) {
      r.error =
          "press '" + std::string(item) + "': the time must be a number of seconds >= 0 (e.g. 2.5)";
      r.presses.clear();
      return r;
    }
    const std::string_view action = item.substr(colon + 1);
    if (action == "jump") {
      p.button = sim::Button::Jump;
    } else if (action == "thrust") {
      p.button = sim::Button::Thrust;
    } else {
      r.error = "press '" + std::string(item) + "': unknown action '" + std::string(action) +
                "' (jump or thrust)";
      r.presses.clear();
      return r;
    }
    r.presses.push_back(p);
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return r;
}

}  // namespace spear::tools
