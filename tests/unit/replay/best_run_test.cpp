// The player's runs found in a recorded match, and the best one kept as a replay of its own
// (replay/best_run.hpp).
#include "replay/best_run.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "replay/replay_reader.hpp"
#include "replay/replay_writer.hpp"
#include "replay/resimulation.hpp"
#include "server/race_recorder.hpp"
#include "sim/bot.hpp"
#include "sim/match.hpp"

namespace spear::test {
namespace {

// The player's runs as a match shows them: the tick of each crash and the distance there, the
// tick of each restart; and the match's state hash after each tick.
struct Live {
  std::vector<sim::Tick> crashes;
  std::vector<double> crash_distance_m;
  std::vector<sim::Tick> restarts;
  std::vector<std::uint64_t> hashes;  // after each tick
};

constexpr std::uint64_t kSeed = 3;

// A match with a bot and a clumsy player (a weak bot's inputs, sent 4-12 ticks late, with
// rewinds on), recorded as the server records it; the player goes away for a while in one run.
replay::Replay record(sim::Tick ticks, sim::RunnerId* player, Live* live, sim::Tick away_from = 0,
                      sim::Tick away_until = 0) {
  sim::MatchConfig config;
  config.rewind_ticks = 15;
  sim::Match match(kSeed, config);
  server::RaceRecorder recorder;
  recorder.begin(kSeed, match.config(), match.tick());
  const sim::RunnerId bot = match.add_runner();
  recorder.runner_joined(bot, "Gus", true, match.tick(), {});
  sim::BotController bot_brain(0.9f, 11);
  *player = match.add_runner();
  recorder.runner_joined(*player, "Me", false, match.tick(), {});
  sim::BotController clumsy(0.25f, 5);
  std::vector<sim::Input> in_flight;
  for (sim::Tick t = 0; t < ticks; ++t) {
    const sim::Input b = bot_brain.decide(match.runner(bot)->state, match.course(), t, match.dt());
    if (!b.empty()) match.submit_input(bot, b);
    sim::Input p = clumsy.decide(match.runner(*player)->state, match.course(), t, match.dt());
    if (t == away_from && away_from != away_until) p.press(sim::Button::Away);
    if (t == away_until && away_from != away_until) p.press(sim::Button::Back);
    if (!p.empty()) {
      p.tick = t;
      in_flight.push_back(p);
    }
    // Inputs arrive 4-12 ticks after their tick.
    std::erase_if(in_flight, [&](const sim::Input& in) {
      if (t < in.tick + 4 + (in.tick % 9)) return false;
      match.submit_input(*player, in);
      return true;
    });
    match.step();
    recorder.stepped(match);
    live->hashes.push_back(match.state_hash());
  }
  sim::RaceResult none;
  none.last_tick = match.tick() - 1;
  return recorder.end(match, none);
}

// The crashes and restarts as the re-simulation of the recording shows them (the recording
// verifies, so these are the live match's).
Live observed(const replay::Replay& r, sim::RunnerId player) {
  Live l;
  replay::Resimulation sim(r);
  while (!sim.done()) {
    const sim::Tick t = sim.tick();
    sim.step();
    const sim::MatchRunner* m = sim.match().runner(player);
    if (m && m->events.crashed) {
      l.crashes.push_back(t);
      l.crash_distance_m.push_back(m->state.distance / 10.0);
    }
    if (m && m->events.restarted) l.restarts.push_back(t);
  }
  return l;
}

TEST(BestRun, EveryRunIsFoundWithItsFigures) {
  sim::RunnerId player = 0;
  Live live;
  const replay::Replay r = record(3600, &player, &live);
  ASSERT_TRUE(replay::verify_replay(r).ok);
  const Live seen = observed(r, player);
  ASSERT_GE(seen.crashes.size(), 3u) << "the clumsy player should crash a few times in a minute";
  const std::vector<replay::RunRecord> runs = replay::runs_of(r, player);
  // Every crashed run, and the one still going when the recording ended (if it had started).
  const bool going_at_end = seen.restarts.size() == seen.crashes.size();
  ASSERT_EQ(runs.size(), seen.crashes.size() + (going_at_end ? 1 : 0));
  if (going_at_end) {
    EXPECT_FALSE(runs.back().crashed);
    EXPECT_EQ(runs.back().go, seen.restarts.back());
    EXPECT_EQ(runs.back().crash, r.end_tick - 1);
  }
  for (std::size_t i = 0; i < seen.crashes.size(); ++i) {
    EXPECT_TRUE(runs[i].crashed) << i;
    EXPECT_EQ(runs[i].crash, seen.crashes[i]) << i;
    EXPECT_DOUBLE_EQ(runs[i].distance_m, seen.crash_distance_m[i]) << i;
    // The first run goes from the join (tick 0); each later one from its restart.
    EXPECT_EQ(runs[i].go, i == 0 ? 0u : seen.restarts[i - 1]) << i;
    EXPECT_LT(runs[i].go, runs[i].crash);
    EXPECT_GT(runs[i].score, 0u);
  }
  const auto best = replay::best_of(runs);
  ASSERT_TRUE(best);
  for (const auto& run : runs) EXPECT_GE(best->distance_m, run.distance_m);
  EXPECT_FALSE(replay::best_of({}));
  // Nobody else's runs: the bot's own are its own.
  EXPECT_TRUE(replay::runs_of(r, 99).empty());
}

TEST(BestRun, ARunPausedByAwayDoesNotCount) {
  sim::RunnerId player = 0;
  Live live;
  const replay::Replay plain = record(3600, &player, &live);
  const auto runs = replay::runs_of(plain, player);
  ASSERT_GE(runs.size(), 2u);
  // Away for two seconds in the middle of the second run: that run is not counted.
  const sim::Tick mid = runs[1].go + (runs[1].crash - runs[1].go) / 2;
  Live live2;
  const replay::Replay paused = record(3600, &player, &live2, mid, mid + 120);
  ASSERT_TRUE(replay::verify_replay(paused).ok);
  const auto runs2 = replay::runs_of(paused, player);
  EXPECT_EQ(runs2.front().crash, runs.front().crash);
  EXPECT_TRUE(std::none_of(runs2.begin(), runs2.end(),
                           [&](const replay::RunRecord& x) { return x.go == runs[1].go; }));
}

TEST(BestRun, TheBestRunsReplayVerifiesAndResultsInThatRun) {
  sim::RunnerId player = 0;
  Live live;
  // 70 s: the best run of the clumsy player ends in a crash before the recording does.
  const replay::Replay r = record(4200, &player, &live);
  const auto best = replay::best_of(replay::runs_of(r, player));
  ASSERT_TRUE(best);
  const replay::Replay kept = replay::run_replay(r, player, *best);
  const auto tail = static_cast<sim::Tick>(replay::kRunTailSeconds * r.config.tick_rate);
  EXPECT_EQ(kept.end_tick, std::min(r.end_tick, best->crash + 1 + tail));
  ASSERT_TRUE(kept.result);
  EXPECT_EQ(kept.result->first_tick, best->go);
  EXPECT_EQ(kept.result->last_tick, best->crash);
  ASSERT_EQ(kept.result->results.size(), 1u);
  const sim::RaceResultEntry& e = kept.result->results.front();
  EXPECT_EQ(e.runner, player);
  EXPECT_EQ(e.name, "Me");
  EXPECT_EQ(e.place, 1u);
  EXPECT_EQ(e.crashes, 1u);
  EXPECT_DOUBLE_EQ(e.distance_m, best->distance_m);
  EXPECT_EQ(e.score, best->score);
  // It is a replay like any other: it verifies, through the file format and back.
  const replay::VerifyReport v = replay::verify_replay(kept);
  EXPECT_TRUE(v.ok);
  EXPECT_GT(v.checkpoints_checked, 0u);
  const replay::ReadResult back = replay::read_replay(replay::encode_replay(kept));
  ASSERT_TRUE(back.replay) << back.error;
  EXPECT_EQ(back.replay->result, kept.result);
  EXPECT_TRUE(replay::verify_replay(*back.replay).ok);
  // And the run in it is the same run.
  const auto again = replay::runs_of(kept, player);
  const auto same = std::find_if(again.begin(), again.end(),
                                 [&](const replay::RunRecord& x) { return x.go == best->go; });
  ASSERT_NE(same, again.end());
  EXPECT_TRUE(same->crashed);
  EXPECT_EQ(same->crash, best->crash);
  EXPECT_DOUBLE_EQ(same->distance_m, best->distance_m);
}

TEST(BestRun, ARunTheRecordingEndsCountsWithoutACrash) {
  // The player quits in the middle of a run: that run counts, as far as it went.
  sim::RunnerId player = 0;
  Live live;
  const replay::Replay whole = record(3600, &player, &live);
  const auto runs = replay::runs_of(whole, player);
  ASSERT_GE(runs.size(), 2u);
  const sim::Tick quit = runs[1].go + (runs[1].crash - runs[1].go) / 2;
  const replay::Replay cut = replay::cut_replay(whole, quit);
  const auto until_quit = replay::runs_of(cut, player);
  ASSERT_EQ(until_quit.size(), 2u);
  EXPECT_TRUE(until_quit[0].crashed);
  EXPECT_FALSE(until_quit[1].crashed);
  EXPECT_EQ(until_quit[1].go, runs[1].go);
  EXPECT_EQ(until_quit[1].crash, quit - 1);
  EXPECT_LT(until_quit[1].distance_m, runs[1].distance_m);
  EXPECT_GT(until_quit[1].distance_m, 0.0);
  const replay::Replay kept = replay::run_replay(cut, player, until_quit[1]);
  EXPECT_EQ(kept.end_tick, quit);
  EXPECT_EQ(kept.result->results.front().crashes, 0u);
  EXPECT_TRUE(replay::verify_replay(kept).ok);
}

TEST(BestRun, ACutReplayKeepsItsStatesUpToTheCut) {
  sim::RunnerId player = 0;
  Live live;
  const replay::Replay r = record(2400, &player, &live);
  for (const sim::Tick end : {sim::Tick{1}, sim::Tick{700}, sim::Tick{1234}, sim::Tick{2400}}) {
    const replay::Replay cut = replay::cut_replay(r, end);
    EXPECT_EQ(cut.end_tick, end);
    EXPECT_TRUE(replay::verify_replay(cut).ok) << end;
    for (const auto& e : cut.runners)
      for (const auto& in : e.inputs) EXPECT_LT(in.tick, end);
    for (const auto& c : cut.checkpoints) EXPECT_LE(c.tick, end);
    // The states up to the cut are the live match's.
    replay::Resimulation sim(cut);
    while (!sim.done()) sim.step();
    EXPECT_EQ(sim.match().state_hash(), live.hashes[end - 1]) << end;
    EXPECT_TRUE(replay::read_replay(replay::encode_replay(cut)).replay) << end;
  }
  // A cut beyond the end changes nothing.
  const replay::Replay same = replay::cut_replay(r, r.end_tick + 100);
  EXPECT_EQ(same.end_tick, r.end_tick);
  EXPECT_EQ(same.checkpoints, r.checkpoints);
}

TEST(BestRun, FurtherWinsThenTheScoreThenTheEarlier) {
  replay::RunRecord a{.go = 10, .crash = 100, .score = 50, .distance_m = 80.0};
  replay::RunRecord b = a;
  b.distance_m = 81.0;
  EXPECT_TRUE(replay::better_run(b, a));
  EXPECT_FALSE(replay::better_run(a, b));
  b = a;
  b.score = 60;
  EXPECT_TRUE(replay::better_run(b, a));
  b = a;
  b.go = 200;
  EXPECT_TRUE(replay::better_run(a, b));
  EXPECT_FALSE(replay::better_run(a, a));
}

}  // namespace
}  // namespace spear::test
