// The controls a new player sees: both until used, each gone once a runner's press used it; a
// spectator's or the lab's keys teach nothing; the crash screen says both.
#include "core/controls_hint.hpp"

#include <gtest/gtest.h>

namespace spear::client {
namespace {

TEST(ControlsHint, EachControlShowsUntilTheRunnerUsesIt) {
  ControlsHint h;
  EXPECT_EQ(h.pending(), ControlsHint::all());
  h.on_press(Key::Up, ControlMode::Runner);  // ↑ jumps as Space does
  EXPECT_TRUE(h.jump_used());
  EXPECT_EQ(h.pending(), kThrustControl);
  h.on_press(Key::Right, ControlMode::Runner);
  EXPECT_EQ(h.pending(), "");
}

TEST(ControlsHint, KeysThatMoveNoRunnerTeachNothing) {
  ControlsHint h;
  h.on_press(Key::Space, ControlMode::Spectator);
  h.on_press(Key::Right, ControlMode::Lab);  // picks a motion in the lab
  h.on_press(Key::P, ControlMode::Runner);
  EXPECT_EQ(h.pending(), ControlsHint::all());
  h.on_press(Key::F, ControlMode::Runner);
  EXPECT_EQ(h.pending(), kJumpControl);
}

TEST(ControlsHint, TheCrashScreenSaysBoth) {
  const std::string all = ControlsHint::all();
  EXPECT_NE(all.find("Space"), std::string::npos);
  EXPECT_NE(all.find("jump"), std::string::npos);
  EXPECT_NE(all.find("F /"), std::string::npos);
  EXPECT_NE(all.find("thrust"), std::string::npos);
}

}  // namespace
}  // namespace spear::client
