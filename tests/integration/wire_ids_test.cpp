// Wire runner ids: the sim numbers runners forever, the wire carries 16 bits, so the server
// reuses wire ids once free (after a quarantine) and never refuses players for lack of ids.
#include <gtest/gtest.h>

#include <set>

#include "server/match_host.hpp"
#include "server/wire_id_pool.hpp"

namespace spear::server {
namespace {

TEST(WireIdPool, FreshIdsThenRestedOnesOldestFirst) {
  WireIdPool pool(3);
  EXPECT_EQ(pool.acquire(0), 1);
  EXPECT_EQ(pool.acquire(0), 2);
  pool.release(1, 10);
  // Still resting: a fresh id rather than 1.
  EXPECT_EQ(pool.acquire(11), 3);
  pool.release(2, 12);
  // Every id taken or resting: the oldest resting one rather than a refusal.
  EXPECT_EQ(pool.acquire(13), 1);
  pool.release(3, 20);
  // 2 has rested long enough, 3 not yet: 2 first, then 3 early, then nothing is free.
  EXPECT_EQ(pool.acquire(12 + kWireIdQuarantineTicks), 2);
  EXPECT_EQ(pool.acquire(12 + kWireIdQuarantineTicks), 3);
  EXPECT_FALSE(pool.acquire(12 + kWireIdQuarantineTicks).has_value());
  EXPECT_EQ(pool.in_use(), 3u);
}

TEST(WireIdPool, RestedIdsComeBackBeforeFreshOnes) {
  WireIdPool pool;
  for (net::RunnerId i = 1; i <= 4; ++i) EXPECT_EQ(pool.acquire(0), i);
  pool.release(2, 0);
  pool.release(4, 1);
  EXPECT_EQ(pool.acquire(1 + kWireIdQuarantineTicks), 2);
  EXPECT_EQ(pool.acquire(1 + kWireIdQuarantineTicks), 4);
  EXPECT_EQ(pool.acquire(1 + kWireIdQuarantineTicks), 5);
}

TEST(MatchHostWireIds, MoreJoinsThanSixteenBitsAreNeverRefused) {
  // 70 000 players join and leave one at a time, ten a tick: the sim's ids pass 65 535, every
  // join gets a runner, and wire ids stay small.
  MatchHost host(1, 60, 2, 1.f);
  std::set<net::RunnerId> seen;
  for (int i = 0; i < 70000; ++i) {
    const auto id = host.add_player("p");
    ASSERT_TRUE(id.has_value()) << "join " << i;
    ASSERT_NE(host.runner(*id), nullptr);
    seen.insert(*id);
    host.remove_runner(*id);
    EXPECT_EQ(host.runner(*id), nullptr);
    if (i % 10 == 9) host.step();  // time passes: quarantines end
  }
  const auto last = host.add_player("last");
  ASSERT_TRUE(last);
  EXPECT_GT(host.match().runners().back().id, 65535u);  // the sim went past 16 bits
  // The wire did not: ten joins a tick, each id resting a quarantine, so about that many ids
  // (and the bots' two) circulate.
  EXPECT_LE(seen.size(), 10u * kWireIdQuarantineTicks + 3u);
  EXPECT_EQ(host.runner_count(), 3);  // the two bots and the last player
}

TEST(MatchHostWireIds, AReusedIdIsANewRunnerWithItsOwnName) {
  MatchHost host(1, 60, 0, 1.f);
  const auto a = host.add_player("ada");
  ASSERT_TRUE(a);
  host.remove_runner(*a);
  // Right after leaving the id rests: the next player gets another one.
  const auto b = host.add_player("bob");
  ASSERT_TRUE(b);
  EXPECT_NE(*a, *b);
  for (net::Tick t = 0; t <= kWireIdQuarantineTicks; ++t) host.step();
  const auto c = host.add_player("cy");
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, *a);  // rested: reused
  const net::Snapshot s = host.snapshot();
  ASSERT_EQ(s.runners.size(), 2u);
  for (const auto& e : s.roster) {
    if (e.runner == *c) {
      EXPECT_EQ(e.name, "cy");
    }
    if (e.runner == *b) {
      EXPECT_EQ(e.name, "bob");
    }
  }
  // The summary keeps everyone under the sim's ids, which never repeat.
  const MatchSummary m = host.summary();
  ASSERT_EQ(m.runners.size(), 3u);
  EXPECT_EQ(m.runners[0].name, "ada");
  EXPECT_EQ(m.runners[2].name, "cy");
  EXPECT_NE(m.runners[0].id, m.runners[2].id);
}

}  // namespace
}  // namespace spear::server
