#include "sim/bot_personality.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "sim/bot.hpp"
#include "sim/match.hpp"
#include "sim/prng.hpp"

namespace spear::sim {
namespace {

struct RaceResult {
  std::vector<RunnerState> states;  // per bot, in the order added
  friend bool operator==(const RaceResult& a, const RaceResult& b) {
    if (a.states.size() != b.states.size()) return false;
    for (std::size_t i = 0; i < a.states.size(); ++i) {
      const RunnerState &x = a.states[i], &y = b.states[i];
      if (x.score != y.score || x.best != y.best || x.crashes != y.crashes ||
          x.total_distance != y.total_distance || x.targets_broken != y.targets_broken)
        return false;
    }
    return true;
  }
};

// A bot race as the server runs it (server/match_host.cpp): one match, bots added in order, each
// with the personality of its index; every tick each bot decides from its runner's state, then
// the match steps.
RaceResult race(std::uint64_t seed, int bots, float skill, int seconds) {
  Match match(seed);
  std::vector<RunnerId> ids;
  std::vector<BotController> controllers;
  for (int i = 0; i < bots; ++i) {
    BotPersonality p = bot_personality(seed, static_cast<std::uint32_t>(i));
    ids.push_back(match.add_runner(bot_start_wait_ticks(p, match.dt())));
    controllers.emplace_back(skill, mix_seed(seed, ids.back()), std::move(p));
  }
  const Tick ticks = static_cast<Tick>(seconds) * static_cast<Tick>(match.tick_rate());
  while (match.tick() < ticks) {
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const MatchRunner* r = match.runner(ids[i]);
      const Input in = controllers[i].decide(r->state, match.course(), match.tick(), match.dt());
      if (!in.empty()) match.submit_input(ids[i], in);
    }
    match.step();
  }
  RaceResult out;
  for (const RunnerId id : ids) out.states.push_back(match.runner(id)->state);
  return out;
}

// Seven bots of one skill drift apart: they crash at different obstacles and times, so their
// scores spread out; the same seed races the same way again.
TEST(BotPersonality, SevenBotsOfOneSkillSpreadOutAndRaceTheSameForASeed) {
  const RaceResult a = race(20261203, 7, 0.8f, 180);
  std::set<std::uint32_t> scores;
  std::uint32_t crashes = 0;
  for (std::size_t i = 0; i < a.states.size(); ++i) {
    const RunnerState& s = a.states[i];
    scores.insert(s.score);
    crashes += s.crashes;
    std::printf("bot %zu %-5s score %u best %u distance %.1f m crashes %u targets %u\n", i,
                bot_personality(20261203, static_cast<std::uint32_t>(i)).name.c_str(), s.score,
                s.best, s.total_distance / 10.0, s.crashes, s.targets_broken);
  }
  RecordProperty("distinct_scores", static_cast<int>(scores.size()));
  EXPECT_GE(scores.size(), 5u);
  EXPECT_GT(crashes, 0u);
  EXPECT_TRUE(a == race(20261203, 7, 0.8f, 180));
}

// The race shows from the start and spreads by pace: each bot reacts to the start after its own
// wait, then earns its own pace at every obstacle (sim/press_timing.hpp), so within 20 s seven
// bots are at seven places, and by 60 s the field has stretched out further (before the pace,
// bots that never fail ran in lockstep behind their start waits for good).
TEST(BotPersonality, SevenBotsAreApartWithinTwentySecondsAndSpreadOutByPace) {
  for (const float skill : {1.f, kDefaultBotSkill}) {
    const auto spread = [&](int seconds, double* closest, std::size_t* distinct) {
      const RaceResult r = race(20261203, 7, skill, seconds);
      std::vector<double> at;
      std::set<std::uint32_t> scores;
      for (const RunnerState& s : r.states) {
        if (s.runs == 1) at.push_back(s.distance);  // the first run: no crash yet
        scores.insert(s.score);
      }
      std::sort(at.begin(), at.end());
      *closest = 1e9;
      for (std::size_t i = 1; i < at.size(); ++i) *closest = std::min(*closest, at[i] - at[i - 1]);
      *distinct = scores.size();
      return at.size() < 2 ? 0.0 : at.back() - at.front();
    };
    double closest20 = 0.0, closest60 = 0.0;
    std::size_t distinct20 = 0, distinct60 = 0;
    const double at20 = spread(20, &closest20, &distinct20);
    const double at60 = spread(60, &closest60, &distinct60);
    std::printf(
        "skill %.2f: first runs %.1f m apart at 20 s (closest two %.1f m), %.1f m at 60 s; "
        "%zu and %zu scores\n",
        static_cast<double>(skill), at20 / 10.0, closest20 / 10.0, at60 / 10.0, distinct20,
        distinct60);
    EXPECT_GT(closest20, 0.0) << "skill " << skill;
    EXPECT_GE(distinct20, 6u) << "skill " << skill;
    EXPECT_GT(at60, at20 * 1.5) << "skill " << skill;
  }
}

// Skill 1.0 with any character never crashes: every trait that can fail is scaled by
// (1 − skill), and the thrust's place stays inside the clearing window.
TEST(BotPersonality, PerfectBotsOfEveryCharacterNeverCrash) {
  const RaceResult r = race(4242, 8, 1.f, 120);
  for (std::size_t i = 0; i < r.states.size(); ++i) {
    EXPECT_EQ(r.states[i].crashes, 0u)
        << "bot " << i << " crashed at obstacle " << r.states[i].last_crash_obstacle;
    EXPECT_GT(r.states[i].targets_broken, 10u) << "bot " << i;
  }
}

TEST(BotPersonality, DependsOnTheSeedAndIndexOnlyAndStaysInRange) {
  for (std::uint32_t i = 0; i < 40; ++i) {
    const BotPersonality p = bot_personality(99, i), q = bot_personality(99, i);
    EXPECT_EQ(p.reaction_bias, q.reaction_bias);
    EXPECT_EQ(p.mistake_rate, q.mistake_rate);
    EXPECT_EQ(p.name, q.name);
    EXPECT_GE(p.reaction_bias, kBotBiasMin);
    EXPECT_LT(p.reaction_bias, kBotBiasMax);
    EXPECT_GE(p.reaction_spread, kBotSpreadMin);
    EXPECT_LT(p.reaction_spread, kBotSpreadMax);
    EXPECT_GE(p.mistake_rate, kBotMistakeMin);
    EXPECT_LT(p.mistake_rate, kBotMistakeMax);
    EXPECT_GE(p.thrust_eagerness, kBotEagernessMin);
    EXPECT_LT(p.thrust_eagerness, kBotEagernessMax);
    EXPECT_GE(p.start_wait, kBotStartWaitMin);
    EXPECT_LE(p.start_wait, kBotStartWaitMin + kBotStartStep * (kBotStartSlots - 1) + 1e-4f);
    EXPECT_FALSE(p.name.empty());
    EXPECT_LE(p.name.size(), 12u);
  }
  // Two bots of a match are not the same character; another seed deals other characters.
  EXPECT_NE(bot_personality(99, 0).reaction_bias, bot_personality(99, 1).reaction_bias);
  EXPECT_NE(bot_personality(99, 0).reaction_bias, bot_personality(100, 0).reaction_bias);
}

TEST(BotPersonality, StartWaitsAreDistinctWithinAMatchAndShuffledBySeed) {
  std::set<std::uint32_t> ticks;
  for (std::uint32_t i = 0; i < kBotStartSlots; ++i)
    ticks.insert(bot_start_wait_ticks(bot_personality(7, i), kDefaultDt));
  EXPECT_EQ(ticks.size(), kBotStartSlots);  // a slot each, 2 ticks apart
  EXPECT_EQ(*ticks.begin(), 8u);            // 0.12 s
  EXPECT_EQ(*ticks.rbegin(), 27u);          // 0.45 s
  int same = 0;
  for (std::uint32_t i = 0; i < kBotStartSlots; ++i)
    same += bot_personality(7, i).start_wait == bot_personality(8, i).start_wait ? 1 : 0;
  EXPECT_LT(same, 6);
  EXPECT_EQ(bot_start_wait_ticks(BotPersonality{}, kDefaultDt), 0u);  // neutral: no wait
}

TEST(BotPersonality, NamesAreDistinctWithinAMatchAndShuffledBySeed) {
  std::set<std::string> names;
  for (std::uint32_t i = 0; i < 2 * kBotNameCount; ++i) names.insert(bot_personality(7, i).name);
  EXPECT_EQ(names.size(), 2 * kBotNameCount);  // the second lap carries a number
  EXPECT_EQ(bot_personality(7, kBotNameCount).name, bot_personality(7, 0).name + " 2");
  int same = 0;
  for (std::uint32_t i = 0; i < kBotNameCount; ++i)
    same += bot_personality(7, i).name == bot_personality(8, i).name ? 1 : 0;
  EXPECT_LT(same, 6);
}

}  // namespace
}  // namespace spear::sim
