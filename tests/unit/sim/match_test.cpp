#include "sim/match.hpp"

#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "sim/bot.hpp"
#include "sim/prng.hpp"

namespace spear::sim {
namespace {

// A match with bots of several skills and one runner fed pseudo-random buttons (jumps, thrusts,
// lab visits): everything the sim does, driven only by the seed.
struct Scenario {
  Match match;
  std::vector<RunnerId> bot_ids;
  std::vector<BotController> bots;
  RunnerId player = kNoRunner;
  SplitMix64 buttons;

  explicit Scenario(std::uint64_t seed) : match(seed), buttons(seed * 31 + 7) {
    const float skills[] = {1.f, 0.8f, 0.5f};
    for (int i = 0; i < 3; ++i) {
      bot_ids.push_back(match.add_runner());
      bots.emplace_back(skills[i], seed + static_cast<std::uint64_t>(i));
    }
    player = match.add_runner();
  }

  void step() {
    for (std::size_t i = 0; i < bots.size(); ++i) {
      const MatchRunner* r = match.runner(bot_ids[i]);
      const Input in = bots[i].decide(r->state, match.course(), match.tick(), match.dt());
      if (!in.empty()) match.submit_input(bot_ids[i], in);
    }
    Input in;
    in.tick = match.tick();
    const auto roll = buttons.below(1000);
    if (roll < 20) {
      in.press(Button::Jump);
    } else if (roll < 40) {
      in.press(Button::Thrust);
    } else if (roll < 42) {
      in.press(Button::LabToggle);
    } else if (roll < 50) {
      in.press(Button::LabNext);
    } else if (roll < 52) {
      in.press(Button::PauseToggle);
    } else if (roll < 53) {
      in.press(Button::SkeletonToggle);
    }
    if (!in.empty()) match.submit_input(player, in);
    match.step();
  }
};

TEST(Match, SameSeedAndInputsGiveTheSameStateAfter10000Ticks) {
  Scenario a(2024), b(2024);
  for (int t = 0; t < 10000; ++t) {
    a.step();
    b.step();
    if (t % 1000 == 999) {
      ASSERT_EQ(a.match.state_hash(), b.match.state_hash()) << "tick " << t;
    }
  }
  EXPECT_EQ(a.match.tick(), 10000u);
  // The runs really did things: distance, crashes and breaks (so the hash covers them).
  std::uint32_t crashes = 0, broken = 0;
  for (const MatchRunner& r : a.match.runners()) {
    crashes += r.state.crashes;
    broken += r.state.targets_broken;
  }
  EXPECT_GT(crashes, 0u);
  EXPECT_GT(broken, 0u);
  EXPECT_GT(a.match.runner(a.bot_ids[0])->state.distance, 10000.0);

  // Different seed: different state.
  Scenario c(2025);
  for (int t = 0; t < 600; ++t) c.step();
  Scenario d(2024);
  for (int t = 0; t < 600; ++t) d.step();
  EXPECT_NE(c.match.state_hash(), d.match.state_hash());
}

TEST(Match, HashCoversPoseAndState) {
  Match m(5);
  const RunnerId id = m.add_runner();
  for (int t = 0; t < 10; ++t) m.step();
  const std::uint64_t h = m.state_hash();
  Match m2(5);
  m2.add_runner();
  for (int t = 0; t < 10; ++t) m2.step();
  EXPECT_EQ(h, m2.state_hash());
  // One input more: a different hash.
  Input skel;
  skel.tick = m2.tick();
  skel.press(Button::SkeletonToggle);
  ASSERT_EQ(m2.submit_input(id, skel), SubmitResult::Accepted);
  m.step();
  m2.step();
  EXPECT_NE(m.state_hash(), m2.state_hash());
}

TEST(Match, InputsApplyOnceInTickOrderAndLateOnesAtTheNextTick) {
  Match m(1);
  const RunnerId id = m.add_runner();
  Input skel;
  skel.press(Button::SkeletonToggle);

  // Stamped for tick 5: not applied before it, applied at it, applied once despite a resend.
  skel.tick = 5;
  EXPECT_EQ(m.submit_input(id, skel), SubmitResult::Accepted);
  EXPECT_EQ(m.submit_input(id, skel), SubmitResult::Duplicate);
  for (int t = 0; t < 5; ++t) m.step();
  EXPECT_EQ(m.tick(), 5u);
  EXPECT_FALSE(m.runner(id)->state.skeleton);
  m.step();
  EXPECT_TRUE(m.runner(id)->state.skeleton);
  EXPECT_EQ(m.submit_input(id, skel), SubmitResult::Duplicate);  // resent after it applied
  m.step();
  EXPECT_TRUE(m.runner(id)->state.skeleton);

  // Late (stamped 3, now 7): applies at the next step.
  skel.tick = 3;
  EXPECT_EQ(m.submit_input(id, skel), SubmitResult::Accepted);
  m.step();
  EXPECT_FALSE(m.runner(id)->state.skeleton);

  // Out of order: 12 arrives before 10; each applies at its own tick.
  Input lab;
  lab.press(Button::LabToggle);
  lab.tick = 12;
  skel.tick = 10;
  EXPECT_EQ(m.submit_input(id, lab), SubmitResult::Accepted);
  EXPECT_EQ(m.submit_input(id, skel), SubmitResult::Accepted);
  while (m.tick() < 11) m.step();
  EXPECT_TRUE(m.runner(id)->state.skeleton);
  EXPECT_NE(m.runner(id)->state.mode, RunnerMode::Lab);
  m.step();  // tick 11
  EXPECT_NE(m.runner(id)->state.mode, RunnerMode::Lab);
  m.step();  // tick 12
  EXPECT_EQ(m.runner(id)->state.mode, RunnerMode::Lab);
  EXPECT_TRUE(m.runner(id)->events.entered_lab);

  // Far older than the stamps seen: refused.
  skel.tick = 0;
  Input far;
  far.tick = 200;
  EXPECT_EQ(m.submit_input(id, far), SubmitResult::Accepted);
  EXPECT_EQ(m.submit_input(id, skel), SubmitResult::TooOld);
}

TEST(Match, RefusesUnknownRunnersAndInputsTooFarAhead) {
  MatchConfig cfg;
  cfg.max_input_lead = 100;
  Match m(1, cfg);
  const RunnerId id = m.add_runner();
  Input in;
  in.tick = 101;
  EXPECT_EQ(m.submit_input(id, in), SubmitResult::TooFarAhead);
  in.tick = 100;
  EXPECT_EQ(m.submit_input(id, in), SubmitResult::Accepted);
  EXPECT_EQ(m.submit_input(id + 1, in), SubmitResult::UnknownRunner);
  EXPECT_EQ(m.submit_input(kNoRunner, in), SubmitResult::UnknownRunner);
}

TEST(Match, RunnersJoinAndLeaveWithIdsNeverReused) {
  Match m(9);
  const RunnerId a = m.add_runner();
  const RunnerId b = m.add_runner();
  EXPECT_NE(a, kNoRunner);
  EXPECT_LT(a, b);
  for (int t = 0; t < 30; ++t) m.step();
  EXPECT_TRUE(m.remove_runner(a));
  EXPECT_FALSE(m.remove_runner(a));
  EXPECT_FALSE(m.has_runner(a));
  const RunnerId c = m.add_runner();
  EXPECT_GT(c, b);
  ASSERT_EQ(m.runner_count(), 2u);
  EXPECT_EQ(m.runners()[0].id, b);
  EXPECT_EQ(m.runners()[1].id, c);
  // A late joiner starts at the course start while the others are under way.
  EXPECT_GT(m.runner(b)->state.distance, 100.0);
  EXPECT_EQ(m.runner(c)->state.distance, 0.0);
  EXPECT_EQ(m.runner(a), nullptr);
}

TEST(Match, BadConfigIsAClearError) {
  MatchConfig cfg;
  cfg.tick_rate = 0;
  EXPECT_THROW(Match(1, cfg), std::invalid_argument);
  cfg.tick_rate = 60;
  cfg.course.target_share = -1.f;
  EXPECT_THROW(Match(1, cfg), std::invalid_argument);
  cfg.course.target_share = 0.4f;
  cfg.tick_rate = 30;
  Match m(1, cfg);
  EXPECT_FLOAT_EQ(m.dt(), 1.f / 30.f);
}

}  // namespace
}  // namespace spear::sim
