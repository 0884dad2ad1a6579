#include "net/replay_window.hpp"

#include <gtest/gtest.h>

namespace spear::net {
namespace {

TEST(ReplayWindow, DropsDuplicates) {
  ReplayWindow w;
  EXPECT_TRUE(w.accept(1));
  EXPECT_FALSE(w.accept(1));
  EXPECT_TRUE(w.accept(3));
  EXPECT_TRUE(w.accept(2));  // late but new
  EXPECT_FALSE(w.accept(2));
  EXPECT_FALSE(w.accept(3));
}

TEST(ReplayWindow, DropsTooOld) {
  ReplayWindow w;
  EXPECT_TRUE(w.accept(1000));
  EXPECT_TRUE(w.accept(1000 - 255));  // oldest still inside
  EXPECT_FALSE(w.accept(1000 - 256));
  EXPECT_FALSE(w.accept(3));
}

TEST(ReplayWindow, WrapsItsSlotsCorrectly) {
  ReplayWindow w;
  for (Sequence s = 1; s < 2000; ++s) ASSERT_TRUE(w.accept(s));
  for (Sequence s = 1999 - 255; s < 2000; ++s) EXPECT_FALSE(w.accept(s));
  EXPECT_TRUE(w.accept(2000 + 256));  // a jump ahead
  EXPECT_FALSE(w.accept(2000));       // now too old
}

TEST(ReplayWindow, CheckDoesNotRecord) {
  ReplayWindow w;
  EXPECT_FALSE(w.is_replay(5));
  EXPECT_FALSE(w.is_replay(5));
  w.record(5);
  EXPECT_TRUE(w.is_replay(5));
  w.reset();
  EXPECT_FALSE(w.is_replay(5));
}

}  // namespace
}  // namespace spear::net
