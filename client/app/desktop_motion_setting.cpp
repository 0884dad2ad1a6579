#include "app/desktop_motion_setting.hpp"

#include <cstdlib>
#include <fstream>
#include <string>

namespace spear::client {

bool settings_ini_disables_animations(const std::filesystem::path& file) {
  std::ifstream in(file);
  std::string line;
  while (std::getline(in, line)) {
    std::string compact;
    for (char c : line)
      if (c != ' ' && c != '\t' && c != '\r') compact += c;
    if (compact.rfind("gtk-enable-animations=", 0) == 0) {
      const std::string v = compact.substr(22);
      return v == "false" || v == "0" || v == "FALSE" || v == "False";
    }
  }
  return false;
}

bool desktop_prefers_reduced_motion() {
  std::filesystem::path config;
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x)
    config = x;
  else if (const char* h = std::getenv("HOME"); h && *h)
    config = std::filesystem::path(h) / ".config";
  else
    return false;
  std::error_code ec;
  for (const char* dir : {"gtk-4.0", "gtk-3.0"}) {
    const auto f = config / dir / "settings.ini";
    if (std::filesystem::exists(f, ec) && settings_ini_disables_animations(f)) return true;
  }
  return false;
}

}  // namespace spear::client
