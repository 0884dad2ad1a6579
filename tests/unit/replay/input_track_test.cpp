#include "replay/input_track.hpp"

#include <gtest/gtest.h>

namespace spear::replay {
namespace {

std::vector<sim::Input> sample() {
  std::vector<sim::Input> v;
  sim::Input a;
  a.tick = 100;
  a.press(sim::Button::Jump);
  v.push_back(a);
  sim::Input b;
  b.tick = 101;
  b.press(sim::Button::Thrust).press(sim::Button::Back);
  v.push_back(b);
  sim::Input c;
  c.tick = 5000;
  c.lab_pick = 3;
  v.push_back(c);
  return v;
}

TEST(InputTrack, PacksAndUnpacksTheSameInputs) {
  const auto v = sample();
  const auto bytes = pack_inputs(v, 90);
  const UnpackedInputs u = unpack_inputs(bytes, 3, 90, 6000);
  ASSERT_TRUE(u.error.empty()) << u.error;
  EXPECT_EQ(u.inputs, v);
}

TEST(InputTrack, AJumpIsTwoBytes) {
  sim::Input a;
  a.tick = 160;
  a.press(sim::Button::Jump);
  EXPECT_EQ(pack_inputs(std::vector{a}, 100).size(), 2u);
}

TEST(InputTrack, RefusesWhatDoesNotFit) {
  const auto bytes = pack_inputs(sample(), 90);
  EXPECT_FALSE(unpack_inputs(bytes, 4, 90, 6000).error.empty());  // count too large
  EXPECT_FALSE(unpack_inputs(bytes, 2, 90, 6000).error.empty());  // bytes left over
  EXPECT_FALSE(unpack_inputs(bytes, 3, 90, 5000).error.empty());  // after the last tick
  const std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 1);
  EXPECT_FALSE(unpack_inputs(cut, 3, 90, 6000).error.empty());  // cut short
  const std::vector<std::uint8_t> repeat = {1, 1, 0, 1};        // same tick twice
  EXPECT_FALSE(unpack_inputs(repeat, 2, 0, 100).error.empty());
  const std::vector<std::uint8_t> empty = {1, 0};  // nothing pressed
  EXPECT_FALSE(unpack_inputs(empty, 1, 0, 100).error.empty());
  const std::vector<std::uint8_t> pick1 = {1, 0x80, 0x08};  // 0x400: lab motion 1, fine
  EXPECT_TRUE(unpack_inputs(pick1, 1, 0, 100).error.empty());
  const std::vector<std::uint8_t> huge = {0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 1};  // > 32 bits
  EXPECT_FALSE(unpack_inputs(huge, 1, 0, 100).error.empty());
  const std::vector<std::uint8_t> pick = {1, 0x80, 0x30};  // lab motion 6 of 5
  EXPECT_FALSE(unpack_inputs(pick, 1, 0, 100).error.empty());
}

}  // namespace
}  // namespace spear::replay
