#include "sim/bot.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <thread>
#include <vector>

#include "sim/pace.hpp"

namespace spear::sim {
namespace {

struct BotRun {
  RunnerState state{};
  std::uint32_t obstacles_passed = 0;
};

// One bot on its own course for `ticks` ticks.
BotRun run_bot(std::uint64_t seed, float skill, int ticks) {
  const Course course(seed);
  BotController bot(skill, seed ^ 0x5EED);
  BotRun r;
  r.state = new_runner_state();
  for (int t = 0; t < ticks; ++t) {
    const Input in = bot.decide(r.state, course, static_cast<Tick>(t));
    step_runner(r.state, in.empty() ? nullptr : &in, course);
  }
  r.obstacles_passed = r.state.next_obstacle;
  return r;
}

// Skill 1.0: five minutes of simulated time on 20 seeds, not one crash. Five minutes covers the
// whole cadence ramp (it tops out after about 225 s), so every speed is tried.
TEST(Bot, PerfectBotNeverCrashesInFiveMinutesOnTwentySeeds) {
  constexpr int kSeeds = 20;
  constexpr int kTicks = 5 * 60 * kDefaultTickRate;
  std::vector<BotRun> runs(kSeeds);
  // Two threads: each run is independent (own course, own bot, own runner).
  auto work = [&](int first) {
    for (int i = first; i < kSeeds; i += 2)
      runs[static_cast<std::size_t>(i)] =
          run_bot(1000 + static_cast<std::uint64_t>(i), 1.f, kTicks);
  };
  std::thread other(work, 1);
  work(0);
  other.join();
  for (int i = 0; i < kSeeds; ++i) {
    const BotRun& r = runs[static_cast<std::size_t>(i)];
    EXPECT_EQ(r.state.crashes, 0u)
        << "seed " << 1000 + i << " crashed at obstacle " << r.state.last_crash_obstacle;
    EXPECT_GT(r.state.distance, kRampDistance) << "seed " << 1000 + i;  // reached top speed
    EXPECT_GT(r.obstacles_passed, 150u) << "seed " << 1000 + i;
    EXPECT_GT(r.state.targets_broken, 40u) << "seed " << 1000 + i;
  }
}

// Every obstacle a runner meets in five minutes (the whole ramp) can be cleared by pressing at
// any of at least 10 consecutive ticks (167 ms): the course leaves a person's timing error room.
TEST(Bot, EveryObstacleLeavesAPersonATimingWindow) {
  const std::uint64_t seed = 31337;
  const Course course(seed);
  BotController bot(1.f, seed);
  RunnerState s = new_runner_state();
  std::uint32_t scanned = 0;  // obstacles scanned so far
  int narrowest = 1000;
  for (Tick t = 0; t < 5 * 60 * kDefaultTickRate; ++t) {
    const Obstacle o = course.obstacle(std::max(s.next_obstacle, scanned));
    const double ahead = o.x - (s.distance + body_front(s.pose));
    if (runner_alive(s) && o.index >= scanned && ahead <= ground_speed_at(s.distance) * 0.9) {
      scanned = o.index + 1;
      const Button button = o.kind == ObstacleKind::Hurdle ? Button::Jump : Button::Thrust;
      RunnerState wait = s;
      int run = 0, widest = 0;
      for (int k = 0; k < 60 && runner_alive(wait); ++k) {
        RunnerState trial = wait;
        Input press;
        press.press(button);
        bool cleared = false;
        for (int j = 0; j < 90 && runner_alive(trial) && !cleared; ++j) {
          step_runner(trial, j == 0 ? &press : nullptr, course);
          cleared = runner_alive(trial) && trial.next_obstacle > o.index;
        }
        run = cleared ? run + 1 : 0;
        widest = std::max(widest, run);
        step_runner(wait, nullptr, course);
      }
      EXPECT_GE(widest, 10) << "obstacle " << o.index << " at " << o.x;
      narrowest = std::min(narrowest, widest);
    }
    const Input in = bot.decide(s, course, t);
    step_runner(s, in.empty() ? nullptr : &in, course);
  }
  EXPECT_GT(scanned, 150u);
  EXPECT_EQ(s.crashes, 0u);
  RecordProperty("narrowest_window_ticks", narrowest);
}

TEST(Bot, LowSkillFailsNowAndThenAndRestarts) {
  const BotRun r = run_bot(77, 0.3f, 2 * 60 * kDefaultTickRate);
  EXPECT_GT(r.state.crashes, 2u);
  EXPECT_GT(r.state.runs, 2u);   // it restarted after its crashes
  EXPECT_GT(r.state.best, 50u);  // and still got somewhere
  EXPECT_GT(r.state.targets_broken + r.state.best_distance, 0.0);
}

TEST(Bot, SkillOrdersTheResults) {
  std::uint32_t crashes_mid = 0, crashes_low = 0;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    crashes_mid += run_bot(seed, 0.8f, 60 * kDefaultTickRate).state.crashes;
    crashes_low += run_bot(seed, 0.f, 60 * kDefaultTickRate).state.crashes;
  }
  EXPECT_LT(crashes_mid, crashes_low);
}

TEST(Bot, SameSeedSameDecisions) {
  const BotRun a = run_bot(5, 0.5f, 3000);
  const BotRun b = run_bot(5, 0.5f, 3000);
  EXPECT_EQ(a.state.distance, b.state.distance);
  EXPECT_EQ(a.state.crashes, b.state.crashes);
  EXPECT_EQ(a.state.best, b.state.best);
}

TEST(Bot, BadSkillIsAClearError) {
  EXPECT_THROW(BotController(-0.1f, 1), std::invalid_argument);
  EXPECT_THROW(BotController(1.5f, 1), std::invalid_argument);
  EXPECT_THROW(BotController(std::nanf(""), 1), std::invalid_argument);
  EXPECT_NO_THROW(BotController(0.f, 1));
  EXPECT_NO_THROW(BotController(1.f, 1));
}

}  // namespace
}  // namespace spear::sim
