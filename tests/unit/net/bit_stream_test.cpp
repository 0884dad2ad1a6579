#include "net/bit_stream.hpp"

#include <gtest/gtest.h>

#include <random>

namespace spear::net {
namespace {

TEST(BitStream, RoundTripsMixedFields) {
  std::mt19937_64 rng(7);
  BitWriter w;
  std::vector<std::int64_t> values;
  for (int i = 0; i < 500; ++i) {
    const std::int64_t v = static_cast<std::int64_t>(rng() % 200001) - 100000;
    values.push_back(v);
    w.write_signed(v, static_cast<unsigned>(i % 8));
    w.write_bits(static_cast<std::uint64_t>(i) & 0x1f, 5);
  }
  BitReader r(w.bytes());
  for (int i = 0; i < 500; ++i) {
    EXPECT_EQ(r.read_signed(static_cast<unsigned>(i % 8)), values[i]);
    EXPECT_EQ(r.read_bits(5), static_cast<std::uint64_t>(i) & 0x1f);
  }
  EXPECT_TRUE(r.ok());
  EXPECT_LT(r.bits_left(), 8u);
}

TEST(BitStream, SmallValuesAreShort) {
  BitWriter w;
  w.write_exp_golomb(0, 0);
  EXPECT_EQ(w.bit_count(), 1u);
  w.write_signed(0, 2);
  EXPECT_EQ(w.bit_count(), 4u);
}

TEST(BitStream, ReadingPastTheEndFailsAndStaysFailed) {
  const std::uint8_t one[] = {0xff};
  BitReader r(one);
  EXPECT_EQ(r.read_bits(8), 0xffu);
  EXPECT_EQ(r.read_bits(1), 0u);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.read_bits(1), 0u);
}

TEST(BitStream, EndlessZerosAreCorruptNotALoop) {
  const std::vector<std::uint8_t> zeros(1000, 0);
  BitReader r(zeros);
  (void)r.read_exp_golomb(0);
  EXPECT_FALSE(r.ok());
}

TEST(BitStream, TruncateUndoesWrites) {
  BitWriter w;
  w.write_bits(0b101, 3);
  const auto mark = w.bit_count();
  w.write_bits(0xffff, 16);
  w.truncate(mark);
  w.write_bits(0, 5);
  ASSERT_EQ(w.bytes().size(), 1u);
  EXPECT_EQ(w.bytes()[0], 0b101);
}

}  // namespace
}  // namespace spear::net
