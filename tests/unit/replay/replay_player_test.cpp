// Playing and seeking a replay: a seek lands on the state playing to that tick gives.
#include "replay/replay_player.hpp"

#include <gtest/gtest.h>

#include "recorded_match.hpp"

namespace spear::replay {
namespace {

const Replay& recorded() {
  static const Replay r = test::record_match({.rewind_ticks = 15, .ticks = 1500, .bots = 3});
  return r;
}

std::uint64_t hash_when_played_to(sim::Tick tick) {
  Resimulation sim(recorded());
  while (sim.tick() < tick) sim.step();
  return sim.match().state_hash();
}

TEST(ReplayPlayer, PlaysAtItsSpeedInWholeTicks) {
  ReplayPlayer p(recorded());
  p.set_speed(4.0);
  p.advance(1.0);  // 4 s of race
  EXPECT_EQ(p.tick(), 240u);
  p.set_speed(0.25);
  for (int i = 0; i < 4; ++i) p.advance(1.0 / 60.0);  // a quarter tick each
  EXPECT_EQ(p.tick(), 241u);
  p.set_speed(100.0);
  EXPECT_EQ(p.speed(), 8.0);
  p.set_paused(true);
  p.advance(10.0);
  EXPECT_EQ(p.tick(), 241u);
}

TEST(ReplayPlayer, ASeekBackLandsOnTheStatePlayingThereGives) {
  ReplayPlayer p(recorded());
  p.set_speed(8.0);
  p.advance(2.5);  // 20 s of race: 4 saved states past the start
  ASSERT_EQ(p.tick(), 1200u);
  EXPECT_EQ(p.saved_states(), 5u);
  p.seek(p.seconds() - 5.0);  // 15 s: exactly a saved state
  EXPECT_EQ(p.tick(), 900u);
  EXPECT_EQ(p.match().state_hash(), hash_when_played_to(900));
  p.seek(7.3);  // between two saved states
  EXPECT_EQ(p.tick(), 438u);
  EXPECT_EQ(p.match().state_hash(), hash_when_played_to(438));
}

TEST(ReplayPlayer, ASeekForwardAndPastTheEndStaysExact) {
  ReplayPlayer p(recorded());
  p.seek(12.0);
  EXPECT_EQ(p.match().state_hash(), hash_when_played_to(720));
  p.seek(1e9);
  EXPECT_TRUE(p.at_end());
  EXPECT_EQ(p.match().state_hash(), recorded().checkpoints.back().hash);
  p.seek(-3.0);
  EXPECT_EQ(p.tick(), 0u);
}

}  // namespace
}  // namespace spear::replay
