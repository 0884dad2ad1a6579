// The recorder against the re-simulation: a race with late inputs (rewinds), joins, a leave
// and a dropped id re-simulates to every recorded checkpoint, and a changed input is caught.
#include <gtest/gtest.h>

#include "recorded_match.hpp"
#include "replay/resimulation.hpp"
#include "sim/state_hash.hpp"

namespace spear::replay {
namespace {

TEST(RaceRecorder, ARaceWithRewindsReSimulatesToEveryCheckpoint) {
  const Replay r = test::record_match();
  ASSERT_EQ(r.end_tick, 1500u);
  // One checkpoint a second at 60 Hz, the last at the end tick.
  ASSERT_EQ(r.checkpoints.size(), 25u);
  EXPECT_EQ(r.checkpoints.front().tick, 60u);
  EXPECT_EQ(r.checkpoints.back().tick, 1500u);
  ASSERT_EQ(r.runners.size(), 5u);  // 3 bots, the late player, the visitor
  EXPECT_EQ(r.runners[4].id, 6u);   // id 5 was drawn and dropped
  EXPECT_EQ(r.runners[4].join_tick, 300u);
  EXPECT_EQ(r.runners[4].leave_tick, std::optional<sim::Tick>(900u));
  EXPECT_GT(r.runners[3].inputs.size(), 20u);
  const VerifyReport v = verify_replay(r);
  EXPECT_TRUE(v.ok) << "first difference at tick " << (v.expected ? v.expected->tick : 0);
  EXPECT_EQ(v.checkpoints_checked, r.checkpoints.size());
  EXPECT_EQ(v.ticks, 1500u);
}

TEST(RaceRecorder, LateInputsAreRecordedAtTheTickTheyWereAppliedAt) {
  const Replay r = test::record_match();
  // The late player's presses were stamped 6-20 ticks before they arrived (t % 30 == 5):
  // recorded at their own ticks, so not on arrival ticks.
  int off_arrival = 0;
  for (const sim::Input& in : r.runners[3].inputs) off_arrival += (in.tick % 30 != 5) ? 1 : 0;
  EXPECT_GT(off_arrival, 10);
}

TEST(RaceRecorder, WithoutRewindTheCheckpointsAreTheLiveHashes) {
  std::vector<std::uint64_t> live;
  const Replay r = test::record_match({.rewind_ticks = 0, .ticks = 600, .bots = 2}, &live);
  ASSERT_FALSE(r.checkpoints.empty());
  for (const Checkpoint& c : r.checkpoints) EXPECT_EQ(c.hash, live[c.tick - 1]) << c.tick;
  EXPECT_TRUE(verify_replay(r).ok);
}

TEST(RaceRecorder, WithRewindsTheLiveHashesWouldNotVerify) {
  // Why checkpoints wait for the rewind window: the live hash at a second's tick is changed by
  // a late input arriving just after it. At least one checkpoint differs from the live hash.
  std::vector<std::uint64_t> live;
  const Replay r = test::record_match({}, &live);
  int differ = 0;
  for (const Checkpoint& c : r.checkpoints) differ += c.hash != live[c.tick - 1] ? 1 : 0;
  EXPECT_GT(differ, 0);
}

TEST(RaceRecorder, AChangedInputIsCaughtAtTheNextCheckpoint) {
  Replay r = test::record_match();
  sim::Input& in = r.runners[0].inputs[r.runners[0].inputs.size() / 2];
  in.tick += 1;  // a bot's press one tick later
  const VerifyReport v = verify_replay(r);
  ASSERT_FALSE(v.ok);
  ASSERT_TRUE(v.expected);
  EXPECT_GT(v.expected->tick, in.tick);
  EXPECT_LE(v.expected->tick, in.tick + 60);
}

TEST(RaceRecorder, TheLastCheckpointIsTheMatchsStateHash) {
  const Replay r = test::record_match({.rewind_ticks = 15, .ticks = 1000, .bots = 1});
  ASSERT_EQ(r.checkpoints.back().tick, 1000u);
  Resimulation sim(r);
  while (!sim.done()) sim.step();
  EXPECT_EQ(sim.match().state_hash(), r.checkpoints.back().hash);
}

}  // namespace
}  // namespace spear::replay
