// Fair input timing: late inputs applied at their own tick by re-simulating the runner, within
// the rewind window and never before its last applied input; the check a snapshot carries.
#include <gtest/gtest.h>

#include "sim/match.hpp"
#include "sim/runner_check.hpp"
#include "sim/runner_history.hpp"
#include "sim/state_hash.hpp"
#include "sim_test_support.hpp"

namespace spear::sim {
namespace {

constexpr Tick kWindow = 15;  // 250 ms at 60 Hz

MatchConfig rewind_config(Tick window = kWindow) {
  MatchConfig c;
  c.rewind_ticks = window;
  return c;
}

Input press_at(Tick tick, Button b) {
  Input in;
  in.tick = tick;
  in.press(b);
  return in;
}

// A match stepped to `until` with `input` submitted in time (before its tick is stepped).
std::uint64_t on_time_hash(std::uint64_t seed, const Input& input, Tick until,
                           const MatchConfig& config) {
  Match m(seed, config);
  const RunnerId id = m.add_runner();
  while (m.tick() < until) {
    if (m.tick() == input.tick) {
      EXPECT_EQ(m.submit_input(id, input), SubmitResult::Accepted);
    }
    m.step();
  }
  return hash_runner(m.runner(id)->state);
}

// The middle of the ticks at which `button` from a fresh runner clears obstacle 0.
int perfect_press_tick(const Course& c, Button button) {
  int first = -1, last = -1;
  for (int k = 0; k < 60 * 20; ++k) {
    const test::Trial t = test::try_press_at(c, k, button);
    if (t.acted && t.passed && !t.crashed) {
      if (first < 0) first = k;
      last = k;
    } else if (first >= 0) {
      break;
    }
  }
  return first < 0 ? -1 : (first + last) / 2;
}

TEST(RunnerHistory, ResimulatingWithTheSameInputsGivesTheSameState) {
  const Course course(3);
  RunnerHistory h(30);
  RunnerState s = new_runner_state();
  for (Tick t = 0; t < 50; ++t) {
    const Input jump = press_at(t, Button::Jump);
    const Input* in = t == 40 ? &jump : nullptr;
    h.push(t, s, in);
    step_runner(s, in, course);
  }
  EXPECT_EQ(h.size(), 30u);
  EXPECT_EQ(h.oldest(), Tick{20});
  RunnerState again = new_runner_state();
  ASSERT_TRUE(h.resimulate(25, again, course, kDefaultDt));
  EXPECT_EQ(hash_runner(again), hash_runner(s));
  RunnerState untouched = s;
  EXPECT_FALSE(h.resimulate(10, untouched, course, kDefaultDt));  // no longer recorded
  EXPECT_EQ(hash_runner(untouched), hash_runner(s));
}

TEST(Rewind, LateInputInsideTheWindowLandsAtItsOwnTick) {
  const Input jump = press_at(30, Button::Jump);  // before the first obstacle
  const std::uint64_t expected = on_time_hash(5, jump, 42, rewind_config());
  Match m(5, rewind_config());
  const RunnerId id = m.add_runner();
  while (m.tick() < 42) m.step();
  ASSERT_EQ(m.submit_input(id, jump), SubmitResult::Accepted);  // 12 ticks late
  EXPECT_EQ(hash_runner(m.runner(id)->state), expected);
  EXPECT_TRUE(m.input_moves(id).empty());
  EXPECT_EQ(m.last_applied_input(id), Tick{30});
  m.step();
  EXPECT_TRUE(m.runner(id)->events.jumped);  // the re-simulated jump is reported with the step
  // The state after a past tick is kept for the checks snapshots carry.
  EXPECT_EQ(hash_runner(*m.state_after(id, 34)), on_time_hash(5, jump, 35, rewind_config()));
  EXPECT_FALSE(m.state_after(id, 43));
  EXPECT_FALSE(m.state_after(id, 2));
}

TEST(Rewind, WithoutRewindTheSameLateInputAppliesAtTheNextStep) {
  const Input jump = press_at(200, Button::Jump);
  Match m(5);
  const RunnerId id = m.add_runner();
  while (m.tick() < 212) m.step();
  ASSERT_EQ(m.submit_input(id, jump), SubmitResult::Accepted);
  m.step();
  const std::uint64_t expected = on_time_hash(5, press_at(212, Button::Jump), 213, MatchConfig{});
  EXPECT_EQ(hash_runner(m.runner(id)->state), expected);
  ASSERT_EQ(m.input_moves(id).size(), 1u);
  EXPECT_EQ(m.input_moves(id)[0], (InputMove{200, 212}));
}

TEST(Rewind, ForgedTickFarInThePastIsClampedToTheWindow) {
  Match m(5, rewind_config());
  const RunnerId id = m.add_runner();
  while (m.tick() < 500) m.step();
  ASSERT_EQ(m.submit_input(id, press_at(10, Button::Jump)), SubmitResult::Accepted);
  const Tick edge = 500 - kWindow;
  EXPECT_EQ(m.last_applied_input(id), edge);
  ASSERT_EQ(m.input_moves(id).size(), 1u);
  EXPECT_EQ(m.input_moves(id)[0], (InputMove{10, edge}));
  EXPECT_EQ(hash_runner(m.runner(id)->state),
            on_time_hash(5, press_at(edge, Button::Jump), 500, rewind_config()));
}

TEST(Rewind, NeverBeforeTheLastAppliedInput) {
  Match m(5, rewind_config());
  const RunnerId id = m.add_runner();
  while (m.tick() < 300) m.step();
  ASSERT_EQ(m.submit_input(id, press_at(295, Button::Thrust)), SubmitResult::Accepted);
  EXPECT_EQ(m.last_applied_input(id), Tick{295});
  ASSERT_EQ(m.submit_input(id, press_at(290, Button::Jump)), SubmitResult::Accepted);
  EXPECT_EQ(m.last_applied_input(id), Tick{296});
  ASSERT_EQ(m.input_moves(id).size(), 1u);
  EXPECT_EQ(m.input_moves(id)[0], (InputMove{290, 296}));
}

TEST(Rewind, ALiarWhoPressesAfterSeeingCannotBeatTheWindow) {
  // A hurdle first; the perfect tick is known from trials on a copy of the runner.
  const std::uint64_t seed = test::seed_with_first(ObstacleKind::Hurdle);
  const Course course(seed);
  const int k = perfect_press_tick(course, Button::Jump);
  ASSERT_GT(k, static_cast<int>(kWindow) + 30);
  const auto t = static_cast<Tick>(k);
  // Honest, in time: clears it.
  {
    Match m(seed, rewind_config());
    const RunnerId id = m.add_runner();
    while (m.tick() < t + 90 && m.runner(id)->state.next_obstacle == 0 &&
           m.runner(id)->state.crashes == 0) {
      if (m.tick() == t) m.submit_input(id, press_at(t, Button::Jump));
      m.step();
    }
    EXPECT_EQ(m.runner(id)->state.crashes, 0u);
    EXPECT_GT(m.runner(id)->state.next_obstacle, 0u);
  }
  // The liar sends the perfect stamp a second late (after seeing the hurdle): it counts at the
  // window's edge, exactly like an honest press then, and that press is too late.
  Match liar(seed, rewind_config());
  const RunnerId id = liar.add_runner();
  while (liar.tick() < t + 60) liar.step();
  liar.submit_input(id, press_at(t, Button::Jump));
  const Tick edge = t + 60 - kWindow;
  EXPECT_EQ(liar.last_applied_input(id), edge);
  EXPECT_EQ(hash_runner(liar.runner(id)->state),
            on_time_hash(seed, press_at(edge, Button::Jump), t + 60, rewind_config()));
  EXPECT_EQ(liar.runner(id)->state.crashes, 1u);
}

TEST(RunnerCheck, RoundTripsAndRejectsMalformedBytes) {
  RunnerCheck c;
  c.hash_tick = 146;
  c.hash = 0x1234'5678'9ABCull;
  c.moves = {{100, 130}, {140, 141}};
  const auto bytes = encode_runner_check(c, 150);
  EXPECT_EQ(bytes.size(), 17u);
  EXPECT_EQ(decode_runner_check(bytes, 150), c);
  auto bad = bytes;
  bad[0] = 9;
  EXPECT_FALSE(decode_runner_check(bad, 150));
  bad = bytes;
  bad.pop_back();
  EXPECT_FALSE(decode_runner_check(bad, 150));
  EXPECT_FALSE(decode_runner_check(bytes, 20));  // a move before the start of time
  EXPECT_FALSE(decode_runner_check({}, 150));
  RunnerCheck none;
  none.hash_tick = 5;
  none.hash = check_hash(new_runner_state());
  EXPECT_EQ(encode_runner_check(none, 5).size(), 9u);
  EXPECT_EQ(decode_runner_check(encode_runner_check(none, 5), 5), none);
}

}  // namespace
}  // namespace spear::sim
