#pragma once
// Finding the shipped font at run time. The client never needs a font to run: when none loads,
// text is skipped and the caller gets a warning to log.
#include <SFML/Graphics/Font.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spear::client {

inline constexpr std::string_view kRegularFont = "DejaVuSans.ttf";
inline constexpr std::string_view kBoldFont = "DejaVuSans-Bold.ttf";

// Directories searched, in order: $SPEAR_ASSETS/fonts, <exe>/../assets/fonts, <exe>/assets/fonts,
// the source tree's assets/fonts (known at build time), /usr/share/spear-run/fonts, and the
// system's DejaVu directory. `exe_dir` may be empty (then the two exe-relative ones are skipped).
std::vector<std::filesystem::path> font_search_dirs(const std::filesystem::path& exe_dir);

// The directory of the running executable (Linux: /proc/self/exe); empty if unknown.
std::filesystem::path executable_dir();

// The first readable `file_name` in `dirs`.
std::optional<std::filesystem::path> locate_font(std::string_view file_name,
                                                 const std::vector<std::filesystem::path>& dirs);

struct FontSet {
  sf::Font regular;
  sf::Font bold;
  bool has_regular = false;
  bool has_bold = false;  // when false, bold text uses the regular face
  const sf::Font* regular_or_null() const { return has_regular ? &regular : nullptr; }
  const sf::Font* bold_or_regular() const { return has_bold ? &bold : regular_or_null(); }
};

// Loads both faces from the first directory that has them. Returns a warning (empty on success).
std::string load_fonts(FontSet& fonts, const std::vector<std::filesystem::path>& dirs);

}  // namespace spear::client
