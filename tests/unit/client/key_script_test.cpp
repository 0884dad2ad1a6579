#include "core/key_script.hpp"

#include <gtest/gtest.h>

namespace spear::client {
namespace {

TEST(KeyScript, ParsesAndSorts) {
  std::string error;
  const auto s = parse_key_script("3.5:Space, 2:Tab,2.0:tab", &error);
  ASSERT_TRUE(s) << error;
  ASSERT_EQ(s->size(), 3u);
  EXPECT_DOUBLE_EQ((*s)[0].at, 2.0);
  EXPECT_EQ((*s)[0].key, Key::Tab);
  EXPECT_EQ((*s)[2].key, Key::Space);
}

TEST(KeyScript, EmptyIsNoPresses) {
  std::string error;
  const auto s = parse_key_script("  ", &error);
  ASSERT_TRUE(s);
  EXPECT_TRUE(s->empty());
}

TEST(KeyScript, RejectsBadInput) {
  for (const char* bad :
       {"Tab", "x:Tab", "-1:Tab", "2:Hyper", "2:", "2:Tab,", "nan:Tab", "1e999:Tab"}) {
    std::string error;
    EXPECT_FALSE(parse_key_script(bad, &error)) << bad;
    EXPECT_FALSE(error.empty()) << bad;
  }
}

TEST(KeyScript, HandsOutEachPressOnce) {
  KeyScript script(*parse_key_script("1:Tab,2:Tab,2:F3", nullptr));
  EXPECT_TRUE(script.due(0.5).empty());
  EXPECT_EQ(script.due(1.0), std::vector<Key>{Key::Tab});
  EXPECT_TRUE(script.due(1.5).empty());
  EXPECT_EQ(script.due(5.0), (std::vector<Key>{Key::Tab, Key::F3}));
  EXPECT_TRUE(script.finished());
  EXPECT_TRUE(script.due(9.0).empty());
}

TEST(KeyScript, WindowEventsAreEntriesOfTheirOwn) {
  std::string error;
  const auto s = parse_key_script("3:FocusGained,1:focuslost,2:P", &error);
  ASSERT_TRUE(s) << error;
  ASSERT_EQ(s->size(), 3u);
  EXPECT_EQ((*s)[0].window, WindowEvent::FocusLost);
  EXPECT_FALSE((*s)[1].window);
  EXPECT_EQ((*s)[1].key, Key::P);
  EXPECT_EQ((*s)[2].window, WindowEvent::FocusGained);
  KeyScript script(*s);
  const auto first = script.due_entries(2.5);
  ASSERT_EQ(first.size(), 2u);
  EXPECT_EQ(first[0].window, WindowEvent::FocusLost);
  EXPECT_EQ(first[1].key, Key::P);
  EXPECT_TRUE(script.due(3.0).empty());  // keys only: the window event is not a key
  EXPECT_TRUE(script.finished());
  EXPECT_FALSE(parse_key_script("1:FocusSomewhere", &error));
}

}  // namespace
}  // namespace spear::client
