// The shipped font is found at run time, from the build tree, without installing anything.
#include "render/font_locator.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

namespace spear::client {
namespace {

TEST(FontLocator, FindsTheShippedFont) {
  const auto dirs = font_search_dirs(executable_dir());
  const auto found = locate_font(kRegularFont, dirs);
  ASSERT_TRUE(found.has_value());
  EXPECT_EQ(found->filename(), "DejaVuSans.ttf");
}

TEST(FontLocator, SearchOrderPutsTheExecutableFirst) {
  ::unsetenv("SPEAR_ASSETS");
  const auto dirs = font_search_dirs("/opt/spear/bin");
  ASSERT_GE(dirs.size(), 4u);
  EXPECT_EQ(dirs[0], std::filesystem::path("/opt/spear/bin/../assets/fonts"));
  EXPECT_EQ(dirs.back(), std::filesystem::path("/usr/share/fonts/truetype/dejavu"));
  const auto no_exe = font_search_dirs({});
  EXPECT_EQ(no_exe.size(), dirs.size() - 2);
}

TEST(FontLocator, EnvironmentOverrideComesFirst) {
  ::setenv("SPEAR_ASSETS", "/srv/spear-assets", 1);
  const auto dirs = font_search_dirs({});
  ::unsetenv("SPEAR_ASSETS");
  ASSERT_FALSE(dirs.empty());
  EXPECT_EQ(dirs[0], std::filesystem::path("/srv/spear-assets/fonts"));
}

TEST(FontLocator, MissingEverywhereIsAWarningNotACrash) {
  EXPECT_FALSE(locate_font(kRegularFont, {"/nonexistent/a", "/nonexistent/b"}).has_value());
  FontSet fonts;
  const std::string w = load_fonts(fonts, {"/nonexistent/a"});
  EXPECT_NE(w.find("DejaVuSans.ttf"), std::string::npos);
  EXPECT_EQ(fonts.regular_or_null(), nullptr);
  EXPECT_EQ(fonts.bold_or_regular(), nullptr);
}

TEST(FontLocator, ACorruptFontIsSkippedForTheNextDirectory) {
  const auto bad_dir = std::filesystem::temp_directory_path() / "spear-render-bad-font";
  std::filesystem::create_directories(bad_dir);
  std::ofstream(bad_dir / "DejaVuSans.ttf") << "not a font";
  FontSet fonts;
  auto dirs = font_search_dirs(executable_dir());
  dirs.insert(dirs.begin(), bad_dir);
  EXPECT_EQ(load_fonts(fonts, dirs), "");
  EXPECT_TRUE(fonts.has_regular);
  EXPECT_TRUE(fonts.has_bold);
  std::filesystem::remove_all(bad_dir);
}

}  // namespace
}  // namespace spear::client
