// Keys to runner buttons and client actions (client.md "Controls").
#include "core/input_mapping.hpp"

#include <gtest/gtest.h>

#include "rig/motion.hpp"
#include "sim/lab.hpp"

namespace spear::client {
namespace {

// The sim's lab pick of motion `m`: 1 + its place in the lab's list.
std::uint8_t pick(rig::Motion m) {
  for (std::uint8_t i = 0; i < sim::kLabMotionCount; ++i)
    if (sim::kLabMotions[i] == m) return static_cast<std::uint8_t>(i + 1);
  return 0;
}
constexpr std::uint16_t bits(sim::Button b) { return static_cast<std::uint16_t>(b); }
constexpr auto kRun = static_cast<std::uint8_t>(rig::Motion::Run);

TEST(InputMapping, RunnerKeys) {
  EXPECT_EQ(map_key(Key::Space, ControlMode::Runner, 0).buttons, bits(sim::Button::Jump));
  EXPECT_EQ(map_key(Key::Up, ControlMode::Runner, 0).buttons, bits(sim::Button::Jump));
  EXPECT_EQ(map_key(Key::F, ControlMode::Runner, 0).buttons, bits(sim::Button::Thrust));
  EXPECT_EQ(map_key(Key::Right, ControlMode::Runner, 0).buttons, bits(sim::Button::Thrust));
  EXPECT_EQ(map_key(Key::M, ControlMode::Runner, 0).buttons, bits(sim::Button::LabToggle));
  EXPECT_EQ(map_key(Key::S, ControlMode::Runner, 0).buttons, bits(sim::Button::SkeletonToggle));
  // Lab-only keys do nothing on the course.
  EXPECT_EQ(map_key(Key::Left, ControlMode::Runner, 0).buttons, 0);
  EXPECT_EQ(map_key(Key::P, ControlMode::Runner, 0).buttons, 0);
  // Outside the lab P pauses the local match (the app decides what that means online).
  EXPECT_EQ(map_key(Key::P, ControlMode::Runner, 0).local, LocalAction::TogglePause);
  EXPECT_EQ(map_key(Key::P, ControlMode::Spectator, 0).local, LocalAction::TogglePause);
  EXPECT_EQ(map_key(Key::P, ControlMode::Lab, 0).local, LocalAction::None);
  EXPECT_EQ(map_key(Key::Num3, ControlMode::Runner, 0).lab_pick, 0);
  EXPECT_EQ(map_key(Key::Tab, ControlMode::Runner, 0).local, LocalAction::None);
}

TEST(InputMapping, LabKeysPickMotions) {
  // The lab's list: walk, run, throw, jump, form. Right from run is throw, Left is walk.
  EXPECT_EQ(map_key(Key::Right, ControlMode::Lab, kRun).lab_pick, pick(rig::Motion::Throw));
  EXPECT_EQ(map_key(Key::Right, ControlMode::Lab, kRun).buttons, 0);  // not a thrust in the lab
  EXPECT_EQ(map_key(Key::Left, ControlMode::Lab, kRun).lab_pick, pick(rig::Motion::Walk));
  // Wraps around both ways.
  EXPECT_EQ(
      map_key(Key::Left, ControlMode::Lab, static_cast<std::uint8_t>(rig::Motion::Walk)).lab_pick,
      pick(rig::Motion::Form));
  EXPECT_EQ(
      map_key(Key::Right, ControlMode::Lab, static_cast<std::uint8_t>(rig::Motion::Form)).lab_pick,
      pick(rig::Motion::Walk));
  EXPECT_EQ(map_key(Key::Num1, ControlMode::Lab, kRun).lab_pick, pick(rig::Motion::Walk));
  EXPECT_EQ(map_key(Key::Num4, ControlMode::Lab, kRun).lab_pick, pick(rig::Motion::Jump));
  EXPECT_EQ(map_key(Key::Num5, ControlMode::Lab, kRun).lab_pick, pick(rig::Motion::Form));
  EXPECT_EQ(map_key(Key::P, ControlMode::Lab, kRun).buttons, bits(sim::Button::PauseToggle));
  EXPECT_EQ(map_key(Key::Period, ControlMode::Lab, kRun).buttons, bits(sim::Button::Step));
  EXPECT_EQ(map_key(Key::M, ControlMode::Lab, kRun).buttons, bits(sim::Button::LabToggle));
  EXPECT_EQ(map_key(Key::Space, ControlMode::Lab, kRun).buttons, 0);
}

TEST(InputMapping, SpectatorSendsNothing) {
  for (int k = 0; k < static_cast<int>(Key::Count); ++k) {
    const KeyMeaning m = map_key(static_cast<Key>(k), ControlMode::Spectator, kRun);
    EXPECT_EQ(m.buttons, 0) << key_name(static_cast<Key>(k));
    EXPECT_EQ(m.lab_pick, 0) << key_name(static_cast<Key>(k));
  }
  EXPECT_EQ(map_key(Key::Tab, ControlMode::Spectator, 0).local, LocalAction::NextRunner);
  EXPECT_EQ(map_key(Key::S, ControlMode::Spectator, 0).local, LocalAction::ToggleSkeleton);
}

TEST(InputMapping, LocalKeysEverywhere) {
  for (auto mode : {ControlMode::Runner, ControlMode::Lab, ControlMode::Spectator}) {
    EXPECT_EQ(map_key(Key::Escape, mode, 0).local, LocalAction::Quit);
    EXPECT_EQ(map_key(Key::F3, mode, 0).local, LocalAction::ToggleNetGraph);
    EXPECT_EQ(map_key(Key::F3, mode, 0).buttons, 0);
  }
}

TEST(InputAccumulator, OneFramePerTickWithEveryPressOnce) {
  InputAccumulator acc;
  EXPECT_TRUE(acc.empty());
  acc.press(Key::Space, ControlMode::Runner, 0);
  acc.press(Key::F, ControlMode::Runner, 0);
  EXPECT_FALSE(acc.empty());
  const sim::Input f = acc.take(42);
  EXPECT_EQ(f.tick, 42u);
  EXPECT_EQ(f.buttons, bits(sim::Button::Jump) | bits(sim::Button::Thrust));
  EXPECT_TRUE(acc.empty());
  EXPECT_EQ(acc.take(43).buttons, 0);  // edges, not held keys
}

TEST(InputAccumulator, TwoLabStepsInOneTickMoveTwice) {
  InputAccumulator acc;
  acc.press(Key::Right, ControlMode::Lab, kRun);
  acc.press(Key::Right, ControlMode::Lab, kRun);
  EXPECT_EQ(acc.take(1).lab_pick, pick(rig::Motion::Jump));  // run → throw → jump
}

TEST(InputAccumulator, ReturnsLocalActions) {
  InputAccumulator acc;
  EXPECT_EQ(acc.press(Key::Tab, ControlMode::Spectator, 0), LocalAction::NextRunner);
  EXPECT_EQ(acc.press(Key::Escape, ControlMode::Runner, 0), LocalAction::Quit);
  EXPECT_TRUE(acc.empty());
}

TEST(KeyNames, RoundTripAndAliases) {
  for (int k = 0; k < static_cast<int>(Key::Count); ++k)
    EXPECT_EQ(key_from_name(key_name(static_cast<Key>(k))), static_cast<Key>(k));
  EXPECT_EQ(key_from_name("tab"), Key::Tab);
  EXPECT_EQ(key_from_name("."), Key::Period);
  EXPECT_EQ(key_from_name("esc"), Key::Escape);
  EXPECT_FALSE(key_from_name("Hyper"));
  EXPECT_FALSE(key_from_name(""));
}

}  // namespace
}  // namespace spear::client

#include "core/follow_selection.hpp"

namespace spear::client {
namespace {

TEST(FollowSelection, SpectatorCyclesWithTab) {
  FollowSelection f;
  const std::vector<std::uint32_t> ids{2, 5, 9};
  EXPECT_EQ(f.update(ids), 2u);
  EXPECT_EQ(f.next(ids), 5u);
  EXPECT_EQ(f.update(ids), 5u);
  EXPECT_EQ(f.next(ids), 9u);
  EXPECT_EQ(f.next(ids), 2u);  // wraps
}

TEST(FollowSelection, LeavingRunnerHandsOver) {
  FollowSelection f;
  f.update(std::vector<std::uint32_t>{2, 5, 9});
  f.next(std::vector<std::uint32_t>{2, 5, 9});  // 5
  EXPECT_EQ(f.update(std::vector<std::uint32_t>{2, 9}), 9u);
  EXPECT_EQ(f.update(std::vector<std::uint32_t>{}), std::nullopt);
}

TEST(FollowSelection, PlayerFollowsOwnRunnerOnceItAppears) {
  FollowSelection f;
  f.set_own(4);
  EXPECT_EQ(f.update(std::vector<std::uint32_t>{1, 2}), 1u);
  EXPECT_EQ(f.update(std::vector<std::uint32_t>{1, 2, 4}), 4u);
  EXPECT_EQ(f.next(std::vector<std::uint32_t>{1, 2, 4}), 1u);  // a player may look around too
  EXPECT_EQ(f.update(std::vector<std::uint32_t>{1, 2, 4}), 1u);
}

TEST(FollowSelection, TabReachesRunnersOnlyListedAndCutsToThemOnceDrawn) {
  // A big race: 3 and 7 are drawn, 12 and 40 only listed in the roll call.
  FollowSelection f;
  const std::vector<std::uint32_t> drawn{3, 7}, listed{12, 40};
  EXPECT_EQ(f.update(drawn, listed), 3u);
  EXPECT_EQ(f.next(drawn, listed), 7u);
  // 12 has no pose yet: the view stays on 7 and wants 12.
  EXPECT_EQ(f.next(drawn, listed), 7u);
  EXPECT_EQ(f.wanted(), 12u);
  EXPECT_EQ(f.update(drawn, listed), 7u);
  EXPECT_EQ(f.wanted(), 12u);
  // A second Tab before it came goes on from the wanted one.
  EXPECT_EQ(f.next(drawn, listed), 7u);
  EXPECT_EQ(f.wanted(), 40u);
  // Its poses come (the server follows it now): the view cuts to it.
  const std::vector<std::uint32_t> drawn_then{7, 40}, listed_then{3, 12};
  EXPECT_EQ(f.update(drawn_then, listed_then), 40u);
  EXPECT_EQ(f.wanted(), 40u);
  // Wraps over every runner of the race.
  EXPECT_EQ(f.next(drawn_then, listed_then), 40u);
  EXPECT_EQ(f.wanted(), 3u);
  // A wanted runner that leaves the race is forgotten.
  EXPECT_EQ(f.update(drawn_then, std::vector<std::uint32_t>{12}), 40u);
  EXPECT_EQ(f.wanted(), 40u);
}

}  // namespace
}  // namespace spear::client
