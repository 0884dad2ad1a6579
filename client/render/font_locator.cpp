#include "render/font_locator.hpp"

#include <cstdlib>
#include <fstream>
#include <system_error>

namespace spear::client {

std::vector<std::filesystem::path> font_search_dirs(const std::filesystem::path& exe_dir) {
  std::vector<std::filesystem::path> dirs;
  if (const char* env = std::getenv("SPEAR_ASSETS"); env != nullptr && *env != '\0') {
    dirs.emplace_back(std::filesystem::path(env) / "fonts");
  }
  if (!exe_dir.empty()) {
    dirs.push_back(exe_dir / ".." / "assets" / "fonts");
    dirs.push_back(exe_dir / "assets" / "fonts");
  }
#ifdef SPEAR_SOURCE_ASSETS_DIR
  dirs.emplace_back(std::filesystem::path(SPEAR_SOURCE_ASSETS_DIR) / "fonts");
#endif
  dirs.emplace_back("/usr/share/spear-run/fonts");
  dirs.emplace_back("/usr/share/fonts/truetype/dejavu");
  return dirs;
}

std::filesystem::path executable_dir() {
  std::error_code ec;
  const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return exe.parent_path();
}

std::optional<std::filesystem::path> locate_font(std::string_view file_name,
                                                 const std::vector<std::filesystem::path>& dirs) {
  for (const auto& dir : dirs) {
    const std::filesystem::path candidate = dir / file_name;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(candidate, ec)) continue;
    if (std::ifstream(candidate, std::ios::binary).good()) return candidate;
  }
  return std::nullopt;
}

std::string load_fonts(FontSet& fonts, const std::vector<std::filesystem::path>& dirs) {
  fonts.has_regular = false;
  fonts.has_bold = false;
  std::string searched;
  for (const auto& d : dirs) searched += (searched.empty() ? "" : ", ") + d.string();
  // Try each directory in turn, so a broken copy does not hide a good one further down.
  for (const auto& dir : dirs) {
    const auto regular = locate_font(kRegularFont, {dir});
    if (!regular || !fonts.regular.loadFromFile(regular->string())) continue;
    fonts.has_regular = true;
    if (const auto bold = locate_font(kBoldFont, {dir}))
      fonts.has_bold = fonts.bold.loadFromFile(bold->string());
    return fonts.has_bold ? std::string{}
                          : "font " + std::string(kBoldFont) + " not found next to " +
                                regular->string() + "; using the regular face for bold text";
  }
  return "no usable " + std::string(kRegularFont) + " in [" + searched +
         "]; text will not be drawn";
}

}  // namespace spear::client
