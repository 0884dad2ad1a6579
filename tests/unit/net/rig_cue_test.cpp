#include "net/rig_cue.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "rig/motion.hpp"
#include "sim/pace.hpp"

namespace spear::net {
namespace {

struct Written {
  RigCue cue;
  std::size_t bits = 0;
};

Written round_trip(const CueValues& v, const CueValues* base, RunnerMode base_mode,
                   std::int64_t base_distance, std::uint32_t age, bool refresh = false) {
  BitWriter w;
  write_rig_cue(w, v, base, base_mode, base_distance, 0, age, refresh);
  Written out;
  out.bits = w.bit_count();
  const auto bytes = w.take();
  BitReader r(bytes);
  EXPECT_TRUE(read_rig_cue(r, out.cue));
  return out;
}

CueValues running(float phase, std::uint32_t ticks) {
  CueValues v;
  v.phase = phase;
  v.motion = static_cast<std::uint8_t>(rig::Motion::Run);
  v.motion_ticks = ticks;
  return v;
}

TEST(RigCue, InFullItSaysThePhaseTheMotionAndItsTicksAndAThrust) {
  CueValues v = running(0.3712f, 900);
  v.thrust_ticks = 7;
  const Written w = round_trip(v, nullptr, RunnerMode::Thrusting, 0, 0);
  EXPECT_FALSE(w.cue.runs_on);
  ASSERT_TRUE(w.cue.phase);
  EXPECT_EQ(*w.cue.phase, cue_phase(0.3712f));
  EXPECT_NEAR(static_cast<float>(*w.cue.phase) / kCuePhaseSteps, 0.3712f, 0.5f / kCuePhaseSteps);
  ASSERT_TRUE(w.cue.motion);
  EXPECT_EQ(*w.cue.motion, static_cast<std::uint8_t>(rig::Motion::Run));
  EXPECT_EQ(w.cue.motion_ticks, 900);
  ASSERT_TRUE(w.cue.thrust_ticks);
  EXPECT_EQ(*w.cue.thrust_ticks, 7);
  // Ticks past the cap say "that many or more".
  v.motion_ticks = 1'000'000;
  EXPECT_EQ(round_trip(v, nullptr, RunnerMode::Running, 0, 0).cue.motion_ticks, kMaxCueMotionTicks);
}

TEST(RigCue, ARunAtTheCoursesCadenceRunsOnInOneBit) {
  const std::int64_t d = 20000;
  const CueValues base = running(0.9f, 300);
  // Four ticks later at the cadence of its distance.
  const float cadence = sim::cadence_at(static_cast<double>(d));
  const CueValues now = running(0.9f + cadence * 4.f / 60.f - 1.f, 304);
  const Written w = round_trip(now, &base, RunnerMode::Running, d, 4);
  EXPECT_TRUE(w.cue.runs_on);
  EXPECT_EQ(w.bits, 1u);
  EXPECT_TRUE(rig_cue_runs_on(now, base, RunnerMode::Running, d, 0, 4, false));
  // Once in kCuePhaseRefreshTicks the phase goes anyway, staggered by id.
  const Written r = round_trip(now, &base, RunnerMode::Running, d, 4, true);
  EXPECT_FALSE(r.cue.runs_on);
  ASSERT_TRUE(r.cue.phase);
  EXPECT_EQ(*r.cue.phase, cue_phase(now.phase));
  int refreshes = 0;
  for (Tick tick = 1000; tick < 1000 + kCuePhaseRefreshTicks; ++tick)
    refreshes += cue_phase_refresh(tick, 7);
  EXPECT_EQ(refreshes, 2);  // one in either snapshot phase
  Tick at = 1000;
  while (!cue_phase_refresh(at, 7)) ++at;
  EXPECT_FALSE(cue_phase_refresh(at, 8));  // the next runner's comes two ticks later
  // Off the cadence (its gait still easing after a restart): the phase goes.
  CueValues eased = now;
  eased.phase += 0.01f;
  const Written e = round_trip(eased, &base, RunnerMode::Running, d, 4);
  EXPECT_FALSE(e.cue.runs_on);
  EXPECT_TRUE(e.cue.phase);
  EXPECT_FALSE(e.cue.motion);
}

TEST(RigCue, AMotionOrAThrustBegunSinceTheBaselineIsSaidOnce) {
  const CueValues base = running(0.2f, 300);
  CueValues leap = running(0.2f + sim::cadence_at(5000.0) * 4.f / 60.f, 3);
  leap.motion = static_cast<std::uint8_t>(rig::Motion::Leap);
  const Written w = round_trip(leap, &base, RunnerMode::Running, 5000, 4);
  ASSERT_TRUE(w.cue.motion);
  EXPECT_EQ(*w.cue.motion, static_cast<std::uint8_t>(rig::Motion::Leap));
  EXPECT_EQ(w.cue.motion_ticks, 3);
  EXPECT_FALSE(w.cue.phase);  // a leap keeps the run's cycle: the phase is as predicted
  // A fall stops the cycle: the phase goes with it.
  CueValues fall = base;
  fall.motion = static_cast<std::uint8_t>(rig::Motion::Fall);
  fall.motion_ticks = 2;
  const Written f = round_trip(fall, &base, RunnerMode::Running, 5000, 4);
  EXPECT_TRUE(f.cue.motion);
  EXPECT_TRUE(f.cue.phase);
  // The same motion begun again since (a run after a leap within the baseline's age).
  CueValues again = running(0.2f + sim::cadence_at(5000.0) * 4.f / 60.f, 4);
  EXPECT_TRUE(round_trip(again, &base, RunnerMode::Running, 5000, 4).cue.motion);
  // A thrust: said while it started since the baseline, not once the baseline had it.
  CueValues thrust = running(0.2f + sim::cadence_at(5000.0) * 4.f / 60.f, 304);
  thrust.thrust_ticks = 2;
  const Written t = round_trip(thrust, &base, RunnerMode::Running, 5000, 4);
  ASSERT_TRUE(t.cue.thrust_ticks);
  EXPECT_EQ(*t.cue.thrust_ticks, 2);
  EXPECT_FALSE(t.cue.motion);
  thrust.thrust_ticks = 6;
  EXPECT_TRUE(round_trip(thrust, &base, RunnerMode::Running, 5000, 4).cue.runs_on);
}

TEST(RigCue, ThePlaceHolderSaysNothingAndCorruptCuesAreRefused) {
  BitWriter w;
  write_no_rig_cue(w);
  EXPECT_EQ(w.bit_count(), 4u);
  auto bytes = w.take();
  {
    BitReader r(bytes);
    RigCue c;
    ASSERT_TRUE(read_rig_cue(r, c));
    EXPECT_EQ(c, RigCue{});
  }
  // A motion the rig does not have.
  BitWriter bad;
  bad.write_bool(false);  // runs on
  bad.write_bool(false);  // phase
  bad.write_bool(true);   // motion
  bad.write_bits(static_cast<std::uint64_t>(rig::Motion::Count), 4);
  bad.write_exp_golomb(3, 4);
  bad.write_bool(false);
  bytes = bad.take();
  {
    BitReader r(bytes);
    RigCue c;
    EXPECT_FALSE(read_rig_cue(r, c));
  }
  // Truncated anywhere.
  BitWriter full;
  CueValues v = running(0.5f, 70000);
  v.thrust_ticks = 3;
  write_rig_cue(full, v, nullptr, RunnerMode::Thrusting, 0, 0, 0, false);
  const std::size_t n = full.bit_count();
  bytes = full.take();
  for (std::size_t cut = 0; cut * 8 < n; ++cut) {
    BitReader r(std::span(bytes.data(), cut));
    RigCue c;
    EXPECT_FALSE(read_rig_cue(r, c)) << cut;
  }
}

}  // namespace
}  // namespace spear::net
