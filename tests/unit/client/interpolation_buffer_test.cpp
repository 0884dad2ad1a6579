// The snapshot buffer against a known smooth motion sent over a simulated network: in order,
// with loss, duplicates, reordering, jitter and a stall.
#include "core/interpolation_buffer.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>

#include "buffer_playback.hpp"
#include "core/pose_blend.hpp"
#include "net/messages.hpp"

namespace spear::client {
namespace {

using namespace test;  // the playback harness (buffer_playback.hpp)

TEST(InterpolationBuffer, EmptyBeforeAnySnapshot) {
  auto buf = make_buffer();
  const auto& v = buf.sample(1.0);
  EXPECT_EQ(v.kind, SampleKind::Empty);
  EXPECT_TRUE(v.runners.empty());
}

TEST(InterpolationBuffer, InOrderFollowsTheTruthAtTwoIntervalsDelay) {
  auto buf = make_buffer();
  const Playback run = play(buf, network(0, 240, {}), 0.0, 3.5);
  EXPECT_LT(run.worst_error, 0.2);  // linear interpolation of the test curves over 33 ms
  EXPECT_EQ(run.extrapolated, 0);
  EXPECT_EQ(run.held, 0);
  // No jitter: the delay is two snapshot intervals.
  EXPECT_NEAR(buf.target_delay(), 2.0 / 30.0, 1e-6);
  EXPECT_NEAR(buf.delay(), 2.0 / 30.0, 0.005);
  EXPECT_NEAR(buf.loss(), 0.0, 1e-9);
  // At 380 units/s and 60 frames/s the anchor moves 6.33 units a frame, never more.
  EXPECT_LT(run.worst_distance_step, kSpeed * kFrame * 1.15);
  // Discrete fields come from the snapshot at or before the render time.
  const auto& v = run.views.back();
  ASSERT_EQ(v.runners.size(), 1u);
  EXPECT_EQ(v.runners[0].score, truth(v.base_tick / kTickRate).score);
  EXPECT_LE(v.base_tick / kTickRate, v.render_time);
}

TEST(InterpolationBuffer, SingleLossesDoNotPopOrExtrapolate) {
  auto clean_buf = make_buffer();
  const Playback clean = play(clean_buf, network(0, 480, {}), 0.0, 7.5);
  auto buf = make_buffer();
  NetModel m;
  m.loss = 0.3;
  m.single_losses = true;
  const Playback lossy = play(buf, network(0, 480, m), 0.0, 7.5);
  EXPECT_GT(buf.loss(), 0.15);
  EXPECT_LT(buf.loss(), 0.35);
  EXPECT_EQ(lossy.extrapolated, 0);  // two intervals of delay bridge one lost snapshot
  EXPECT_LT(lossy.worst_step, clean.worst_step * 1.25 + 0.1);
  EXPECT_LT(lossy.worst_error, 1.0);
  EXPECT_LT(lossy.worst_distance_step, kSpeed * kFrame * 1.15);
}

TEST(InterpolationBuffer, BurstLossExtrapolatesWithoutPopping) {
  auto clean_buf = make_buffer();
  const Playback clean = play(clean_buf, network(0, 480, {}), 0.0, 7.5);
  auto buf = make_buffer();
  NetModel m;
  m.loss = 0.25;
  m.seed = 5;
  const Playback lossy = play(buf, network(0, 480, m), 0.0, 7.5);
  EXPECT_GT(lossy.extrapolated, 0);  // runs of losses do happen with this seed
  // Guessed frames differ from the truth; the difference fades out instead of snapping.
  EXPECT_LT(lossy.worst_step, clean.worst_step * 2.5);
  EXPECT_LT(lossy.worst_distance_step, kSpeed * kFrame * 2.0);
}

TEST(InterpolationBuffer, DuplicatesChangeNothing) {
  auto clean_buf = make_buffer();
  const Playback clean = play(clean_buf, network(0, 240, {}), 0.0, 3.5);
  auto buf = make_buffer();
  std::vector<Arrival> doubled;
  for (const auto& a : network(0, 240, {})) {
    doubled.push_back(a);
    doubled.push_back(a);
  }
  const Playback dup = play(buf, doubled, 0.0, 3.5);
  EXPECT_EQ(buf.stats().duplicates, clean_buf.stats().received);
  ASSERT_EQ(dup.views.size(), clean.views.size());
  for (std::size_t i = 0; i < dup.views.size(); ++i) {
    ASSERT_EQ(dup.views[i].runners.size(), clean.views[i].runners.size());
    for (std::size_t r = 0; r < dup.views[i].runners.size(); ++r)
      EXPECT_EQ(dup.views[i].runners[r].pose.joints, clean.views[i].runners[r].pose.joints);
  }
}

TEST(InterpolationBuffer, ReorderedSnapshotsAreSortedIn) {
  auto clean_buf = make_buffer();
  const Playback clean = play(clean_buf, network(0, 480, {}), 0.0, 7.5);
  auto buf = make_buffer();
  NetModel m;
  m.jitter = 0.03;  // ± 30 ms against 33 ms spacing: many arrive out of order
  m.seed = 3;
  const auto arrivals = network(0, 480, m);
  int swaps = 0;
  for (std::size_t i = 1; i < arrivals.size(); ++i)
    swaps += arrivals[i].tick < arrivals[i - 1].tick;
  ASSERT_GT(swaps, 10);
  const Playback reordered = play(buf, arrivals, 0.0, 7.5, 1.5);
  EXPECT_GT(buf.stats().reordered, 0u);
  EXPECT_LT(reordered.worst_step, clean.worst_step * 1.25 + 0.1);
  EXPECT_LT(reordered.worst_error, 0.3);
}

TEST(InterpolationBuffer, AdaptiveDelayGrowsWithJitterAndShrinksBack) {
  auto buf = make_buffer();
  NetModel m;
  m.jitter = 0.02;
  auto arrivals = network(0, 480, m);
  const auto calm_part = network(482, 1500, {});
  arrivals.insert(arrivals.end(), calm_part.begin(), calm_part.end());
  std::stable_sort(arrivals.begin(), arrivals.end(),
                   [](const Arrival& a, const Arrival& b) { return a.local < b.local; });
  const Playback jittery = play(buf, arrivals, 0.0, 7.5, 2.0);
  const double jittery_delay = buf.target_delay();
  EXPECT_GT(jittery_delay, 2.0 / 30.0 + 0.01);
  EXPECT_LT(jittery_delay, 0.25);
  EXPECT_NEAR(buf.delay(), jittery_delay, 0.02);  // the playback clock follows the target
  EXPECT_EQ(jittery.extrapolated + jittery.held, 0);
  // The network calms down: the delay comes back towards two intervals, smoothly.
  const Playback calm = play(buf, arrivals, 7.5 + kFrame, 25.0, 7.5);
  EXPECT_LT(buf.target_delay(), jittery_delay);
  EXPECT_NEAR(buf.target_delay(), 2.0 / 30.0, 0.005);
  EXPECT_LT(calm.worst_distance_step, kSpeed * kFrame * 1.15);  // slewed, not jumped
}

TEST(InterpolationBuffer, LossInRunsRaisesTheDelayWithoutSteppingTheShownTime) {
  auto buf = make_buffer();
  NetModel m;
  m.loss = 0.12;
  m.seed = 9;
  auto arrivals = network(0, 600, m);  // 10 s of a lossy path (runs of two and more)
  const auto clean = network(602, 2400, {});
  arrivals.insert(arrivals.end(), clean.begin(), clean.end());
  double max_intervals = 0.0;
  double worst_rate_error = 0.0;  // |render time advance / frame − 1|
  std::size_t next = 0;
  std::optional<double> previous;
  for (double now = 0.0; now <= 40.0; now += kFrame) {
    while (next < arrivals.size() && arrivals[next].local <= now) {
      buf.push(arrivals[next].tick, {truth(arrivals[next].tick / kTickRate)}, arrivals[next].local);
      ++next;
    }
    const InterpolatedView& v = buf.sample(now);
    if (v.kind == SampleKind::Empty) continue;
    if (previous && now > 1.0)
      worst_rate_error =
          std::max(worst_rate_error, std::abs((v.render_time - *previous) / kFrame - 1.0));
    previous = v.render_time;
    max_intervals = std::max(max_intervals, buf.delay_intervals());
    if (std::abs(now - 10.0) < kFrame / 2) {
      EXPECT_GT(buf.recent_loss(), 0.03);
      // Runs of two (none of three here): three and a half intervals.
      EXPECT_NEAR(buf.delay_intervals(), 3.5, 1e-9);
      EXPECT_NEAR(buf.delay(), 3.5 / 30.0, 0.01);  // the playback clock followed
    }
  }
  EXPECT_NEAR(max_intervals, 3.5, 1e-9);
  // The shown time never steps: it runs within the clock's ±10 % of real time throughout.
  EXPECT_LT(worst_rate_error, 0.1 + 1e-6);
  EXPECT_EQ(buf.stats().resyncs, 0u);
  // Clean for 30 s: back to two intervals.
  EXPECT_NEAR(buf.delay_intervals(), 2.0, 1e-9);
  EXPECT_NEAR(buf.delay(), 2.0 / 30.0, 0.005);
}

TEST(InterpolationBuffer, StartsAtTheLossyDelayUntilThePathIsShownClean) {
  auto buf = make_buffer(true);
  const Playback start = play(buf, network(0, 120, {}), 0.0, 2.0);
  EXPECT_NEAR(buf.delay_intervals(), 5.0, 1e-9);
  EXPECT_NEAR(buf.delay(), 5.0 / 30.0, 0.01);
  EXPECT_EQ(start.extrapolated + start.held, 0);
  // Clean: after burst_memory it slews back to two intervals, the shown time never stepping.
  const Playback later = play(buf, network(0, 1200, {}), 2.0 + kFrame, 20.0, 2.0 + kFrame);
  EXPECT_NEAR(buf.delay_intervals(), 2.0, 1e-9);
  EXPECT_NEAR(buf.delay(), 2.0 / 30.0, 0.005);
  EXPECT_LT(later.worst_distance_step, kSpeed * kFrame * 1.15);
  EXPECT_EQ(buf.stats().resyncs, 0u);
}

// Three lost in a row leave the next snapshot four intervals after the newest: with three
// intervals of delay (and the jitter margin) playback runs past the newest and guesses, which
// against the truth steps by half the change of a limb's speed (13–23 units in spear-load's
// netsim runs). After a run of three the delay rises to five intervals, and the
// runs that follow are interpolated (their lost snapshots rebuilt, or guessed along the motion).
TEST(InterpolationBuffer, RunsOfThreeLostRaiseTheDelaySoThatTheyAreInterpolated) {
  auto buf = make_buffer();
  NetModel m;
  m.jitter = 0.01;
  m.seed = 5;
  auto all = network(0, 1800, m);  // 30 s, ±10 ms of jitter
  std::vector<Arrival> arrivals;
  for (const Arrival& a : all)
    if ((a.tick / kStride) % 30 < 27 || (a.tick / kStride) < 30) arrivals.push_back(a);  // 3 in 30
  // Two intervals at first (make_buffer: as after a clean path); the delay rises at half an
  // interval a second.
  const Playback first = play(buf, arrivals, 0.0, 10.0, 0.5);
  EXPECT_NEAR(buf.delay_intervals(), 5.0, 1e-9);
  EXPECT_GT(first.extrapolated, 0);  // before the delay rose
  const Playback later = play(buf, arrivals, 10.0 + kFrame, 30.0, 10.0);
  EXPECT_NEAR(buf.delay_intervals(), 5.0, 1e-9);
  EXPECT_EQ(later.extrapolated + later.held, 0);
  EXPECT_EQ(buf.stats().resyncs, 0u);
}

TEST(InterpolationBuffer, SingleLossesKeepTwoIntervals) {
  auto buf = make_buffer();
  NetModel m;
  m.loss = 0.12;
  m.single_losses = true;
  const Playback run = play(buf, network(0, 600, m), 0.0, 10.0);
  EXPECT_GT(buf.recent_loss(), 0.03);
  EXPECT_NEAR(buf.delay_intervals(), 2.0, 1e-9);
  EXPECT_EQ(run.extrapolated + run.held, 0);
}

TEST(InterpolationBuffer, ExtrapolatesBrieflyThenHoldsThenRecoversSmoothly) {
  auto buf = make_buffer();
  auto before = network(0, 120, {});  // snapshots up to t = 2 s, then silence for 1 s
  auto after = network(180, 360, {});
  std::vector<Arrival> all = before;
  all.insert(all.end(), after.begin(), after.end());
  const Playback run = play(buf, all, 0.0, 6.0);
  EXPECT_GT(run.extrapolated, 0);
  EXPECT_GT(run.held, 10);
  // Extrapolation lasts at most max_extrapolation (0.1 s = 6 frames; a frame of rounding).
  EXPECT_LE(run.extrapolated, 7);
  // While held, the frame does not change.
  bool saw_hold = false;
  double held_distance = 0;
  for (std::size_t i = 1; i < run.views.size(); ++i) {
    if (run.views[i].kind == SampleKind::Held && run.views[i - 1].kind == SampleKind::Held) {
      saw_hold = true;
      held_distance = run.views[i].runners[0].distance;
      EXPECT_EQ(run.views[i].runners[0].pose.joints, run.views[i - 1].runners[0].pose.joints);
      EXPECT_EQ(run.views[i].runners[0].distance, run.views[i - 1].runners[0].distance);
    }
  }
  ASSERT_TRUE(saw_hold);
  // It held at the last snapshot plus 0.1 s of travel.
  EXPECT_NEAR(held_distance, kSpeed * (2.0 + 0.1), 1.0);
  // Coming back, no pop: the pose moves no more per frame than a clean run allows (the anchor
  // catches up over the correction time, faster than running but without a jump).
  auto clean_buf = make_buffer();
  const Playback clean = play(clean_buf, network(0, 360, {}), 0.0, 6.0);
  EXPECT_LT(run.worst_step, clean.worst_step * 1.5 + 0.1);
  EXPECT_LT(run.worst_distance_step, 60.0);  // a snap would be 0.9 s × 380 = 340 units
  // And it converges back onto the truth.
  EXPECT_LT(max_joint_distance(run.views.back().runners[0].pose,
                               truth(run.views.back().render_time).pose),
            0.2);
}

TEST(InterpolationBuffer, RestartStepsInsteadOfSweepingBack) {
  auto buf = make_buffer();
  std::vector<Arrival> arrivals = network(0, 120, {});
  int checked = 0;
  std::size_t next = 0;
  for (double now = 0; now <= 2.0; now += kFrame) {
    for (; next < arrivals.size() && arrivals[next].local <= now; ++next) {
      const std::uint32_t tick = arrivals[next].tick;
      RunnerFrame r = truth(tick / kTickRate);
      if (tick >= 60) r.distance = kSpeed * (tick - 60) / kTickRate;  // restarted at tick 60
      buf.push(tick, {r}, arrivals[next].local);
    }
    const auto& v = buf.sample(now);
    if (!v.runners.empty() && v.render_time > 1.0 - 2.0 / 60 && v.render_time < 1.0) {
      ++checked;
      EXPECT_GT(v.runners[0].distance, 350.0);  // still before the restart, not half-way back
    }
  }
  EXPECT_GT(checked, 0);
  EXPECT_NEAR(buf.view().runners[0].distance, kSpeed * (buf.view().render_time - 1.0), 1.0);
}

TEST(InterpolationBuffer, TooOldSnapshotIsRejected) {
  auto buf = make_buffer();
  for (std::uint32_t tick = 20; tick <= 80; tick += kStride) {
    buf.push(tick, {truth(tick / kTickRate)}, tick / kTickRate + 0.05);
    buf.sample(tick / kTickRate + 0.05);
  }
  EXPECT_EQ(buf.push(2, {truth(2 / kTickRate)}, 1.5), InterpolationBuffer::Insert::TooOld);
  EXPECT_EQ(buf.push(80, {truth(80 / kTickRate)}, 1.5), InterpolationBuffer::Insert::Duplicate);
  EXPECT_EQ(buf.stats().too_old, 1u);
}

TEST(InterpolationBuffer, RunnersAppearAndLeave) {
  auto buf = make_buffer();
  for (std::uint32_t tick = 0; tick <= 120; tick += kStride) {
    std::vector<RunnerFrame> rs{truth(tick / kTickRate, 1)};
    if (tick >= 60) rs.push_back(truth(tick / kTickRate, 2));
    buf.push(tick, rs, tick / kTickRate + 0.05);
    buf.sample(tick / kTickRate + 0.05);
  }
  EXPECT_EQ(buf.view().runners.size(), 2u);
  for (std::uint32_t tick = 122; tick <= 160; tick += kStride) {
    buf.push(tick, {truth(tick / kTickRate, 2)}, tick / kTickRate + 0.05);
    buf.sample(tick / kTickRate + 0.05);
  }
  ASSERT_EQ(buf.view().runners.size(), 1u);
  EXPECT_EQ(buf.view().runners[0].id, 2u);
}

TEST(InterpolationBuffer, ServerRestartResyncsTheClock) {
  auto buf = make_buffer();
  for (std::uint32_t tick = 6000; tick <= 6060; tick += kStride) {
    buf.push(tick, {truth(1.0)}, tick / kTickRate - 90.0);
    buf.sample(tick / kTickRate - 90.0);
  }
  // The server came back with its tick at 0: snapshots far "older" than everything held.
  buf.reset();
  for (std::uint32_t tick = 0; tick <= 60; tick += kStride) {
    buf.push(tick, {truth(tick / kTickRate)}, 12.0 + tick / kTickRate);
    buf.sample(12.0 + tick / kTickRate);
  }
  EXPECT_EQ(buf.view().kind, SampleKind::Interpolated);
  for (const auto& j : buf.view().runners[0].pose.joints) EXPECT_TRUE(std::isfinite(j.x));
}

}  // namespace
}  // namespace spear::client

namespace spear::client {
namespace {

float phase_gap(float a, float b) {
  const float d = std::fabs(a - b);
  return std::min(d, 1.f - d);
}

TEST(LabBlend, PhaseTakesTheShortWayRound) {
  EXPECT_NEAR(lerp_phase(0.2f, 0.4f, 0.5f), 0.3f, 1e-6f);
  EXPECT_LE(phase_gap(lerp_phase(0.9f, 0.1f, 0.5f), 0.f), 1e-6f);  // through 0, not 0.5
  EXPECT_LE(phase_gap(lerp_phase(0.1f, 0.9f, 0.5f), 0.f), 1e-6f);
  EXPECT_NEAR(lerp_phase(0.9f, 0.95f, 3.f), 0.05f, 1e-5f);  // extrapolated past the wrap
  const float p = lerp_phase(0.99f, 0.02f, 0.9f);
  EXPECT_GE(p, 0.f);
  EXPECT_LT(p, 1.f);
}

TEST(LabBlend, HandTargetsBlendOnlyWhileBothGrip) {
  rig::RigDebug a, b;
  a.foot_target[0] = {0.f, 0.f};
  b.foot_target[0] = {10.f, -4.f};
  a.hands_on_spear = false;  // a's hand targets mean nothing
  b.hands_on_spear = true;
  b.hand_target[0] = {20.f, -100.f};
  const rig::RigDebug early = lerp_rig_debug(a, b, 0.25f);
  EXPECT_NEAR(early.foot_target[0].x, 2.5f, 1e-5f);
  EXPECT_FALSE(early.hands_on_spear);
  const rig::RigDebug late = lerp_rig_debug(a, b, 0.75f);
  EXPECT_TRUE(late.hands_on_spear);
  EXPECT_EQ(late.hand_target[0].x, 20.f);  // b's grip as it is, not dragged from a's zeros
  a.hands_on_spear = true;
  a.hand_target[0] = {10.f, -100.f};
  EXPECT_NEAR(lerp_rig_debug(a, b, 0.5f).hand_target[0].x, 15.f, 1e-5f);
}

// A lab runner whose phase turns at 2.7 cycles/s (0.09 of a cycle a snapshot: some snapshot
// pairs straddle the wrap), gait easing up, one foot target sliding, and a combo counting.
RunnerFrame lab_truth(double t) {
  RunnerFrame r = truth(t);
  r.flags = net::runner_flags::kLab | net::runner_flags::kSkeleton;
  r.lab_motion = 2;
  r.lab_phase = static_cast<float>(std::fmod(2.7 * t, 1.0));
  r.lab_gait = static_cast<float>(std::min(1.0, t / 4.0));
  rig::RigDebug ik;
  ik.foot_target[0] = {static_cast<float>(40.0 * t), -3.f};
  ik.foot_target[1] = {-5.f, -1.f};
  r.ik = ik;
  r.combo = static_cast<std::int32_t>(t * 2) % 6;
  return r;
}

TEST(InterpolationBuffer, LabReadoutsInterpolateAndThePhaseWraps) {
  auto buf = make_buffer();
  const auto arrivals = network(0, 300, {});
  std::size_t next = 0;
  int interpolated = 0, across_wrap = 0;
  float prev_phase = -1.f;
  for (double now = 0.0; now <= 4.5; now += kFrame) {
    while (next < arrivals.size() && arrivals[next].local <= now) {
      buf.push(arrivals[next].tick, {lab_truth(arrivals[next].tick / kTickRate)},
               arrivals[next].local);
      ++next;
    }
    const InterpolatedView& v = buf.sample(now);
    if (v.kind != SampleKind::Interpolated || now < 0.5) continue;
    ASSERT_EQ(v.runners.size(), 1u);
    const RunnerFrame& r = v.runners[0];
    const RunnerFrame want = lab_truth(v.render_time);
    ++interpolated;
    // Between two snapshots the phase is where the truth is (a blend through 0.5 would be
    // off by up to half a cycle), the gait and the target are on their lines.
    EXPECT_LE(phase_gap(r.lab_phase, want.lab_phase), 1e-3f) << "at " << v.render_time;
    EXPECT_NEAR(r.lab_gait, want.lab_gait, 1e-3f);
    ASSERT_TRUE(r.ik);
    EXPECT_NEAR(r.ik->foot_target[0].x, want.ik->foot_target[0].x, 1e-2f);
    EXPECT_EQ(r.combo, lab_truth(v.base_tick / kTickRate).combo);  // discrete: at or before
    if (prev_phase >= 0.f && r.lab_phase < prev_phase - 0.5f) ++across_wrap;
    prev_phase = r.lab_phase;
  }
  EXPECT_GT(interpolated, 200);
  EXPECT_GE(across_wrap, 8);  // ~2.7 wraps a second over 4 s
}

}  // namespace
}  // namespace spear::client
