// The snapshot buffer across a runner's gaps: a big race sends full poses only for some runners
// in each snapshot, so a runner may be missing from a few snapshots in a row and come back. Within
// kMaxRunnerGapTicks it is drawn between its appearances on either side; longer, or for good, it
// is held where it was last seen until playback passes the snapshot without it, then gone. One the
// snapshots list without a pose (net::Snapshot::others) is held until its return arrives, for at
// most the limit.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "buffer_playback.hpp"
#include "core/interpolation_buffer.hpp"
#include "core/runner_frame.hpp"
#include "net/bridge_residual.hpp"

namespace spear::client {
namespace {

using namespace test;  // the playback harness (buffer_playback.hpp)

constexpr double kStep = 6.4;      // units a tick: every runner here runs at 384 units/s
constexpr double kLatency = 0.05;  // seconds, steady

// Runner `id` at `tick` (fractional for the truth between snapshots), `start` units along: the
// anchor and every joint move at constant speed, so a blend between any two of its snapshots is
// the truth.
RunnerFrame mover(std::uint32_t id, double tick, double start = 0.0) {
  RunnerFrame r;
  r.id = id;
  r.distance = start + kStep * tick;
  r.speed = static_cast<float>(kStep * kTickRate);
  for (std::size_t j = 0; j < rig::kJointCount; ++j) {
    const auto k = static_cast<double>(j);
    r.pose.joints[j] = {static_cast<float>(3.0 * k + 0.4 * tick),
                        static_cast<float>(-5.0 * k - 0.15 * k * tick)};
  }
  return r;
}

using Schedule = std::function<std::vector<RunnerFrame>(std::uint32_t tick)>;
// The ids a snapshot lists without a pose (its roll call's runners without one).
using Listing = std::function<std::vector<std::uint32_t>(std::uint32_t tick)>;

struct Frame {
  double render_time = 0.0;
  SampleKind kind = SampleKind::Empty;
  std::vector<RunnerFrame> runners;
  const RunnerFrame* find(std::uint32_t id) const {
    for (const auto& r : runners)
      if (r.id == id) return &r;
    return nullptr;
  }
  // Playback is before the snapshot at `tick` (as the buffer places it).
  bool before(std::uint32_t tick) const { return render_time < tick / kTickRate; }
  double tick() const { return render_time * kTickRate; }
};

// Snapshots every kStride ticks from 0 to last_tick (what `schedule` says each holds), arriving
// kLatency after they were sent (plus `late`, seconds, for some), played at 60 Hz until `until`.
// `listing`, if given, says what each lists without a pose.
std::vector<Frame> play_gaps(InterpolationBuffer& buf, const Schedule& schedule,
                             std::uint32_t last_tick, double until,
                             const std::map<std::uint32_t, double>& late = {},
                             const Listing& listing = {}) {
  std::vector<std::pair<double, std::uint32_t>> arrivals;
  for (std::uint32_t tick = 0; tick <= last_tick; tick += kStride) {
    const auto l = late.find(tick);
    arrivals.emplace_back(tick / kTickRate + kLatency + (l != late.end() ? l->second : 0.0), tick);
  }
  std::stable_sort(arrivals.begin(), arrivals.end(),
                   [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<Frame> frames;
  std::size_t next = 0;
  for (double now = 0.0; now <= until; now += kFrame) {
    for (; next < arrivals.size() && arrivals[next].first <= now; ++next) {
      const std::uint32_t tick = arrivals[next].second;
      buf.push(tick, schedule(tick), now, listing ? listing(tick) : std::vector<std::uint32_t>{});
    }
    const InterpolatedView& v = buf.sample(now);
    frames.push_back({v.render_time, v.kind, v.runners});
  }
  return frames;
}

// Seven intervals of delay (14 ticks): the snapshot after the longest gap drawn across has
// arrived before playback reaches the gap.
InterpolationBuffer long_delay_buffer() {
  InterpolationConfig c;
  c.tick_rate = kTickRate;
  c.snapshot_rate = kTickRate / kStride;
  c.start_lossy = false;
  c.delay_intervals = 13.0;  // 26 ticks: beyond the longest gap drawn across
  return InterpolationBuffer(c);
}

void expect_same_frame(const RunnerFrame& got, const RunnerFrame& want, double at) {
  EXPECT_EQ(got.distance, want.distance) << "runner " << got.id << " at tick " << at;
  EXPECT_EQ(got.pose.joints, want.pose.joints) << "runner " << got.id << " at tick " << at;
}

TEST(InterpolationGap, ARunnerLeftOutOfTwoSnapshotsMovesOnEvenly) {
  // Four and a half intervals of delay (as a client starts): the snapshot after the gap has
  // arrived before playback reaches the gap.
  auto buf = make_buffer(true);
  const auto frames = play_gaps(
      buf,
      [](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (tick != 90 && tick != 92) rs.push_back(mover(2, tick, 500.0));
        return rs;
      },
      180, 3.0);
  int checked = 0, across = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    const Frame &prev = frames[i - 1], &cur = frames[i];
    if (cur.tick() < 82.0 || cur.tick() > 100.0) continue;
    ASSERT_EQ(cur.kind, SampleKind::Interpolated);
    const RunnerFrame *r1 = cur.find(1), *p1 = prev.find(1);
    const RunnerFrame *r2 = cur.find(2), *p2 = prev.find(2);
    ASSERT_TRUE(r1 && p1);
    ASSERT_TRUE(r2 && p2) << "runner 2 not drawn at tick " << cur.tick();
    const double step = r1->distance - p1->distance;
    EXPECT_NEAR(step, kStep, 0.7);  // the playback clock runs within ±10 % of real time
    // The same step as the runner sent in every snapshot: no hold, no jump.
    EXPECT_NEAR(r2->distance - p2->distance, step, 1e-3) << "at tick " << cur.tick();
    for (std::size_t j = 0; j < rig::kJointCount; ++j) {
      EXPECT_NEAR(r2->pose.joints[j].x - p2->pose.joints[j].x,
                  r1->pose.joints[j].x - p1->pose.joints[j].x, 1e-3);
      EXPECT_NEAR(r2->pose.joints[j].y - p2->pose.joints[j].y,
                  r1->pose.joints[j].y - p1->pose.joints[j].y, 1e-3);
    }
    // And where it was: the blend across the gap of a constant motion is the motion.
    EXPECT_NEAR(r2->distance, mover(2, cur.tick(), 500.0).distance, 1e-6);
    ++checked;
    if (cur.tick() > 88.0 && cur.tick() < 94.0) ++across;
  }
  EXPECT_GT(checked, 15);
  EXPECT_GE(across, 5);  // 6 frames between its appearances at 88 and 94
}

TEST(InterpolationGap, ARunnerLeftOutOfOneSnapshotMovesOnEvenlyAtTheShortestDelay) {
  // Two intervals of delay: the snapshot after a one-snapshot gap arrives as playback reaches
  // the one before the gap.
  auto buf = make_buffer();
  const auto frames = play_gaps(
      buf,
      [](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (tick != 90) rs.push_back(mover(2, tick, 500.0));
        return rs;
      },
      180, 3.0);
  int checked = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    const Frame &prev = frames[i - 1], &cur = frames[i];
    if (cur.tick() < 84.0 || cur.tick() > 96.0) continue;
    const RunnerFrame *r1 = cur.find(1), *p1 = prev.find(1);
    const RunnerFrame *r2 = cur.find(2), *p2 = prev.find(2);
    ASSERT_TRUE(r1 && p1 && r2 && p2) << "at tick " << cur.tick();
    EXPECT_NEAR(r2->distance - p2->distance, r1->distance - p1->distance, 1e-3)
        << "at tick " << cur.tick();
    ++checked;
  }
  EXPECT_GT(checked, 8);
}

TEST(InterpolationGap, AwayForLongerThanTheLimitIsHeldThenGoneAsARunnerThatLeaves) {
  // 1: in every snapshot. 2: last at 88, back at 116 (28 ticks: longer than the limit). 3: last
  // at 88, leaves for good. 4: last at 88, back at 112 (24 ticks: just within the limit).
  static_assert(kMaxRunnerGapTicks == 24);
  auto buf = long_delay_buffer();
  const auto frames = play_gaps(
      buf,
      [](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (tick <= 88 || tick >= 116) rs.push_back(mover(2, tick, 500.0));
        if (tick <= 88) rs.push_back(mover(3, tick, 900.0));
        if (tick <= 88 || tick >= 112) rs.push_back(mover(4, tick, 1300.0));
        return rs;
      },
      200, 3.0);
  int held = 0, gone = 0, appeared = 0, after = 0;
  for (const Frame& f : frames) {
    if (f.kind != SampleKind::Interpolated || f.tick() < 80.0 || f.tick() > 124.0) continue;
    const RunnerFrame* r2 = f.find(2);
    const RunnerFrame* r3 = f.find(3);
    const RunnerFrame* r4 = f.find(4);
    ASSERT_TRUE(f.find(1));
    // Within the limit: drawn across it, on the motion.
    ASSERT_TRUE(r4) << "at tick " << f.tick();
    EXPECT_NEAR(r4->distance, mover(4, f.tick(), 1300.0).distance, 1e-6);
    if (f.before(88)) {
      EXPECT_TRUE(r2 && r3);
    } else if (f.before(90)) {
      // Held where last seen while playback heads to the snapshot without them.
      ASSERT_TRUE(r2 && r3) << "at tick " << f.tick();
      expect_same_frame(*r2, mover(2, 88, 500.0), f.tick());
      expect_same_frame(*r3, mover(3, 88, 900.0), f.tick());
      ++held;
    } else if (f.before(114)) {
      EXPECT_FALSE(r2) << "at tick " << f.tick();
      EXPECT_FALSE(r3) << "at tick " << f.tick();
      ++gone;
    } else if (f.before(116)) {
      // Back after longer than the limit: as first seen.
      ASSERT_TRUE(r2) << "at tick " << f.tick();
      expect_same_frame(*r2, mover(2, 116, 500.0), f.tick());
      EXPECT_FALSE(r3);
      ++appeared;
    } else {
      ASSERT_TRUE(r2);
      EXPECT_NEAR(r2->distance, mover(2, f.tick(), 500.0).distance, 1e-6);
      EXPECT_FALSE(r3);
      ++after;
    }
  }
  EXPECT_GE(held, 1);
  EXPECT_GE(gone, 10);
  EXPECT_GE(appeared, 1);
  EXPECT_GE(after, 5);
  // Long after: the one that left is not drawn (and its track is gone with it).
  ASSERT_FALSE(frames.empty());
  EXPECT_FALSE(frames.back().find(3));
  EXPECT_EQ(frames.back().runners.size(), 3u);
}

TEST(InterpolationGap, ARunnerSeenForTheFirstTimeAppearsAsFirstSeen) {
  auto buf = make_buffer(true);
  const auto frames = play_gaps(
      buf,
      [](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (tick >= 90) rs.push_back(mover(2, tick, 500.0));
        return rs;
      },
      180, 3.0);
  int first_seen = 0, after = 0;
  for (const Frame& f : frames) {
    if (f.kind != SampleKind::Interpolated || f.tick() < 80.0 || f.tick() > 100.0) continue;
    const RunnerFrame* r2 = f.find(2);
    if (f.before(88)) {
      EXPECT_FALSE(r2) << "at tick " << f.tick();
    } else if (f.before(90)) {
      ASSERT_TRUE(r2) << "at tick " << f.tick();
      expect_same_frame(*r2, mover(2, 90, 500.0), f.tick());
      ++first_seen;
    } else {
      ASSERT_TRUE(r2);
      EXPECT_NEAR(r2->distance, mover(2, f.tick(), 500.0).distance, 1e-6);
      ++after;
    }
  }
  EXPECT_GE(first_seen, 1);
  EXPECT_GE(after, 10);
}

TEST(InterpolationGap, ARestartAcrossAGapStepsInsteadOfSweeping) {
  // Runner 2: 1000 units along up to 88, missing from 90 and 92, restarted at 92 (at 0) and
  // back at 94, within the limit of 88.
  auto buf = make_buffer(true);
  const auto runner2 = [](std::uint32_t tick) {
    return tick <= 88 ? mover(2, tick, 1000.0) : mover(2, tick, -kStep * 92.0);
  };
  const auto frames = play_gaps(
      buf,
      [&](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (tick != 90 && tick != 92) rs.push_back(runner2(tick));
        return rs;
      },
      180, 3.0);
  int before = 0, after = 0;
  for (const Frame& f : frames) {
    if (f.kind != SampleKind::Interpolated || f.tick() < 84.0 || f.tick() > 104.0) continue;
    const RunnerFrame* r2 = f.find(2);
    ASSERT_TRUE(r2) << "at tick " << f.tick();
    if (f.before(88)) continue;
    if (f.before(94)) {
      // Where it was last seen before the restart, until the snapshot that shows it restarted.
      expect_same_frame(*r2, runner2(88), f.tick());
      ++before;
    } else {
      EXPECT_NEAR(r2->distance, kStep * (f.tick() - 92.0), 1e-6);
      ++after;
    }
    // Never part of the way between.
    EXPECT_TRUE(r2->distance < 100.0 || r2->distance >= runner2(88).distance)
        << r2->distance << " at tick " << f.tick();
  }
  EXPECT_GE(before, 5);
  EXPECT_GE(after, 5);
}

// A rebuilt snapshot holds a runner its carrier lacks as a copy of the one before it: across a
// gap that copy is no appearance (it would stand the runner still for an interval).
TEST(InterpolationGap, ARebuiltSnapshotsCopyOfAMissingRunnerIsNotAnAppearance) {
  auto buf = make_buffer(true);
  const auto schedule = [](std::uint32_t tick) {
    std::vector<RunnerFrame> rs{mover(1, tick)};
    if (tick == 92) {
      // Runner 1 carries what rebuilds the lost 90 (on the chord: nothing to add to it).
      net::BridgeResidual chord;
      chord.gap = kStride;
      chord.chord_gap = kStride;
      rs[0].bridge.back[0] = chord;
    }
    if (tick != 90 && tick != 92) rs.push_back(mover(2, tick, 500.0));
    return rs;
  };
  std::vector<Frame> frames;
  std::uint32_t tick = 0;
  for (double now = 0.0; now <= 3.0; now += kFrame) {
    for (; tick <= 180 && tick / kTickRate + kLatency <= now; tick += kStride)
      if (tick != 90) buf.push(tick, schedule(tick), now);  // 90 is lost
    const InterpolatedView& v = buf.sample(now);
    frames.push_back({v.render_time, v.kind, v.runners});
  }
  EXPECT_EQ(buf.stats().rebuilt, 1u);
  int across = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    const Frame &prev = frames[i - 1], &cur = frames[i];
    if (cur.tick() < 84.0 || cur.tick() > 98.0) continue;
    const RunnerFrame *r1 = cur.find(1), *p1 = prev.find(1);
    const RunnerFrame *r2 = cur.find(2), *p2 = prev.find(2);
    ASSERT_TRUE(r1 && p1 && r2 && p2) << "at tick " << cur.tick();
    EXPECT_NEAR(r2->distance - p2->distance, r1->distance - p1->distance, 1e-3)
        << "at tick " << cur.tick();
    if (cur.tick() > 88.0 && cur.tick() < 94.0) ++across;
  }
  EXPECT_GE(across, 5);
}

// At two intervals of delay the snapshot that shows a runner back may arrive after playback
// passed the last one holding it: held there until then, it moves on from where it stood and
// catches up by the correction fade (at most max_correction_speed faster), not in one jump.
TEST(InterpolationGap, ALateReturnCatchesUpWithoutAJump) {
  auto buf = make_buffer();
  const auto frames = play_gaps(buf,
                                [](std::uint32_t tick) {
                                  std::vector<RunnerFrame> rs{mover(1, tick)};
                                  if (tick != 90) rs.push_back(mover(2, tick, 500.0));
                                  return rs;
                                },
                                180, 3.0, {{92, 0.025}});
  const double catch_up = buf.config().max_correction_speed * kFrame;
  int held = 0, checked = 0;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    const Frame &prev = frames[i - 1], &cur = frames[i];
    if (cur.tick() < 84.0 || cur.tick() > 104.0) continue;
    const RunnerFrame *r1 = cur.find(1), *p1 = prev.find(1);
    const RunnerFrame *r2 = cur.find(2), *p2 = prev.find(2);
    ASSERT_TRUE(r1 && p1 && r2 && p2) << "at tick " << cur.tick();
    const double step = r1->distance - p1->distance, step2 = r2->distance - p2->distance;
    EXPECT_GE(step2, -1e-9) << "at tick " << cur.tick();
    EXPECT_LE(step2, step + catch_up + 1e-6) << "at tick " << cur.tick();
    if (!cur.before(88) && cur.before(90) && r2->distance == mover(2, 88, 500.0).distance) ++held;
    ++checked;
  }
  EXPECT_GE(held, 1);  // it did arrive late
  EXPECT_GT(checked, 15);
  // Caught up with its motion by then.
  const Frame& end = frames.back();
  ASSERT_TRUE(end.find(2));
  EXPECT_NEAR(end.find(2)->distance, mover(2, end.tick(), 500.0).distance, 1e-6);
}

TEST(InterpolationGap, PastTheNewestARunnerMissingFromItIsHeldWhereLastSeen) {
  // Snapshots stop at 120. 2: missing from 118 and 120. 3: missing from 120. 4: missing from
  // 94 on (last at 92: the limit, 24 ticks, ends before 120).
  auto buf = make_buffer();
  const auto frames = play_gaps(
      buf,
      [](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (tick <= 116) rs.push_back(mover(2, tick, 500.0));
        if (tick <= 118) rs.push_back(mover(3, tick, 900.0));
        if (tick <= 92) rs.push_back(mover(4, tick, 1300.0));
        return rs;
      },
      120, 2.6);
  int past = 0;
  for (const Frame& f : frames) {
    if (f.tick() < 116.0) continue;
    const RunnerFrame* r3 = f.find(3);
    if (!f.before(118)) {
      // From the interval before the newest into the extrapolation, held where last seen.
      ASSERT_TRUE(r3) << "at tick " << f.tick();
      expect_same_frame(*r3, mover(3, 118, 900.0), f.tick());
    }
    EXPECT_FALSE(f.find(4));
    if (f.kind != SampleKind::Extrapolated && f.kind != SampleKind::Held) continue;
    ++past;
    ASSERT_TRUE(f.find(1));
    const RunnerFrame* r2 = f.find(2);
    ASSERT_TRUE(r2) << "at tick " << f.tick();
    expect_same_frame(*r2, mover(2, 116, 500.0), f.tick());
    EXPECT_EQ(r2->speed, 0.f);
  }
  EXPECT_GT(past, 10);
}

// A crowded view: runners take turns for their poses, each left out of a few snapshots in a row
// and listed without a pose meanwhile. At two intervals of delay the snapshot that shows one back
// after two left out arrives about when playback reaches the first of them (after it when that
// one came late), after three an interval after that: listed there, the runner is held where it
// was last seen (not gone) until its return arrives, then moves on and fades the difference out.
TEST(InterpolationGap, ARunnerListedWithoutAPoseIsDrawnInEveryFrameAcrossItsTurns) {
  // 2: a pose in two snapshots of every four, listed in the other two. 3: a pose in two of
  // every five, listed in the other three. Snapshot k arrives kLatency after it was sent plus
  // 0–4 ms, every ninth 40 ms more (held up in a queue): a frame takes what arrived since the
  // last one.
  static_assert(kMaxRunnerGapTicks >= 4 * kStride);
  const auto snapshot = [](std::uint32_t tick) { return tick / kStride; };
  const auto posed2 = [&](std::uint32_t tick) { return snapshot(tick) % 4 < 2; };
  const auto posed3 = [&](std::uint32_t tick) { return snapshot(tick) % 5 < 2; };
  std::map<std::uint32_t, double> late;
  for (std::uint32_t tick = 0; tick <= 480; tick += kStride) {
    const double k = snapshot(tick);
    late[tick] =
        0.004 * (k * 0.618034 - std::floor(k * 0.618034)) + (snapshot(tick) % 9 == 0 ? 0.04 : 0.0);
  }
  auto buf = make_buffer();
  const auto frames = play_gaps(
      buf,
      [&](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (posed2(tick)) rs.push_back(mover(2, tick, 500.0));
        if (posed3(tick)) rs.push_back(mover(3, tick, 900.0));
        return rs;
      },
      480, 8.0, late,
      [&](std::uint32_t tick) {
        std::vector<std::uint32_t> ids;
        if (!posed2(tick)) ids.push_back(2);
        if (!posed3(tick)) ids.push_back(3);
        return ids;
      });
  const double catch_up = buf.config().max_correction_speed * kFrame;
  int checked = 0;
  std::map<std::uint32_t, int> missing, held;
  for (std::size_t i = 1; i < frames.size(); ++i) {
    const Frame &prev = frames[i - 1], &cur = frames[i];
    if (cur.tick() < 12.0 || cur.tick() > 460.0) continue;
    ASSERT_EQ(cur.kind, SampleKind::Interpolated) << "at tick " << cur.tick();
    const RunnerFrame *r1 = cur.find(1), *p1 = prev.find(1);
    ASSERT_TRUE(r1 && p1);
    const double travel = r1->distance - p1->distance;
    for (const std::uint32_t id : {2u, 3u}) {
      const RunnerFrame *r = cur.find(id), *p = prev.find(id);
      if (!r) {
        ADD_FAILURE() << "runner " << id << " not drawn at tick " << cur.tick();
        ++missing[id];
      }
      if (!r || !p) continue;
      // Never back, and at most max_correction_speed beyond the motion; back after two left
      // out, at most half as much again as the motion.
      const double step = r->distance - p->distance;
      EXPECT_GE(step, -1e-6) << "runner " << id << " at tick " << cur.tick();
      EXPECT_LE(step, travel + catch_up + 1e-6) << "runner " << id << " at tick " << cur.tick();
      if (id == 2) {
        EXPECT_LE(step, 1.5 * travel) << "at tick " << cur.tick();
      }
      if (step < 0.5 * travel) ++held[id];
    }
    ++checked;
  }
  EXPECT_GT(checked, 400);
  EXPECT_EQ(missing[2], 0);
  EXPECT_EQ(missing[3], 0);
  // Each stood where last seen at times: its return had not arrived.
  EXPECT_GE(held[2], 1);
  EXPECT_GE(held[3], 1);
}

TEST(InterpolationGap, ARunnerListedWithoutAPoseForLongerThanTheLimitIsHeldUntilTheLimit) {
  // 2: a pose up to 88, listed without one from 90 to 130, a pose again from 132 on (44 ticks
  // after 88: longer than the limit).
  static_assert(kMaxRunnerGapTicks == 24);
  auto buf = make_buffer();
  const auto posed = [](std::uint32_t tick) { return tick <= 88 || tick >= 132; };
  const auto frames = play_gaps(
      buf,
      [&](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (posed(tick)) rs.push_back(mover(2, tick, 500.0));
        return rs;
      },
      240, 4.0, {},
      [&](std::uint32_t tick) {
        return posed(tick) ? std::vector<std::uint32_t>{} : std::vector<std::uint32_t>{2};
      });
  int held = 0, gone = 0, appeared = 0, after = 0;
  for (const Frame& f : frames) {
    if (f.kind != SampleKind::Interpolated || f.tick() < 80.0 || f.tick() > 150.0) continue;
    ASSERT_TRUE(f.find(1));
    const RunnerFrame* r2 = f.find(2);
    if (f.before(88)) {
      ASSERT_TRUE(r2) << "at tick " << f.tick();
      EXPECT_NEAR(r2->distance, mover(2, f.tick(), 500.0).distance, 1e-6);
    } else if (f.tick() <= 112.0 - 1e-6) {
      // Held where it was last seen, past the snapshot without it, up to the limit.
      ASSERT_TRUE(r2) << "at tick " << f.tick();
      expect_same_frame(*r2, mover(2, 88, 500.0), f.tick());
      ++held;
    } else if (f.tick() > 112.0 + 1e-6 && f.before(130)) {
      EXPECT_FALSE(r2) << "at tick " << f.tick();
      ++gone;
    } else if (!f.before(130) && f.before(132)) {
      // Back after longer than the limit: as first seen.
      ASSERT_TRUE(r2) << "at tick " << f.tick();
      expect_same_frame(*r2, mover(2, 132, 500.0), f.tick());
      ++appeared;
    } else if (!f.before(132)) {
      ASSERT_TRUE(r2) << "at tick " << f.tick();
      EXPECT_NEAR(r2->distance, mover(2, f.tick(), 500.0).distance, 1e-6);
      ++after;
    }
  }
  EXPECT_GE(held, 20);  // 24 ticks at about one a frame
  EXPECT_GE(gone, 14);
  EXPECT_GE(appeared, 1);
  EXPECT_GE(after, 10);
}

TEST(InterpolationGap, ARunnerNeitherPosedNorListedLeavesWhileAListedOneIsHeld) {
  // 2 and 3: a pose up to 88. From 90 on, 2 is listed without one; 3 is in neither (it left).
  auto buf = make_buffer();
  const auto frames = play_gaps(
      buf,
      [](std::uint32_t tick) {
        std::vector<RunnerFrame> rs{mover(1, tick)};
        if (tick <= 88) {
          rs.push_back(mover(2, tick, 500.0));
          rs.push_back(mover(3, tick, 900.0));
        }
        return rs;
      },
      180, 3.0, {},
      [](std::uint32_t tick) {
        return tick <= 88 ? std::vector<std::uint32_t>{} : std::vector<std::uint32_t>{2};
      });
  int both = 0, listed_only = 0, neither = 0;
  for (const Frame& f : frames) {
    if (f.kind != SampleKind::Interpolated || f.tick() < 88.0 || f.tick() > 140.0) continue;
    ASSERT_TRUE(f.find(1));
    const RunnerFrame* r2 = f.find(2);
    const RunnerFrame* r3 = f.find(3);
    if (f.before(90)) {
      // Both held where last seen while playback heads to the snapshot without them.
      ASSERT_TRUE(r2 && r3) << "at tick " << f.tick();
      expect_same_frame(*r3, mover(3, 88, 900.0), f.tick());
      ++both;
    } else if (f.tick() <= 88.0 + kMaxRunnerGapTicks - 1e-6) {
      // Past it: the one that left is gone, the listed one still held.
      EXPECT_FALSE(r3) << "at tick " << f.tick();
      ASSERT_TRUE(r2) << "at tick " << f.tick();
      expect_same_frame(*r2, mover(2, 88, 500.0), f.tick());
      ++listed_only;
    } else if (f.tick() > 88.0 + kMaxRunnerGapTicks + 1e-6) {
      EXPECT_FALSE(r2) << "at tick " << f.tick();
      EXPECT_FALSE(r3) << "at tick " << f.tick();
      ++neither;
    }
  }
  EXPECT_GE(both, 1);
  EXPECT_GE(listed_only, 18);
  EXPECT_GE(neither, 15);
  ASSERT_FALSE(frames.empty());
  EXPECT_EQ(frames.back().runners.size(), 1u);
}

// A crowded view of a big race: runner 2 gets a pose in one snapshot of five (listed without
// one between). The delay rises to cover that turn (five intervals, plus one), so 2 is drawn
// between its poses rather than held; a clean race without turns keeps the base delay, and
// once the turns stop the delay falls back.
TEST(InterpolationGap, TheDelayRisesToCoverTheTurnsOfACrowdedView) {
  InterpolationConfig c;
  c.tick_rate = kTickRate;
  c.snapshot_rate = kTickRate / kStride;
  c.start_lossy = false;
  InterpolationBuffer turns(c), plain(c);
  constexpr std::uint32_t kTurn = 5 * kStride;  // ticks between runner 2's poses
  constexpr std::uint32_t kTurnsEnd = 60 * 20;  // turns for 20 s, then every snapshot again
  const auto posed = [](std::uint32_t tick) { return tick >= kTurnsEnd || tick % kTurn == 0; };
  double most = 0.0;
  int held = 0, checked = 0;
  for (std::uint32_t tick = 0; tick <= 60 * 45; tick += kStride) {
    const double now = tick / kTickRate + kLatency;
    std::vector<RunnerFrame> rs{mover(1, tick)};
    if (posed(tick)) rs.push_back(mover(2, tick, 500.0));
    turns.push(tick, rs, now,
               posed(tick) ? std::vector<std::uint32_t>{} : std::vector<std::uint32_t>{2});
    plain.push(tick, {mover(1, tick), mover(2, tick, 500.0)}, now);
    for (int f = 0; f < 2; ++f) {
      const double t = now + f * kFrame;
      const InterpolatedView& v = turns.sample(t);
      plain.sample(t);
      most = std::max(most, turns.delay_intervals());
      if (tick < 60 * 15 || tick >= kTurnsEnd || v.kind != SampleKind::Interpolated) continue;
      // Once the delay has risen: drawn on its motion between poses, never held.
      const RunnerFrame* r2 = nullptr;
      for (const auto& r : v.runners)
        if (r.id == 2) r2 = &r;
      ASSERT_TRUE(r2) << "at " << t;
      const double want = mover(2, v.render_time * kTickRate, 500.0).distance;
      if (std::abs(r2->distance - want) > 1e-6) ++held;
      ++checked;
    }
  }
  EXPECT_GT(checked, 100);
  EXPECT_EQ(held, 0);
  EXPECT_NEAR(most, 6.0, 0.05);  // five intervals of turn, plus one
  EXPECT_DOUBLE_EQ(plain.delay_intervals(), c.delay_intervals);
  // 25 s after the turns stopped: back to the base delay.
  EXPECT_DOUBLE_EQ(turns.delay_intervals(), c.delay_intervals);
}

}  // namespace
}  // namespace spear::client
