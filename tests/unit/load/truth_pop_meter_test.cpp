// The pop meter against the truth: a snap (a renderer that freezes over a lost snapshot and
// jumps when the next one comes) is flagged; fast smooth motion, which the raw second
// difference of the joints cannot tell from a pop, is not; the interpolation buffer bridging a
// lost snapshot is not; restarts and runners leaving the view start over.
#include "truth_pop_meter.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>

#include "core/interpolation_buffer.hpp"
#include "truth_track.hpp"

namespace spear::client {
namespace {

using load::TruthPopConfig;
using load::TruthPopMeter;
using load::TruthPopStats;
using load::TruthTrack;
using load::TruthTrackConfig;

constexpr double kTickRate = 60.0;
constexpr std::uint32_t kStride = 2;  // 30 Hz snapshots
constexpr double kSpeed = 380.0;      // units/s, a running anchor

using Motion = std::function<RunnerFrame(double seconds)>;

// Joints on circles of radius 30 at 2 Hz: 377 units/s, the speed of a swinging limb.
RunnerFrame swinging(double t) {
  RunnerFrame r;
  r.id = 3;
  r.distance = kSpeed * t;
  for (std::size_t j = 0; j < rig::kJointCount; ++j) {
    const double w = 2.0 * M_PI * 2.0 * t + static_cast<double>(j);
    r.pose.joints[j] = {static_cast<float>(3.0 * static_cast<double>(j) + 30.0 * std::sin(w)),
                        static_cast<float>(-6.0 * static_cast<double>(j) + 30.0 * std::cos(w))};
  }
  return r;
}

// A thrust-like motion: the spear joints swing 80 units back and forth at 3.5 Hz (peak
// acceleration 39,000 units/s², more than a thrust), the others stand.
RunnerFrame thrusting(double t) {
  RunnerFrame r;
  r.id = 5;
  r.distance = kSpeed * t;
  for (std::size_t j = 0; j < rig::kJointCount; ++j)
    r.pose.joints[j] = {2.f * static_cast<float>(j), -5.f * static_cast<float>(j)};
  const float x = static_cast<float>(80.0 * std::sin(2.0 * M_PI * 3.5 * t));
  r.pose[rig::Joint::SpearTip].x += x;
  r.pose[rig::Joint::SpearTail].x += x;
  r.pose[rig::Joint::HandNear].x += x;
  return r;
}

TruthTrack make_track(bool bridge_gaps = false) {
  TruthTrackConfig c;
  c.tick_rate = kTickRate;
  c.snapshot_rate = kTickRate / kStride;
  c.bridge_gaps = bridge_gaps;
  return TruthTrack(c);
}

// Every snapshot of the motion up to last_tick, but `lost` (then bridged over).
TruthTrack track_of(const Motion& m, std::uint32_t last_tick,
                    std::optional<std::uint32_t> lost = std::nullopt) {
  TruthTrack t = make_track(lost.has_value());
  for (std::uint32_t tick = 0; tick <= last_tick; tick += kStride)
    if (tick != lost) t.add(tick, {m(tick / kTickRate)});
  return t;
}

InterpolationBuffer make_buffer() {
  InterpolationConfig c;
  c.tick_rate = kTickRate;
  c.snapshot_rate = kTickRate / kStride;
  return InterpolationBuffer(c);
}

// Plays the motion's snapshots (all but `lost`) into an InterpolationBuffer, arriving 50 ms after
// they were made, and samples it at uneven frame times (16 to 18 ms apart); every frame goes to
// the meter, and the largest raw second difference of a joint is returned.
double play_buffer(const Motion& m, std::optional<std::uint32_t> lost, TruthPopMeter& meter) {
  InterpolationBuffer buf = make_buffer();
  std::uint32_t next = 0;
  std::optional<rig::Pose> p1, p2;
  double worst_second_difference = 0.0;
  int n = 0;
  for (double now = 0.05; now < 4.0; now += (n++ % 3 == 0 ? 0.016 : 0.018)) {
    while ((next / kTickRate) + 0.05 <= now) {
      if (next != lost) buf.push(next, {m(next / kTickRate)}, next / kTickRate + 0.05);
      next += kStride;
    }
    const InterpolatedView& v = buf.sample(now);
    if (v.runners.empty()) continue;
    if (now < 0.5) continue;  // the delay settles
    meter.add_frame(v.render_time * kTickRate, v.runners);
    const rig::Pose& p = v.runners.front().pose;
    if (p1 && p2) {
      for (std::size_t j = 0; j < rig::kJointCount; ++j) {
        const rig::Vec2 d = p.joints[j] - 2.f * p1->joints[j] + p2->joints[j];
        worst_second_difference = std::max<double>(worst_second_difference, rig::length(d));
      }
    }
    p2 = p1;
    p1 = p;
  }
  return worst_second_difference;
}

TEST(TruthTrack, InterpolatesLikeTheBufferAndHoldsNoTruthOverAGap) {
  TruthTrack t = make_track();
  t.add(10, {swinging(10 / kTickRate)});
  t.add(14, {swinging(14 / kTickRate)});  // 12 was missed: no truth between 10 and 14
  t.add(12 + 4, {swinging(16 / kTickRate)});
  t.add(14, {swinging(0.0)});  // a tick already held is ignored
  EXPECT_EQ(t.size(), 3u);
  EXPECT_EQ(t.gaps(), 1u);
  EXPECT_FALSE(t.at(3, 11.0));
  EXPECT_FALSE(t.at(3, 9.0));   // before the oldest
  EXPECT_FALSE(t.at(3, 16.0));  // the newest has no successor yet
  EXPECT_FALSE(t.at(4, 15.0));  // no such runner
  const auto mid = t.at(3, 15.0);
  ASSERT_TRUE(mid);
  const RunnerFrame a = swinging(14 / kTickRate), b = swinging(16 / kTickRate);
  EXPECT_NEAR(mid->distance, (a.distance + b.distance) / 2, 1e-9);
  EXPECT_NEAR(mid->pose.joints[4].x, (a.pose.joints[4].x + b.pose.joints[4].x) / 2, 1e-4);
  // A restart between two snapshots (the anchor back at the start) has no truth in between.
  RunnerFrame restarted = swinging(18 / kTickRate);
  restarted.distance = 0.0;
  t.add(18, {restarted});
  EXPECT_FALSE(t.at(3, 17.0));
  // Bridging the gaps, the missing 12 is interpolated over, as a client's buffer does.
  TruthTrack bridged = make_track(true);
  bridged.add(10, {swinging(10 / kTickRate)});
  bridged.add(14, {swinging(14 / kTickRate)});
  const auto over = bridged.at(3, 11.0);
  ASSERT_TRUE(over);
  EXPECT_NEAR(over->distance, kSpeed * 11.0 / kTickRate, 1e-9);
}

TEST(TruthPopMeter, ARendererThatJumpsOverALostSnapshotPops) {
  const std::uint32_t lost = 60;
  const TruthTrack truth = track_of(swinging, 300);
  // The naive renderer shows the newest snapshot it has at or before the render tick,
  // interpolated to the next when it has that one: over the lost snapshot it freezes on tick 58,
  // then jumps to where the runner really is.
  TruthPopMeter meter;
  for (double r = 30.0; r < 120.0; r += 1.0) {
    const auto base = static_cast<std::uint32_t>(r) / kStride * kStride;
    RunnerFrame shown;
    if (base == lost - kStride || base == lost) {
      shown = swinging((lost - kStride) / kTickRate);
    } else {
      shown = *[&] {
        const RunnerFrame a = swinging(base / kTickRate),
                          b = swinging((base + kStride) / kTickRate);
        RunnerFrame f = a;
        const double u = (r - base) / kStride;
        f.distance = a.distance + (b.distance - a.distance) * u;
        for (std::size_t j = 0; j < rig::kJointCount; ++j)
          f.pose.joints[j] = rig::lerp(a.pose.joints[j], b.pose.joints[j], static_cast<float>(u));
        return std::optional<RunnerFrame>(f);
      }();
    }
    meter.add_frame(r, {shown});
  }
  meter.measure(truth);
  const TruthPopStats& s = meter.stats();
  EXPECT_EQ(s.frames, 90u);
  EXPECT_EQ(s.uncovered, 0u);
  EXPECT_EQ(s.samples, 89u);
  // The jump at tick 62 covers four ticks of anchor and limb travel at once.
  EXPECT_GT(s.worst_step, 30.0);
  EXPECT_EQ(s.worst_tick, 62.0);
  EXPECT_EQ(s.worst_runner, 3u);
  EXPECT_GE(s.pops, 1u);
  // Everywhere else it showed the truth exactly.
  EXPECT_LT(s.mean_step(), 3.0);
}

TEST(TruthPopMeter, TheBufferBridgingALostSnapshotDoesNotPop) {
  const TruthTrack truth = track_of(swinging, 300);
  TruthPopMeter meter;
  play_buffer(swinging, 120, meter);
  meter.measure(truth);
  const TruthPopStats& s = meter.stats();
  EXPECT_GT(s.samples, 150u);
  EXPECT_EQ(s.pops, 0u) << s.worst_step;
  // Interpolating from 118 to 122 cuts the arc's corner: the error grows and shrinks smoothly.
  EXPECT_GT(s.worst_error, 1.0);
  EXPECT_LT(s.worst_step, s.worst_error);
  EXPECT_LT(s.worst_step, 2.0);  // a fraction of the 6 units a joint travels in a frame here
}

TEST(TruthPopMeter, AgainstWhatItKnewTheBufferBridgingALostSnapshotIsExact) {
  // The same playback against the snapshots the client had (the lost one bridged): what is
  // left is the buffer's own doing, none here. Against the full truth the loss shows.
  const TruthTrack known = track_of(swinging, 300, 120u);
  const TruthTrack full = track_of(swinging, 300);
  TruthPopMeter vs_known, vs_full;
  play_buffer(swinging, 120, vs_known);
  play_buffer(swinging, 120, vs_full);
  vs_known.measure(known);
  vs_full.measure(full);
  EXPECT_EQ(vs_known.stats().uncovered, 0u);
  EXPECT_LT(vs_known.stats().worst_step, 0.01);
  EXPECT_LT(vs_known.stats().worst_error, 0.01);
  EXPECT_GT(vs_full.stats().worst_step, 0.5);
}

TEST(TruthPopMeter, FastSmoothMotionIsNoPopWhereTheSecondDifferenceSeesOne) {
  const TruthTrack truth = track_of(thrusting, 300);
  TruthPopMeter meter;
  const double second_difference = play_buffer(thrusting, std::nullopt, meter);
  meter.measure(truth);
  const TruthPopStats& s = meter.stats();
  EXPECT_GT(s.samples, 150u);
  // The old figure: tens of units for motion shown exactly as the server made it.
  EXPECT_GT(second_difference, 15.0);
  EXPECT_EQ(s.pops, 0u);
  EXPECT_LT(s.worst_step, 0.05);
  EXPECT_LT(s.worst_error, 0.05);
}

TEST(TruthPopMeter, RestartsAndRunnersLeavingTheViewStartOver) {
  // Runner 3 restarts a second of running back at tick 60; the shown client restarts a frame
  // later. Runner 9 leaves the view at tick 80 and comes back at 90 drawn 50 units off (as a
  // client that lost track of it might). Both are cuts, not pops.
  const auto restarting = [](double t) {
    RunnerFrame r = swinging(t);
    if (t * kTickRate >= 60.0 - 1e-9) r.distance -= kSpeed;
    return r;
  };
  TruthTrack truth = make_track();
  for (std::uint32_t tick = 0; tick <= 200; tick += kStride) {
    RunnerFrame other = swinging(tick / kTickRate);
    other.id = 9;
    truth.add(tick, {restarting(tick / kTickRate), other});
  }
  TruthPopMeter meter;
  for (double r = 20.0; r < 150.0; r += 1.0) {
    RunnerFrame own = swinging(r / kTickRate);
    if (r >= 61.0) own.distance -= kSpeed;
    RunnerFrame other = swinging(r / kTickRate);
    other.id = 9;
    if (r >= 90.0) other.distance += 50.0;
    std::vector<RunnerFrame> shown{own};
    if (r < 80.0 || r >= 90.0) shown.push_back(other);
    meter.add_frame(r, shown);
  }
  meter.measure(truth);
  const TruthPopStats& s = meter.stats();
  EXPECT_EQ(s.uncovered, 2u);  // ticks 58 and 59: the restart lies between 58 and 60
  EXPECT_EQ(s.pops, 0u) << "worst " << s.worst_step << " at " << s.worst_tick;
  EXPECT_GE(s.worst_error, 50.0);  // runner 9 is off, steadily
  // Without the cut the late restart would be a 380-unit pop.
  TruthPopConfig no_cut;
  no_cut.cut_distance = 1e9;
  TruthPopMeter uncut(no_cut);
  for (double r = 60.0; r < 70.0; r += 1.0) {
    RunnerFrame own = swinging(r / kTickRate);
    if (r >= 61.0) own.distance -= kSpeed;
    uncut.add_frame(r, {own});
  }
  uncut.measure(truth);
  EXPECT_EQ(uncut.stats().pops, 1u);
  EXPECT_EQ(uncut.stats().worst_tick, 61.0);

  // A client that lost the snapshot of the restart holds the old run's last pose until the next
  // one (ticks 60 to 63), while the new run moves on: two runs, not an error step each frame.
  TruthPopMeter held;
  for (double r = 50.0; r < 80.0; r += 1.0) {
    RunnerFrame own = swinging(std::min(r, 59.0) / kTickRate);
    if (r >= 64.0) own = restarting(r / kTickRate);
    held.add_frame(r, {own});
  }
  held.measure(truth);
  EXPECT_EQ(held.stats().pops, 0u)
      << "worst " << held.stats().worst_step << " at " << held.stats().worst_tick;
  EXPECT_LT(held.stats().worst_step, 2.0);     // the swing moves 6 units a frame
  EXPECT_GT(held.stats().worst_error, 300.0);  // it was off, and says so
}

TEST(TruthPopMeter, FramesWaitUntilTheTruthReachesThem) {
  TruthTrack truth = make_track();
  for (std::uint32_t tick = 0; tick <= 20; tick += kStride)
    truth.add(tick, {swinging(tick / kTickRate)});
  TruthPopMeter meter;
  for (double r = 10.0; r < 30.0; r += 1.0) meter.add_frame(r, {swinging(r / kTickRate)});
  meter.measure(truth);
  EXPECT_EQ(meter.stats().frames, 10u);  // 10..19: the truth holds 20, nothing past it yet
  EXPECT_EQ(meter.waiting(), 10u);
  for (std::uint32_t tick = 22; tick <= 40; tick += kStride)
    truth.add(tick, {swinging(tick / kTickRate)});
  meter.measure(truth);
  EXPECT_EQ(meter.stats().frames, 20u);
  EXPECT_EQ(meter.waiting(), 0u);
  EXPECT_EQ(meter.stats().uncovered, 0u);
}

}  // namespace
}  // namespace spear::client
