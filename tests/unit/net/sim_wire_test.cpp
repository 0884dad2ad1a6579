// The one sim <-> wire mapping (net/sim_wire.hpp): every button, lab motion and mode, both ways.
#include "net/sim_wire.hpp"

#include <gtest/gtest.h>

#include <cmath>

#include "rig/spear_form.hpp"
#include "sim/course.hpp"
#include "sim/lab.hpp"
#include "sim/state_hash.hpp"

namespace spear::net {
namespace {

struct ButtonRow {
  std::uint8_t wire;
  sim::Button sim;
};
// The table the protocol documents (schemas/PROTOCOL.md, Input body) against the sim's enum.
constexpr ButtonRow kButtonTable[] = {
    {buttons::kJump, sim::Button::Jump},
    {buttons::kThrust, sim::Button::Thrust},
    {buttons::kToggleLab, sim::Button::LabToggle},
    {buttons::kToggleSkeleton, sim::Button::SkeletonToggle},
    {buttons::kTogglePause, sim::Button::PauseToggle},
    {buttons::kStep, sim::Button::Step},
    {buttons::kAway, sim::Button::Away},
    {buttons::kBack, sim::Button::Back},
};

TEST(SimWire, EveryButtonMapsToItsSimButtonAndBack) {
  for (const ButtonRow& row : kButtonTable) {
    InputFrame f;
    f.tick = 1234;
    f.buttons = row.wire;
    const sim::Input in = to_sim_input(f);
    EXPECT_EQ(in.tick, 1234u);
    EXPECT_EQ(in.buttons, static_cast<std::uint16_t>(row.sim)) << int(row.wire);
    EXPECT_EQ(to_input_frame(in), f) << int(row.wire);
  }
  // Every combination of the eight wire bits survives the round trip.
  for (unsigned bits = 0; bits < 256; ++bits) {
    InputFrame f;
    f.tick = bits;
    f.buttons = static_cast<std::uint8_t>(bits);
    EXPECT_EQ(to_input_frame(to_sim_input(f)), f) << bits;
  }
}

TEST(SimWire, SimOnlyButtonsCarryNothing) {
  sim::Input in;
  in.press(sim::Button::LabNext).press(sim::Button::LabPrev);  // no wire bit: picks travel
  EXPECT_EQ(to_input_frame(in).buttons, 0);
}

TEST(SimWire, EveryLabMotionPicksItsSlotAndBack) {
  for (std::uint8_t i = 0; i < sim::kLabMotionCount; ++i) {
    InputFrame f;
    f.lab_motion = static_cast<std::uint8_t>(1 + static_cast<int>(sim::kLabMotions[i]));
    const sim::Input in = to_sim_input(f);
    EXPECT_EQ(in.lab_pick, i + 1);
    EXPECT_EQ(to_input_frame(in).lab_motion, f.lab_motion);
  }
  InputFrame f;
  f.lab_motion = 1 + static_cast<std::uint8_t>(rig::Motion::Fall);  // not in the lab list
  EXPECT_EQ(to_sim_input(f).lab_pick, 0);
  f.lab_motion = 200;
  EXPECT_EQ(to_sim_input(f).lab_pick, 0);
  sim::Input bad;
  bad.lab_pick = sim::kLabMotionCount + 1;
  EXPECT_EQ(to_input_frame(bad).lab_motion, 0);
}

// Steps a runner with one input, then `quiet` ticks without.
void step(sim::RunnerState& s, const sim::Course& course, sim::Input in, int quiet) {
  (void)sim::step_runner(s, &in, course);
  for (int i = 0; i < quiet; ++i) (void)sim::step_runner(s, nullptr, course);
}

TEST(SimWire, EverySimModeHasItsWireMode) {
  sim::RunnerState s = sim::new_runner_state();
  struct Row {
    sim::RunnerMode sim;
    float thrust_time;
    RunnerMode wire;
    std::uint8_t flags;
  };
  const Row rows[] = {
      {sim::RunnerMode::Running, -1.f, RunnerMode::Running, 0},
      {sim::RunnerMode::Running, 0.1f, RunnerMode::Thrusting, 0},
      {sim::RunnerMode::Leaping, -1.f, RunnerMode::Jumping, 0},
      {sim::RunnerMode::Leaping, 0.1f, RunnerMode::Jumping, 0},
      {sim::RunnerMode::Falling, -1.f, RunnerMode::Falling, 0},
      {sim::RunnerMode::Down, -1.f, RunnerMode::Down, 0},
      {sim::RunnerMode::Lab, -1.f, RunnerMode::Lab, runner_flags::kLab},
      {sim::RunnerMode::Parked, -1.f, RunnerMode::Parked, 0},
      {sim::RunnerMode::Countdown, -1.f, RunnerMode::Countdown, 0},
  };
  for (const Row& row : rows) {
    s.mode = row.sim;
    s.rig.thrust_time = row.thrust_time;
    EXPECT_EQ(wire_mode(s), row.wire) << int(row.sim);
    EXPECT_EQ(runner_snapshot(3, s, false).mode, row.wire);
    EXPECT_EQ(wire_flags(s, false), row.flags);
    EXPECT_EQ(wire_flags(s, true), row.flags | runner_flags::kBot);
  }
  s.mode = sim::RunnerMode::Lab;
  s.skeleton = true;
  s.lab_paused = true;
  EXPECT_EQ(wire_flags(s, false),
            runner_flags::kLab | runner_flags::kSkeleton | runner_flags::kPaused);
  // Away is a flag in any mode (a parked runner, a fallen one, one in the lab).
  for (sim::RunnerMode m : {sim::RunnerMode::Parked, sim::RunnerMode::Down,
                            sim::RunnerMode::Falling, sim::RunnerMode::Lab}) {
    sim::RunnerState a = sim::new_runner_state();
    a.mode = m;
    a.away = true;
    EXPECT_TRUE(wire_flags(a, false) & runner_flags::kAway) << int(m);
    EXPECT_TRUE(runner_snapshot(1, a, false).flags & runner_flags::kAway) << int(m);
  }
  sim::RunnerState parked = sim::new_runner_state();
  parked.mode = sim::RunnerMode::Parked;
  EXPECT_FALSE(wire_flags(parked, false) & runner_flags::kAway);
}

TEST(SimWire, CountdownCarriesItsTicksLeftAtTheMatchRate) {
  const sim::Course course(7);
  sim::RunnerState s = sim::new_runner_state();
  sim::Input away;
  away.press(sim::Button::Away);
  sim::Input back;
  back.press(sim::Button::Back);
  step(s, course, away, 10);
  EXPECT_EQ(runner_snapshot(2, s, false).mode, RunnerMode::Parked);
  EXPECT_EQ(runner_snapshot(2, s, false).countdown_ticks, 0);
  step(s, course, back, 0);
  RunnerSnapshot r = runner_snapshot(2, s, false);
  EXPECT_EQ(r.mode, RunnerMode::Countdown);
  EXPECT_EQ(r.countdown_ticks, 179);
  EXPECT_EQ(r.flags & runner_flags::kAway, 0);
  step(s, course, {}, 177);
  EXPECT_EQ(runner_snapshot(2, s, false).countdown_ticks, 1);
  step(s, course, {}, 0);
  EXPECT_EQ(runner_snapshot(2, s, false).mode, RunnerMode::Running);
  EXPECT_EQ(runner_snapshot(2, s, false).countdown_ticks, 0);
  // At 30 Hz the same state is further from its end (3 s is 90 ticks there).
  sim::RunnerState c = sim::new_runner_state();
  c.mode = sim::RunnerMode::Countdown;
  c.mode_ticks = 30;
  EXPECT_EQ(runner_snapshot(2, c, false, 1.f / 30.f).countdown_ticks, 60);
  EXPECT_EQ(runner_snapshot(2, c, false).countdown_ticks, 150);
}

TEST(SimWire, RunningRunnerCarriesTheComboAndNoLabReadouts) {
  const sim::Course course(7);
  sim::RunnerState s = sim::new_runner_state();
  step(s, course, {}, 30);
  s.combo = 3;
  RunnerSnapshot r = runner_snapshot(4, s, false);
  EXPECT_EQ(r.id, 4u);
  EXPECT_EQ(r.combo, 3);
  EXPECT_EQ(r.distance, s.distance);
  EXPECT_EQ(r.score, s.score);
  EXPECT_EQ(r.lab_phase, 0.f);
  EXPECT_EQ(r.lab_gait, 0.f);
  EXPECT_EQ(r.lab_scroll, 0.f);  // the treadmill is the lab's: a runner's distance says it all
  EXPECT_FALSE(r.ik);
  s.skeleton = true;  // the overlay flag alone, outside the lab: still no targets
  EXPECT_FALSE(runner_snapshot(4, s, false).ik);
  s.combo = 12;
  EXPECT_EQ(runner_snapshot(4, s, false).combo, kMaxWireCombo);
}

TEST(SimWire, LabRunnerCarriesPhaseGaitAndTheRigsIkTargets) {
  const sim::Course course(7);
  sim::RunnerState s = sim::new_runner_state();
  sim::Input lab;
  lab.press(sim::Button::LabToggle);
  step(s, course, lab, 0);
  sim::Input run;
  run.lab_pick = 2;  // run
  step(s, course, run, 47);
  net::RunnerSnapshot r = runner_snapshot(4, s, false);
  ASSERT_EQ(r.mode, net::RunnerMode::Lab);
  EXPECT_EQ(r.lab_phase, s.rig.phase);
  EXPECT_GT(r.lab_phase, 0.f);
  EXPECT_EQ(r.lab_gait, s.rig.gait);
  EXPECT_GT(r.lab_gait, 0.f);
  // The treadmill: the rig's own ground travel (walking and running on the spot), modulo the
  // span; the distance stays where the lab was entered.
  EXPECT_GT(s.rig.scroll, 0.0);
  EXPECT_EQ(r.lab_scroll, static_cast<float>(std::fmod(s.rig.scroll, double{kLabScrollSpan})));
  EXPECT_FALSE(r.ik);  // overlay off
  sim::RunnerState far = s;
  far.rig.scroll += 3.0 * kLabScrollSpan;
  EXPECT_NEAR(runner_snapshot(4, far, false).lab_scroll, r.lab_scroll, 1e-3f);

  sim::Input skeleton;
  skeleton.press(sim::Button::SkeletonToggle);
  skeleton.lab_pick = 5;  // the spear form
  step(s, course, skeleton, 89);
  // The targets the rig aims for in the very step that made the pose.
  sim::RunnerState before = s;
  (void)sim::step_runner(s, nullptr, course);
  rig::RigDebug expected;
  rig::RigInput form;
  form.motion = rig::Motion::Form;
  (void)rig::step_rig(before.rig, form, sim::kDefaultDt, &expected);

  r = runner_snapshot(4, s, false);
  EXPECT_EQ(r.flags & (net::runner_flags::kLab | net::runner_flags::kSkeleton),
            net::runner_flags::kLab | net::runner_flags::kSkeleton);
  EXPECT_NEAR(r.lab_phase,
              std::fmod(s.rig.motion_time, rig::form_duration()) / rig::form_duration(), 1e-5f);
  ASSERT_TRUE(r.ik);
  EXPECT_EQ(r.ik->hands_on_spear, expected.hands_on_spear);
  EXPECT_TRUE(r.ik->hands_on_spear);
  for (int side = 0; side < 2; ++side) {
    EXPECT_LE(rig::distance(r.ik->foot_target[side], expected.foot_target[side]), 1e-3f);
    EXPECT_LE(rig::distance(r.ik->hand_target[side], expected.hand_target[side]), 1e-3f);
  }
  // Building the snapshot changed nothing in the match's state.
  const sim::RunnerState kept = s;
  (void)runner_snapshot(4, s, false);
  EXPECT_EQ(sim::hash_runner(kept), sim::hash_runner(s));  // every field, bit for bit
}

}  // namespace
}  // namespace spear::net
