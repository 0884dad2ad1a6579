// Races recorded as the server runs them (MatchHost::record_races): one replay per race, each
// its own match from its first tick, with runners seated at the line when the match began,
// players who sit down at the line later, join while the race runs, leave, and send late
// inputs. Every recording re-simulates to every checkpoint and carries the race's result.
#include <gtest/gtest.h>

#include <vector>

#include "net/sim_wire.hpp"
#include "replay/replay_reader.hpp"
#include "replay/replay_writer.hpp"
#include "replay/resimulation.hpp"
#include "server/match_host.hpp"
#include "sim/race_start.hpp"

namespace spear::server {
namespace {

constexpr float kDt = 1.f / 60.f;

struct TwoRaces {
  RaceSchedule schedule{40, sim::race_countdown_ticks(kDt), 600, 50};
  std::vector<sim::RaceResult> finished;
  std::vector<replay::Replay> replays;
  sim::Tick visitor_join = 0;
  sim::Tick late_sitter_join = 0;
};

// A player's press for tick `stamp`, delivered now.
void press(MatchHost& host, net::RunnerId wire, sim::Tick stamp, sim::Button b) {
  sim::Input in;
  in.tick = stamp;
  in.press(b);
  const net::InputFrame frame = net::to_input_frame(in);
  host.submit(wire, std::span<const net::InputFrame>(&frame, 1));
}

TwoRaces run_two_races() {
  TwoRaces out;
  const RaceSchedule& s = out.schedule;
  MatchHost host(11, 60, 3, 0.7f, /*rewind_ticks=*/12, 256, s);
  host.record_races();
  const auto early = host.add_player("Early");  // at the line from tick 0
  EXPECT_TRUE(early);
  std::optional<net::RunnerId> sitter, visitor, late_sitter;
  out.visitor_join = s.first_race_tick(1) + 120;
  // In race 2's match, during race 1's results: seated at race 2's line, stood since its start.
  out.late_sitter_join = s.last_race_tick(1) + 20;
  while (host.tick() < s.end_of_cycle(2)) {
    const sim::Tick t = host.tick();
    if (t == 25) sitter = host.add_player("Sitter");  // warm-up: at the line, stood 25 ticks
    if (t == out.visitor_join) visitor = host.add_player("Visitor");
    if (t == out.visitor_join + 240 && visitor) host.remove_runner(*visitor);
    if (t == out.late_sitter_join) late_sitter = host.add_player("Lately");
    // Early presses every 40 ticks, 3-9 ticks late (a rewind puts each in at its own tick).
    if (t % 40 == 7 && t > 40) press(host, *early, t - 3 - (t / 40) % 7, sim::Button::Jump);
    if (sitter && t % 55 == 0) press(host, *sitter, t, sim::Button::Thrust);
    if (visitor && t > out.visitor_join && t < out.visitor_join + 240 && t % 30 == 0)
      press(host, *visitor, t, sim::Button::Jump);
    if (late_sitter && t % 45 == 9) press(host, *late_sitter, t - 2, sim::Button::Jump);
    host.step();
    if (host.finished_race()) out.finished.push_back(*host.finished_race());
  }
  host.end_recording();  // the server stops: race 3's match, begun for the results, is dropped
  out.replays = host.take_recorded();
  return out;
}

TEST(RaceRecording, EachRaceIsOneReplayThatVerifies) {
  const TwoRaces r = run_two_races();
  ASSERT_EQ(r.finished.size(), 2u);
  ASSERT_EQ(r.replays.size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    const replay::Replay& rep = r.replays[i];
    SCOPED_TRACE(i);
    EXPECT_EQ(rep.seed, sim::race_course_seed(11, static_cast<std::uint32_t>(i + 1)));
    EXPECT_EQ(rep.first_tick, r.schedule.match_start(static_cast<std::uint32_t>(i + 1)));
    EXPECT_EQ(rep.end_tick, r.schedule.last_race_tick(static_cast<std::uint32_t>(i + 1)) + 1);
    ASSERT_TRUE(rep.result);
    EXPECT_EQ(*rep.result, r.finished[i]);
    const replay::VerifyReport v = replay::verify_replay(rep);
    EXPECT_TRUE(v.ok) << "first difference at tick " << (v.expected ? v.expected->tick : 0);
    EXPECT_EQ(v.checkpoints_checked, rep.checkpoints.size());
    EXPECT_GE(rep.checkpoints.size(), 10u);
    // Through the file and back, it still verifies.
    const replay::ReadResult back = replay::read_replay(replay::encode_replay(rep));
    ASSERT_TRUE(back.replay) << back.error;
    EXPECT_TRUE(replay::verify_replay(*back.replay).ok);
  }
}

TEST(RaceRecording, RunnersEnterAsTheyDidLive) {
  const TwoRaces r = run_two_races();
  ASSERT_EQ(r.replays.size(), 2u);
  const auto find = [](const replay::Replay& rep, const std::string& name) {
    for (const replay::RosterEntry& e : rep.runners)
      if (e.name == name) return &e;
    return static_cast<const replay::RosterEntry*>(nullptr);
  };
  const replay::Replay& one = r.replays[0];
  const replay::Replay& two = r.replays[1];
  const replay::RosterEntry* sitter = find(one, "Sitter");
  ASSERT_TRUE(sitter);
  EXPECT_EQ(sitter->join_tick, 25u);
  EXPECT_EQ(sitter->start.stood_ticks, 25u);
  EXPECT_EQ(sitter->start.wait_ticks, r.schedule.match_wait(1));
  const replay::RosterEntry* visitor = find(one, "Visitor");
  ASSERT_TRUE(visitor);
  EXPECT_EQ(visitor->start, replay::RunnerStart{});  // from the course start, running
  EXPECT_EQ(visitor->leave_tick, std::optional<sim::Tick>(r.visitor_join + 240));
  EXPECT_FALSE(find(two, "Visitor"));
  EXPECT_FALSE(find(one, "Lately"));
  const replay::RosterEntry* lately = find(two, "Lately");
  ASSERT_TRUE(lately);
  EXPECT_EQ(lately->start.stood_ticks, r.late_sitter_join - two.first_tick);
  // Everyone else sat down at race 2's line when its match began.
  const replay::RosterEntry* early = find(two, "Early");
  ASSERT_TRUE(early);
  EXPECT_EQ(early->join_tick, two.first_tick);
  EXPECT_EQ(early->start.stood_ticks, 0u);
  EXPECT_EQ(early->start.wait_ticks, r.schedule.match_wait(2));
  EXPECT_FALSE(early->inputs.empty());
}

TEST(RaceRecording, AWrongStartStateIsCaught) {
  TwoRaces r = run_two_races();
  ASSERT_FALSE(r.replays.empty());
  replay::Replay& rep = r.replays[0];
  for (replay::RosterEntry& e : rep.runners)
    if (e.name == "Sitter") e.start.stood_ticks = 0;  // as if it stood the whole warm-up
  EXPECT_FALSE(replay::verify_replay(rep).ok);
}

}  // namespace
}  // namespace spear::server
