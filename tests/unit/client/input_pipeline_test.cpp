// The own runner's inputs before the prediction can run (no check from the server yet): keys
// go out unpredicted, stamped a lead ahead of the server's estimated tick, one input per tick
// with no tick twice; the away press rides on the next input; the bot owns the buttons; a
// spectator and a stopped pipeline hand out nothing.
#include "core/input_pipeline.hpp"

#include <gtest/gtest.h>

#include <limits>

namespace spear::client {
namespace {

net::Welcome welcome(std::optional<net::RunnerId> runner) {
  net::Welcome w;
  w.runner_id = runner;
  w.tick_rate = 60;
  w.snapshot_rate = 30;
  w.course_seed = 5;
  return w;
}

// Lead before any round trip: 3 ticks + ceil(0.1 s × 60).
constexpr net::Tick kLead = 3 + 6;

TEST(InputPipeline, UnpredictedKeysGoOutALeadAheadOnePerTick) {
  InputPipeline p({});
  p.on_welcome(welcome(3));
  EXPECT_TRUE(p.press(Key::Space, ControlMode::Runner, 0).jump);
  auto first = p.take_inputs(10.0, 1.0, 1.0);
  ASSERT_EQ(first.size(), 1u);
  EXPECT_EQ(first[0].tick, 60 + kLead);
  EXPECT_TRUE(first[0].has(sim::Button::Jump));
  // Three ticks later: the ticks in between, empty, none twice.
  auto next = p.take_inputs(10.05, 1.05, 1.05);
  ASSERT_EQ(next.size(), 3u);
  for (std::size_t i = 0; i < next.size(); ++i) {
    EXPECT_EQ(next[i].tick, 60 + kLead + 1 + i);
    EXPECT_TRUE(next[i].empty());
  }
  EXPECT_TRUE(p.take_inputs(10.05, 1.05, 1.05).empty());
  EXPECT_EQ(p.generated(), 4u);
}

// A server clock out of the tick range (a broken or hostile server: found by fuzz_client_session)
// stamps tick 0 or the last tick, plus the lead, never a conversion out of range (UBSan in the
// sanitize build).
TEST(InputPipeline, AServerClockOutOfRangeStampsTheFirstOrLastTick) {
  const struct {
    double server_time;
    net::Tick tick;
  } cases[] = {
      {-1e9, kLead},
      {std::numeric_limits<double>::quiet_NaN(), kLead},
      {1e300, static_cast<net::Tick>(std::numeric_limits<net::Tick>::max() + kLead)},
  };
  for (const auto& c : cases) {
    InputPipeline p({});
    p.on_welcome(welcome(3));
    const auto in = p.take_inputs(10.0, c.server_time, c.server_time);
    ASSERT_EQ(in.size(), 1u) << c.server_time;
    EXPECT_EQ(in[0].tick, c.tick) << c.server_time;
  }
}

TEST(InputPipeline, TheAwayPressRidesOnTheNextInputOnlineOnly) {
  InputPipeline online({false, 1.f, true});
  online.on_welcome(welcome(3));
  online.set_away(true);
  auto in = online.take_inputs(10.0, 1.0, 1.0);
  ASSERT_FALSE(in.empty());
  EXPECT_TRUE(in.front().has(sim::Button::Away));
  online.set_away(false);
  in = online.take_inputs(10.02, 1.02, 1.02);
  ASSERT_FALSE(in.empty());
  EXPECT_TRUE(in.front().has(sim::Button::Back));

  InputPipeline local({});  // local play: the app pauses the match instead
  local.on_welcome(welcome(3));
  local.set_away(true);
  for (const auto& i : local.take_inputs(10.0, 1.0, 1.0)) EXPECT_FALSE(i.has(sim::Button::Away));
}

TEST(InputPipeline, TheBotOwnsTheButtons) {
  InputPipeline p({true, 1.f, false});
  p.on_welcome(welcome(3));
  const InputPress press = p.press(Key::Space, ControlMode::Runner, 0);
  EXPECT_FALSE(press.jump);
  EXPECT_EQ(p.press(Key::Escape, ControlMode::Runner, 0).local, LocalAction::Quit);
  for (const auto& i : p.take_inputs(10.0, 1.0, 1.0)) EXPECT_TRUE(i.empty());
}

TEST(InputPipeline, NoRunnerOrStoppedMeansNoInputs) {
  InputPipeline spectator({});
  spectator.on_welcome(welcome(std::nullopt));
  EXPECT_TRUE(spectator.take_inputs(10.0, 1.0, 1.0).empty());
  EXPECT_EQ(spectator.predictor(), nullptr);

  InputPipeline p({});
  p.on_welcome(welcome(3));
  ASSERT_NE(p.predictor(), nullptr);
  p.stop();
  EXPECT_TRUE(p.take_inputs(10.0, 1.0, 1.0).empty());
  p.reset();  // a new attempt: no runner until the next Welcome
  EXPECT_FALSE(p.has_runner());
  EXPECT_EQ(p.predictor(), nullptr);
}

}  // namespace
}  // namespace spear::client
