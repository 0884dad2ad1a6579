// The own runner's prediction against a sim Match playing the server: alignment from the hash,
// exact agreement, repair of inputs the server applied late, malformed checks.
#include "core/own_runner_predictor.hpp"

#include <gtest/gtest.h>

#include "net/sim_wire.hpp"
#include "sim/match.hpp"
#include "sim/runner_check.hpp"

namespace spear::client {
namespace {

constexpr std::uint64_t kSeed = 9;

// The check a server sends for `id` after its last step, hashing the state after `hashed`.
net::OwnRunnerState check_of(const sim::Match& m, sim::RunnerId id, net::Tick hashed) {
  net::OwnRunnerState own;
  own.id = static_cast<net::RunnerId>(id);
  own.state_tick = m.tick() - 1;
  own.last_input_tick = hashed;
  sim::RunnerCheck c;
  c.hash_tick = hashed;
  c.hash = sim::check_hash(*m.state_after(id, hashed));
  c.moves = m.input_moves(id);
  own.sim_state = sim::encode_runner_check(c, own.state_tick);
  return own;
}

TEST(OwnRunnerPredictor, AlignsFromTheHashAndPredictsTheServerExactly) {
  sim::Match server(kSeed);
  server.add_runner();  // someone else first: our runner joins later
  for (int i = 0; i < 40; ++i) server.step();
  const sim::RunnerId id = server.add_runner();
  for (int i = 0; i < 25; ++i) server.step();
  OwnRunnerPredictor p(kSeed, 60);
  EXPECT_FALSE(p.active());
  p.on_snapshot(check_of(server, id, server.tick() - 1), server.runner(id)->state.distance);
  ASSERT_TRUE(p.active());
  EXPECT_EQ(p.next_tick(), server.tick());
  // Predict 30 ticks ahead with a jump at once; the server gets the same inputs in time.
  const net::Tick start = p.next_tick();
  const auto frames = p.advance(start + 29, [&](const sim::RunnerState&, net::Tick t) {
    sim::Input in;
    if (t == start) in.press(sim::Button::Jump);
    return in;
  });
  ASSERT_EQ(frames.size(), 30u);
  EXPECT_TRUE(frames[0].has(sim::Button::Jump));
  for (const auto& f : frames) server.submit_input(id, f);
  for (int i = 0; i < 30; ++i) server.step();
  EXPECT_EQ(sim::check_hash(p.state()), sim::check_hash(server.runner(id)->state));
  p.on_snapshot(check_of(server, id, server.tick() - 1), std::nullopt);
  EXPECT_EQ(p.stats().checks, 1u);
  EXPECT_EQ(p.stats().matches, 1u);
}

TEST(OwnRunnerPredictor, RepairsAnInputTheServerAppliedLate) {
  sim::Match server(kSeed);  // no rewind: a late input applies at the next step
  const sim::RunnerId id = server.add_runner();
  for (int i = 0; i < 10; ++i) server.step();
  OwnRunnerPredictor p(kSeed, 60);
  p.on_snapshot(check_of(server, id, server.tick() - 1), server.runner(id)->state.distance);
  ASSERT_TRUE(p.active());
  const net::Tick press = p.next_tick();
  const auto frames = p.advance(press + 20, [&](const sim::RunnerState&, net::Tick t) {
    sim::Input in;
    if (t == press) in.press(sim::Button::Jump);
    return in;
  });
  // The frames reach the server 6 ticks late.
  for (int i = 0; i < 6; ++i) server.step();
  for (const auto& f : frames) server.submit_input(id, f);
  while (server.tick() < press + 21) server.step();
  ASSERT_EQ(server.input_moves(id).size(), 1u);
  EXPECT_NE(sim::check_hash(p.state()), sim::check_hash(server.runner(id)->state));
  p.on_snapshot(check_of(server, id, press + 20), std::nullopt);
  EXPECT_EQ(p.stats().moves, 1u);
  EXPECT_EQ(p.stats().corrections, 1u);
  EXPECT_EQ(p.stats().mismatches, 0u);
  EXPECT_EQ(sim::check_hash(p.state()), sim::check_hash(server.runner(id)->state));
  // The correction fades, a few units a frame at most.
  const double before = p.frame(1, 0.f).distance;
  const double after = p.frame(1, 1.f / 60.f).distance;
  EXPECT_LE(std::abs(after - before), 2.0 + 1e-9);
}

TEST(OwnRunnerPredictor, DrawsBetweenTheLastTwoTicksByTheDisplayTime) {
  sim::Match server(kSeed);
  const sim::RunnerId id = server.add_runner();
  for (int i = 0; i < 30; ++i) server.step();
  OwnRunnerPredictor p(kSeed, 60);
  p.on_snapshot(check_of(server, id, server.tick() - 1), server.runner(id)->state.distance);
  ASSERT_TRUE(p.active());
  const net::Tick last = p.next_tick() + 10;
  p.advance(last, nullptr);
  const double before = p.state_after(last - 1)->distance;
  const double after = p.state().distance;
  ASSERT_GT(after, before);
  // The state after tick n is drawn at display tick n + 1: in between, the distance and the
  // joints blend.
  EXPECT_NEAR(p.frame(1, 0.f, last).distance, before, 1e-6);
  EXPECT_NEAR(p.frame(1, 0.f, last - 2.0).distance, before, 1e-6);  // never before the last two
  EXPECT_NEAR(p.frame(1, 0.f, last + 0.25).distance, before + 0.25 * (after - before), 1e-6);
  EXPECT_NEAR(p.frame(1, 0.f, last + 1.0).distance, after, 1e-6);
  EXPECT_NEAR(p.frame(1, 0.f, last + 3.0).distance, after, 1e-6);  // never past the newest
  const rig::Pose a = runner_frame(net::runner_snapshot(0, *p.state_after(last - 1), false)).pose;
  const rig::Pose b = runner_frame(net::runner_snapshot(0, p.state(), false)).pose;
  const rig::Pose half = p.frame(1, 0.f, last + 0.5).pose;
  for (std::size_t j = 0; j < rig::kJointCount; ++j) {
    EXPECT_NEAR(half.joints[j].x, (a.joints[j].x + b.joints[j].x) / 2, 1e-4) << j;
    EXPECT_NEAR(half.joints[j].y, (a.joints[j].y + b.joints[j].y) / 2, 1e-4) << j;
  }
  // The speed is the tick's ground speed, whatever the frame rate.
  EXPECT_NEAR(p.frame(1, 1.f / 144.f, last + 0.3).speed, (after - before) * 60.0, 1e-3);
  EXPECT_NEAR(p.frame(1, 1.f / 30.f, last + 0.6).speed, (after - before) * 60.0, 1e-3);
  // The rig's own ground travel blends the same way.
  p.frame(1, 0.f, last + 0.5);
  EXPECT_NEAR(p.drawn_rig_scroll(),
              (p.state_after(last - 1)->rig.scroll + p.state().rig.scroll) / 2, 1e-6);
}

TEST(OwnRunnerPredictor, MalformedChecksAreCountedAndIgnored) {
  OwnRunnerPredictor p(kSeed, 60);
  net::OwnRunnerState own;
  own.state_tick = 100;
  own.sim_state = {1, 2, 3};
  p.on_snapshot(own, 10.0);
  EXPECT_EQ(p.stats().bad_checks, 1u);
  EXPECT_FALSE(p.active());
  EXPECT_FALSE(p.server_checks());
  EXPECT_TRUE(p.advance(200, nullptr).empty());
}

// A hostile or broken server: a check two billion ticks ahead, and a present as far. Each call
// steps at most max_steps_per_call ticks (without the cap alignment and advance() would loop for
// hours), and prediction goes on from where it was once the present is sane again.
TEST(OwnRunnerPredictor, ACheckOrAPresentFarAheadIsSteppedInBoundedCalls) {
  sim::Match server(kSeed);
  const sim::RunnerId id = server.add_runner();
  for (int i = 0; i < 10; ++i) server.step();
  PredictionConfig config;
  config.max_steps_per_call = 100;
  OwnRunnerPredictor far(kSeed, 60, config);
  net::OwnRunnerState hostile = check_of(server, id, server.tick() - 1);
  sim::RunnerCheck c;
  c.hash_tick = 2'000'000'000u;
  c.hash = 12345;
  hostile.state_tick = c.hash_tick;
  hostile.sim_state = sim::encode_runner_check(c, hostile.state_tick);
  far.on_snapshot(hostile, 1e12);
  EXPECT_FALSE(far.active());
  EXPECT_EQ(far.stats().capped_calls, 1u);

  OwnRunnerPredictor p(kSeed, 60, config);
  p.on_snapshot(check_of(server, id, server.tick() - 1), server.runner(id)->state.distance);
  ASSERT_TRUE(p.active());
  const net::Tick start = p.next_tick();
  EXPECT_EQ(p.advance(start + 2'000'000'000u, nullptr).size(), 100u);
  EXPECT_EQ(p.stats().capped_calls, 1u);
  EXPECT_EQ(p.next_tick(), start + 100);
  EXPECT_EQ(p.advance(start + 149, nullptr).size(), 50u);  // below the cap: all of it
  EXPECT_EQ(p.stats().capped_calls, 1u);
}

}  // namespace
}  // namespace spear::client
