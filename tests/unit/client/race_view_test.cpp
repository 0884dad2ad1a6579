// The client's view of the races: the newest status wins, the time left counts from its tick,
// the start of the race is remembered for GO, and board pages assemble into whole boards.
#include "core/race_view.hpp"

#include <gtest/gtest.h>

namespace spear::client {
namespace {

net::Snapshot at(net::Tick tick, net::RacePhase phase, net::Tick left, net::Tick first,
                 net::Tick wait, std::uint32_t race = 2) {
  net::Snapshot s;
  s.tick = tick;
  s.race = net::RaceStatus{phase, race, left, first, wait};
  return s;
}

TEST(RaceView, NewestStatusTimeLeftAndTheStartOfTheRace) {
  RaceView v;
  EXPECT_FALSE(v.racing());
  v.on_snapshot(at(1000, net::RacePhase::Countdown, 59, 700, 360));
  v.on_snapshot(at(990, net::RacePhase::Warmup, 69, 700, 360));  // older: ignored
  ASSERT_TRUE(v.racing());
  EXPECT_EQ(v.status()->phase, net::RacePhase::Countdown);
  EXPECT_DOUBLE_EQ(v.ticks_left(1010.0), 50.0);
  EXPECT_DOUBLE_EQ(v.ticks_left(5000.0), 0.0);
  EXPECT_EQ(v.go_tick(), std::optional<net::Tick>(1060));
  v.on_snapshot(at(1062, net::RacePhase::Race, 1000, 700, 480));
  EXPECT_FALSE(v.go_tick());  // the wait now names the next race's
  EXPECT_EQ(v.last_go_tick(), std::optional<net::Tick>(1060));
}

TEST(RaceView, BoardPagesAssembleAndANewRaceStartsAfresh) {
  RaceView v;
  net::Snapshot s = at(3000, net::RacePhase::Results, 100, 2900, 600);
  net::BoardPage p;
  p.race = 2;
  p.total = 6;
  p.first = 4;
  p.entries = {{5, "e", false, 10, 1.0, 0, 0, 0}, {6, "f", true, 5, 1.0, 0, 0, 0}};
  s.board = p;
  v.on_snapshot(s);
  ASSERT_EQ(v.boards().results.size(), 6u);
  EXPECT_FALSE(v.boards().results[0]);  // its page has not come yet
  EXPECT_EQ(v.boards().results[5]->name, "f");
  p.first = 0;
  p.entries = {{1, "a", false, 99, 9.0, 0, 0, 0}};
  s.tick = 3002;
  s.board = p;
  v.on_snapshot(s);
  EXPECT_EQ(v.boards().results[0]->name, "a");
  EXPECT_EQ(v.boards().results[5]->name, "f");  // kept
  p.kind = net::BoardKind::AllTime;
  p.total = 1;
  s.board = p;
  v.on_snapshot(s);
  ASSERT_EQ(v.boards().all_time.size(), 1u);
  // The next race's results replace the boards.
  p.kind = net::BoardKind::Results;
  p.race = 3;
  p.total = 1;
  s.board = p;
  v.on_snapshot(s);
  EXPECT_EQ(v.boards().race, 3u);
  EXPECT_EQ(v.boards().results.size(), 1u);
  EXPECT_TRUE(v.boards().all_time.empty());
}

}  // namespace
}  // namespace spear::client
