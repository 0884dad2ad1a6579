#include <gtest/gtest.h>

#include "netsim/delay_line.hpp"

namespace spear::netsim {
namespace {

std::vector<std::uint8_t> bytes(std::size_t n, std::uint8_t v) {
  return std::vector<std::uint8_t>(n, v);
}

TEST(DelayLine, ReleasesByDueTimeThenPushOrder) {
  DelayLine line(10, 1000);
  ASSERT_TRUE(line.push(300, 0, Direction::to_server, bytes(1, 3)));
  ASSERT_TRUE(line.push(100, 0, Direction::to_server, bytes(1, 1)));
  ASSERT_TRUE(line.push(100, 0, Direction::to_client, bytes(1, 2)));
  EXPECT_EQ(line.next_due_us(), 100);
  EXPECT_FALSE(line.pop_due(99).has_value());
  auto a = line.pop_due(100);
  auto b = line.pop_due(100);
  ASSERT_TRUE(a && b);
  EXPECT_EQ(a->payload[0], 1);
  EXPECT_EQ(b->payload[0], 2);
  EXPECT_FALSE(line.pop_due(299).has_value());
  auto c = line.pop_due(1000);
  ASSERT_TRUE(c);
  EXPECT_EQ(c->payload[0], 3);
  EXPECT_EQ(line.size(), 0u);
  EXPECT_FALSE(line.next_due_us().has_value());
}

TEST(DelayLine, RefusesBeyondDatagramBound) {
  DelayLine line(2, 1000);
  EXPECT_TRUE(line.push(1, 0, Direction::to_server, bytes(1, 0)));
  EXPECT_TRUE(line.push(1, 0, Direction::to_server, bytes(1, 0)));
  EXPECT_FALSE(line.push(1, 0, Direction::to_server, bytes(1, 0)));
  EXPECT_EQ(line.size(), 2u);
}

TEST(DelayLine, RefusesBeyondByteBoundAndFreesOnPop) {
  DelayLine line(100, 1000);
  EXPECT_TRUE(line.push(1, 0, Direction::to_server, bytes(600, 0)));
  EXPECT_FALSE(line.push(1, 0, Direction::to_server, bytes(600, 0)));
  EXPECT_EQ(line.bytes(), 600u);
  ASSERT_TRUE(line.pop_due(1));
  EXPECT_EQ(line.bytes(), 0u);
  EXPECT_TRUE(line.push(1, 0, Direction::to_server, bytes(600, 0)));
}

}  // namespace
}  // namespace spear::netsim
