#include "net/name_text.hpp"

#include <gtest/gtest.h>

#include "net/protocol.hpp"

namespace spear::net {
namespace {

TEST(NameText, ValidNamesAreUtf8OfOneTo24BytesWithoutControls) {
  EXPECT_TRUE(is_valid_name("ada"));
  EXPECT_TRUE(is_valid_name("Zoë"));
  EXPECT_TRUE(is_valid_name("日本語"));
  EXPECT_TRUE(is_valid_name(std::string(24, 'x')));
  EXPECT_TRUE(is_valid_name("🏃 runner"));
  EXPECT_FALSE(is_valid_name(""));
  EXPECT_FALSE(is_valid_name(std::string(25, 'x')));
  EXPECT_FALSE(is_valid_name("a\nb"));
  EXPECT_FALSE(is_valid_name("\x1b[2J"));
  EXPECT_FALSE(is_valid_name("tab\there"));
  EXPECT_FALSE(is_valid_name("del\x7f"));
  EXPECT_FALSE(is_valid_name("c1\xc2\x85"));    // U+0085, a C1 control
  EXPECT_FALSE(is_valid_name("bad\xff"));       // not UTF-8
  EXPECT_FALSE(is_valid_name("\xc3"));          // cut inside "é"
  EXPECT_FALSE(is_valid_name("\xc0\xaf"));      // overlong "/"
  EXPECT_FALSE(is_valid_name("\xed\xa0\x80"));  // a surrogate
  EXPECT_FALSE(is_valid_name(std::string("nul\0", 4)));
}

TEST(NameText, CutsOnlyAtCharacterBoundaries) {
  std::string e13;
  for (int i = 0; i < 13; ++i) e13 += "é";  // 26 bytes
  const std::string cut = cut_at_character(e13, kMaxNameBytes);
  EXPECT_EQ(cut.size(), 24u);
  EXPECT_TRUE(is_valid_name(cut));
  const std::string a_then_e = std::string(23, 'a') + "é";  // 25 bytes: "é" would straddle
  EXPECT_EQ(cut_at_character(a_then_e, 24), std::string(23, 'a'));
  EXPECT_EQ(cut_at_character("short", 24), "short");
}

TEST(NameText, PrintableTextDefusesEscapesAndNewlines) {
  EXPECT_EQ(printable_text("full\n2026 fake log line"), "full\\x0a2026 fake log line");
  EXPECT_EQ(printable_text("\x1b[2Jclear"), "\\x1b[2Jclear");
  EXPECT_EQ(printable_text("bad\xff"), "bad\\xff");
  EXPECT_EQ(printable_text("Zoë \\ ok"), "Zoë \\\\ ok");
  for (char c : printable_text("\x07\x08\r\x1b\x9b"))
    EXPECT_FALSE(static_cast<unsigned char>(c) < 0x20) << int(c);
}

}  // namespace
}  // namespace spear::net
