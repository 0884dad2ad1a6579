// SnapshotEncoder (server) and SnapshotDecoder (client) together: deltas against acked
// baselines, fallbacks to full, trimming to the datagram, names until confirmed; plus the
// bandwidth figures of an 8-runner run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>
#include <memory>
#include <random>

#include "net/codec.hpp"
#include "net/pose_codec.hpp"
#include "net/quantize.hpp"
#include "net/snapshot_decoder.hpp"
#include "net/snapshot_encoder.hpp"
#include "net/snapshot_frame.hpp"
#include "synthetic_pose.hpp"

namespace spear::net {
namespace {

Snapshot world(Tick tick, int runners) {
  Snapshot s;
  s.tick = tick;
  for (int i = 0; i < runners; ++i) {
    s.runners.push_back(test::synthetic_runner(static_cast<RunnerId>(i), tick));
    s.roster.push_back({static_cast<RunnerId>(i), i % 2 == 1, "runner" + std::to_string(i)});
  }
  return s;
}

// Through the real codec, as a datagram.
SnapshotMessage over_the_wire(const SnapshotMessage& msg, std::size_t* datagram_bytes = nullptr) {
  const auto bytes = encode_packet({7, 0x1234, msg});
  EXPECT_LE(bytes.size(), kMaxDatagramBytes);
  if (datagram_bytes) *datagram_bytes = bytes.size();
  Packet p;
  EXPECT_EQ(decode_packet(bytes, p), DecodeError::None);
  return std::get<SnapshotMessage>(p.message);
}

void expect_matches(const Snapshot& got, const Snapshot& sent) {
  ASSERT_EQ(got.tick, sent.tick);
  for (const auto& r : got.runners) {
    const auto it = std::find_if(sent.runners.begin(), sent.runners.end(),
                                 [&](const RunnerSnapshot& s) { return s.id == r.id; });
    ASSERT_NE(it, sent.runners.end());
    EXPECT_LE(max_joint_error(r.pose, it->pose), kMaxJointError);
    EXPECT_NEAR(r.distance, it->distance, kDistanceStep);
    EXPECT_EQ(r.score, it->score);
    EXPECT_EQ(r.best, it->best);
    EXPECT_EQ(r.combo, it->combo);
    EXPECT_EQ(r.mode, it->mode);
  }
}

TEST(SnapshotCodec, FirstIsFullThenDeltaAgainstAck) {
  SnapshotEncoder enc;
  SnapshotDecoder dec;
  Snapshot out;
  auto m0 = over_the_wire(enc.encode(world(100, 4)));
  EXPECT_FALSE(m0.baseline_tick);
  ASSERT_EQ(dec.decode(m0, out), SnapshotDecodeError::None);
  expect_matches(out, world(100, 4));
  enc.acknowledge(*dec.newest_tick());
  auto m1 = over_the_wire(enc.encode(world(102, 4)));
  ASSERT_TRUE(m1.baseline_tick);
  EXPECT_EQ(*m1.baseline_tick, 100u);
  EXPECT_LT(m1.runner_block.size(), m0.runner_block.size());
  ASSERT_EQ(dec.decode(m1, out), SnapshotDecodeError::None);
  expect_matches(out, world(102, 4));
  // A duplicate is recognised.
  EXPECT_EQ(dec.decode(m1, out), SnapshotDecodeError::Duplicate);
}

TEST(SnapshotCodec, UnknownBaselineIsReportedNotMisdecoded) {
  SnapshotEncoder enc;
  SnapshotDecoder server_side_view, fresh;
  Snapshot out;
  (void)enc.encode(world(10, 2));
  enc.acknowledge(10);
  const auto delta = enc.encode(world(12, 2));
  ASSERT_TRUE(delta.baseline_tick);
  EXPECT_EQ(fresh.decode(delta, out), SnapshotDecodeError::UnknownBaseline);
}

TEST(SnapshotCodec, BaselineTooOldGivesFull) {
  SnapshotEncoder enc;
  (void)enc.encode(world(10, 2));
  enc.acknowledge(10);
  const auto late = enc.encode(world(10 + kMaxBaselineAgeTicks + 2, 2));
  EXPECT_FALSE(late.baseline_tick);
  SnapshotDecoder dec;
  Snapshot out;
  EXPECT_EQ(dec.decode(late, out), SnapshotDecodeError::None);
}

TEST(SnapshotCodec, UnknownAckIsIgnored) {
  SnapshotEncoder enc;
  (void)enc.encode(world(10, 2));
  enc.acknowledge(11);  // never sent
  EXPECT_FALSE(enc.acked_tick());
  EXPECT_FALSE(enc.encode(world(12, 2)).baseline_tick);
}

TEST(SnapshotCodec, NewRunnerInDeltaSnapshotTravelsFull) {
  SnapshotEncoder enc;
  SnapshotDecoder dec;
  Snapshot out;
  ASSERT_EQ(dec.decode(enc.encode(world(20, 2)), out), SnapshotDecodeError::None);
  enc.acknowledge(20);
  const auto m = enc.encode(world(22, 3));
  ASSERT_TRUE(m.baseline_tick);
  ASSERT_EQ(dec.decode(m, out), SnapshotDecodeError::None);
  EXPECT_EQ(out.runners.size(), 3u);
  expect_matches(out, world(22, 3));
}

TEST(SnapshotCodec, CorruptBlockIsRejected) {
  SnapshotEncoder enc;
  auto m = enc.encode(world(20, 3));
  m.runner_block.resize(m.runner_block.size() / 2);
  SnapshotDecoder dec;
  Snapshot out;
  EXPECT_EQ(dec.decode(m, out), SnapshotDecodeError::Corrupt);
  m = enc.encode(world(22, 3));
  m.runner_count = 200;
  EXPECT_EQ(dec.decode(m, out), SnapshotDecodeError::Corrupt);
}

TEST(SnapshotCodec, ManyRunnersAreAllListedInOneDatagram) {
  // 120 runners cannot all carry a pose: the snapshot lists every one in its roll call and
  // gives poses to as many as fit, the caller's first ones first; against a baseline the roll
  // call cues every runner instead (clients draw them from their rigs).
  SnapshotEncoder enc;
  SnapshotDecoder dec;
  for (Tick tick = 30; tick <= 40; tick += 2) {
    const Snapshot big = world(tick, 120);
    const auto m = enc.encode(big);
    std::size_t bytes = 0;
    const auto wire = over_the_wire(m, &bytes);
    EXPECT_LE(bytes, kMaxDatagramBytes);
    EXPECT_LT(m.runner_count, 120);
    EXPECT_EQ(m.roll_count, 120);
    Snapshot out;
    ASSERT_EQ(dec.decode(wire, out), SnapshotDecodeError::None);
    EXPECT_EQ(out.runners.size() + out.others.size(), 120u);
    EXPECT_TRUE(
        std::is_sorted(out.others.begin(), out.others.end(),
                       [](const RunnerSummary& a, const RunnerSummary& b) { return a.id < b.id; }));
    // What the roll call says is the runner as sent, to the unit.
    for (const RunnerSummary& o : out.others) {
      const RunnerSnapshot& truth = big.runners[o.id];
      EXPECT_NEAR(o.distance, truth.distance, 0.5 + 1.0 / 32.0) << o.id;
      EXPECT_EQ(o.score, truth.score);
      EXPECT_EQ(o.mode, truth.mode);
      EXPECT_EQ(o.flags, truth.flags);
    }
    if (tick == 30) {
      EXPECT_GT(m.runner_count, 8);
      EXPECT_EQ(out.runners.front().id, 0);  // the first given (the caller's priority)
      for (const RunnerSummary& o : out.others) EXPECT_FALSE(o.cue);  // no baseline, no cues
    } else {
      // Against a baseline every runner is cued (64 in full a snapshot, then against the
      // baseline's), and poses beyond the pinned (none here) keep within the crowd's bytes.
      std::size_t cued = 0;
      for (const RunnerSummary& o : out.others) {
        ASSERT_TRUE(o.cue);
        cued += !o.cue->empty();
      }
      EXPECT_EQ(cued, tick == 32 ? 64u : out.others.size()) << tick;
      // Poses beyond the pinned (none here) go to runners not cued yet as far as the datagram
      // allows, and once every runner is cued only within the crowd's bytes.
      if (tick > 32 && m.runner_count > 0) {
        EXPECT_LE(bytes, kCrowdSnapshotBytes) << tick;
      }
    }
    enc.acknowledge(tick);
  }
  EXPECT_EQ(enc.stats().runners_trimmed, 0u);
  EXPECT_GT(enc.stats().rolled, 0u);
}

TEST(SnapshotCodec, NamesAreSentUntilConfirmed) {
  SnapshotEncoder enc;
  auto m = enc.encode(world(40, 3));
  EXPECT_EQ(m.roster.size(), 3u);
  m = enc.encode(world(42, 3));
  EXPECT_EQ(m.roster.size(), 3u);  // not acknowledged yet: sent again
  enc.acknowledge(42);
  m = enc.encode(world(44, 3));
  EXPECT_TRUE(m.roster.empty());
  Snapshot renamed = world(46, 3);
  renamed.roster[1].name = "newname";
  m = enc.encode(renamed);
  ASSERT_EQ(m.roster.size(), 1u);
  EXPECT_EQ(m.roster[0].name, "newname");
}

// A roster in its own order, with a runner missing from it and a name for no runner: each
// name goes with its runner (a server's roster in the runners' order is only the quick case).
TEST(SnapshotCodec, NamesFollowTheirRunnersInAnyRosterOrder) {
  Snapshot s = world(40, 4);
  s.roster = {{3, false, "three"}, {9, false, "nobody"}, {0, true, "zero"}, {2, false, "two"}};
  const SnapshotMessage m = SnapshotEncoder{}.encode(s);
  ASSERT_EQ(m.roster.size(), 3u);
  std::map<RunnerId, std::string> names;
  for (const RosterEntry& e : m.roster) names[e.runner] = e.name;
  EXPECT_EQ(names, (std::map<RunnerId, std::string>{{0, "zero"}, {2, "two"}, {3, "three"}}));
  // Aligned but for one: runner 1 is named by the entry that names it, not by its place.
  Snapshot t = world(42, 3);
  std::swap(t.roster[1], t.roster[2]);
  const SnapshotMessage n = SnapshotEncoder{}.encode(t);
  names.clear();
  for (const RosterEntry& e : n.roster) names[e.runner] = e.name;
  EXPECT_EQ(names,
            (std::map<RunnerId, std::string>{{0, "runner0"}, {1, "runner1"}, {2, "runner2"}}));
}

// The figure of merit: bytes per runner per snapshot in an 8-runner run at 30 Hz snapshots,
// with the ack of each snapshot arriving `ack_lag` snapshots later.
void measure(int ack_lag, PoseCodecMode mode, double* per_runner, double* per_second) {
  SnapshotEncoder enc(mode);
  SnapshotDecoder dec;
  std::vector<Tick> received;
  std::size_t runner_bytes = 0, runners = 0, datagram_bytes = 0, snapshots = 0;
  for (Tick tick = 600; tick < 600 + 60 * 20; tick += 2) {
    if (received.size() > static_cast<std::size_t>(ack_lag))
      enc.acknowledge(received[received.size() - 1 - ack_lag]);
    Snapshot w = world(tick, 8);
    std::size_t bytes = 0;
    const auto msg = over_the_wire(enc.encode(w), &bytes);
    Snapshot out;
    ASSERT_EQ(dec.decode(msg, out), SnapshotDecodeError::None);
    expect_matches(out, w);
    received.push_back(tick);
    if (tick >= 600 + 60) {  // steady state
      runner_bytes += msg.runner_block.size();
      runners += msg.runner_count;
      datagram_bytes += bytes;
      ++snapshots;
    }
  }
  *per_runner = static_cast<double>(runner_bytes) / static_cast<double>(runners);
  *per_second = static_cast<double>(datagram_bytes) / static_cast<double>(snapshots) * 30.0;
}

TEST(SnapshotCodec, EightRunnerBandwidth) {
  for (int lag : {0, 1, 3}) {
    double offsets_pr = 0, offsets_ps = 0, angles_pr = 0, angles_ps = 0;
    measure(lag, PoseCodecMode::JointOffsets, &offsets_pr, &offsets_ps);
    measure(lag, PoseCodecMode::BoneAngles, &angles_pr, &angles_ps);
    std::printf(
        "ack lag %d snapshots: bytes/runner offsets %.1f angles %.1f | "
        "datagram B/s offsets %.0f angles %.0f (+840 UDP/IP)\n",
        lag, offsets_pr, angles_pr, offsets_ps, angles_ps);
    EXPECT_LT(angles_pr, offsets_pr);
    if (lag == 0) {
      EXPECT_LE(angles_pr, 24.0);
      // Datagram payloads with their FlatBuffers framing, plus 28 bytes of UDP/IP headers each.
      EXPECT_LE(angles_ps + 28.0 * 30.0, 8000.0);
    }
  }
  double full_pr = 0, full_ps = 0;
  measure(1000, PoseCodecMode::BoneAngles, &full_pr, &full_ps);  // never acked: all full
  std::printf("no acks (all full): bytes/runner %.1f, datagram B/s %.0f\n", full_pr, full_ps);
}

}  // namespace
}  // namespace spear::net

namespace spear::net {
namespace {

TEST(SnapshotCodec, RunnerBlockFuzzEntrySurvivesMutations) {
  SnapshotEncoder enc;
  const auto m = enc.encode(world(50, 4));
  std::vector<std::uint8_t> seed{static_cast<std::uint8_t>(m.runner_count)};
  seed.insert(seed.end(), m.runner_block.begin(), m.runner_block.end());
  std::mt19937 rng(5);
  for (int i = 0; i < 5000; ++i) {
    auto x = seed;
    for (int k = 0; k < 1 + i % 3; ++k)
      x[rng() % x.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
    if (i % 7 == 0) x.resize(rng() % x.size() + 1);
    EXPECT_EQ(fuzz_decode_runner_block(x.data(), x.size()), 0);
  }
}

}  // namespace
}  // namespace spear::net

namespace spear::net {
namespace {

TEST(SnapshotFrame, SharedFramesEncodeLikeOneEncoderPerClient) {
  // Three clients acking differently (every snapshot, every other one, never) and one ordering
  // its runners backwards: frames shared by all give each exactly the bytes an encoder of its
  // own would, and every one decodes.
  constexpr int kRunners = 70;  // more than a datagram holds: a roll call too
  SnapshotEncoder shared[4], alone[4];
  SnapshotDecoder decoders[4];
  std::shared_ptr<const SnapshotFrame> previous;
  for (Tick tick = 10; tick < 60; tick += 2) {
    const Snapshot s = world(tick, kRunners);
    const auto frame = std::make_shared<const SnapshotFrame>(s, previous.get());
    previous = frame;
    std::vector<std::uint32_t> forward(frame->size()), backward;
    for (std::uint32_t i = 0; i < forward.size(); ++i) forward[i] = i;
    backward.assign(forward.rbegin(), forward.rend());
    Snapshot reversed = s;
    std::reverse(reversed.runners.begin(), reversed.runners.end());
    for (int c = 0; c < 4; ++c) {
      const auto& order = c == 3 ? backward : forward;
      const SnapshotMessage a = shared[c].encode(frame, order, std::nullopt);
      const SnapshotMessage b = alone[c].encode(c == 3 ? reversed : s);
      EXPECT_EQ(a.runner_block, b.runner_block) << "client " << c << " tick " << tick;
      EXPECT_EQ(a.runner_count, b.runner_count);
      EXPECT_EQ(a.baseline_tick, b.baseline_tick);
      EXPECT_EQ(a.roster, b.roster);
      Snapshot out;
      ASSERT_EQ(decoders[c].decode(over_the_wire(a), out), SnapshotDecodeError::None);
      expect_matches(out, s);
      EXPECT_EQ(out.runners.size() + out.others.size(), std::size_t{kRunners});  // all listed
      if (!a.baseline_tick) {
        EXPECT_GE(out.runners.size(), 12u);  // no cues: poses as the datagram allows
      } else {
        // Against a baseline every runner carries its rig cue; from the third such snapshot on
        // (64 in full a snapshot) every one has it.
        for (const RunnerSummary& o : out.others) {
          ASSERT_TRUE(o.cue) << o.id;
          if (tick >= 24) {
            EXPECT_FALSE(o.cue->empty()) << o.id << " " << tick;
          }
        }
      }
      const bool ack = c == 0 || c == 3 || (c == 1 && tick % 4 == 0);
      if (ack) {
        shared[c].acknowledge(tick);
        alone[c].acknowledge(tick);
      }
    }
  }
  EXPECT_GT(shared[0].stats().delta_snapshots, 20u);
  EXPECT_EQ(shared[2].stats().delta_snapshots, 0u);
  EXPECT_GT(shared[0].stats().rolled, 0u);  // runners listed without a pose
}

}  // namespace
}  // namespace spear::net

namespace spear::net {
namespace {

// A runner in the motion lab at `tick`: the phase turns at run cadence, the gait eases up, the
// skeleton overlay is on from tick 40 with the targets moving, the hands grip from tick 60.
RunnerSnapshot lab_runner(RunnerId id, Tick tick) {
  RunnerSnapshot r = test::synthetic_runner(id, tick);
  r.mode = RunnerMode::Lab;
  r.flags = runner_flags::kLab;
  r.lab_motion = 2;
  const float t = static_cast<float>(tick) / 60.f;
  r.lab_phase = std::fmod(2.55f * t, 1.f);
  r.lab_gait = std::min(1.f, t / 2.f);
  r.lab_scroll = std::fmod(383.f * t, kLabScrollSpan);  // wraps at tick 642
  if (tick >= 40) {
    r.flags |= runner_flags::kSkeleton;
    rig::RigDebug ik;
    ik.foot_target[0] = {30.f * std::sin(6.f * t), -2.f};
    ik.foot_target[1] = {-30.f * std::sin(6.f * t), -10.3f};
    ik.hands_on_spear = tick >= 60;
    if (ik.hands_on_spear) {
      ik.hand_target[0] = {18.7f, -101.f + std::cos(t)};
      ik.hand_target[1] = {41.2f, -97.5f};
    }
    r.ik = ik;
  }
  return r;
}

float phase_gap(float a, float b) {
  const float d = std::fabs(a - b);
  return std::min(d, 1.f - d);
}

void expect_lab_matches(const RunnerSnapshot& got, const RunnerSnapshot& sent) {
  EXPECT_EQ(got.flags, sent.flags);
  if (!(sent.flags & runner_flags::kLab)) {
    EXPECT_EQ(got.lab_phase, 0.f);
    EXPECT_EQ(got.lab_gait, 0.f);
    EXPECT_EQ(got.lab_scroll, 0.f);
    EXPECT_FALSE(got.ik);
    return;
  }
  EXPECT_LE(phase_gap(got.lab_phase, sent.lab_phase), 0.5f / 256.f + 1e-6f);
  EXPECT_NEAR(got.lab_gait, sent.lab_gait, 0.5f / 255.f + 1e-6f);
  const float scroll_gap = std::fabs(got.lab_scroll - sent.lab_scroll);
  EXPECT_LE(std::min(scroll_gap, kLabScrollSpan - scroll_gap), 0.5f / 16.f + 1e-3f);
  ASSERT_EQ(got.ik.has_value(), (sent.flags & runner_flags::kSkeleton) != 0 && sent.ik.has_value());
  if (!got.ik) return;
  EXPECT_EQ(got.ik->hands_on_spear, sent.ik->hands_on_spear);
  for (int side = 0; side < 2; ++side) {
    EXPECT_LE(rig::distance(got.ik->foot_target[side], sent.ik->foot_target[side]), 0.05f);
    if (sent.ik->hands_on_spear) {
      EXPECT_LE(rig::distance(got.ik->hand_target[side], sent.ik->hand_target[side]), 0.05f);
    } else {
      EXPECT_EQ(got.ik->hand_target[side].x, 0.f);  // they did not travel
    }
  }
}

std::size_t full_bytes(const RunnerSnapshot& r) {
  BitWriter w;
  write_runner(w, quantize_runner(r), nullptr);
  return w.byte_count();
}

TEST(RunnerBlockLab, RunningRunnersSpendNothingOnLabReadouts) {
  RunnerSnapshot running = test::synthetic_runner(3, 500);
  RunnerSnapshot stray = running;
  stray.lab_phase = 0.4f;
  stray.lab_gait = 0.6f;
  stray.lab_scroll = 812.5f;
  stray.ik = rig::RigDebug{};
  EXPECT_EQ(quantize_runner(stray), quantize_runner(running));
  EXPECT_EQ(full_bytes(stray), full_bytes(running));
  const RunnerSnapshot back = rebuild_runner(quantize_runner(stray));
  EXPECT_EQ(back.lab_phase, 0.f);
  EXPECT_EQ(back.lab_scroll, 0.f);
  EXPECT_FALSE(back.ik);

  // In the lab: four bytes more (phase, gait, treadmill); with the overlay on, the targets too.
  const RunnerSnapshot lab = lab_runner(3, 20);
  RunnerSnapshot outside = lab;  // the same runner out of the lab (mode and flags are fixed width)
  outside.mode = RunnerMode::Running;
  outside.flags = 0;
  EXPECT_EQ(full_bytes(lab), full_bytes(outside) + 4);
  const RunnerSnapshot overlay = lab_runner(3, 70);
  EXPECT_GT(full_bytes(overlay), full_bytes(lab_runner(3, 30)) + 8);
}

TEST(RunnerBlockLab, PhaseWrapsAndValuesAreClamped) {
  RunnerSnapshot r = lab_runner(1, 10);
  r.lab_phase = 0.999f;  // rounds to a whole cycle: 0
  EXPECT_LE(phase_gap(rebuild_runner(quantize_runner(r)).lab_phase, 0.999f), 1.f / 256.f);
  r.lab_phase = 2.25f;  // a phase past 1 is the same phase
  EXPECT_NEAR(rebuild_runner(quantize_runner(r)).lab_phase, 0.25f, 1e-6f);
  r.lab_phase = std::nanf("");
  r.lab_gait = 3.f;
  const RunnerSnapshot back = rebuild_runner(quantize_runner(r));
  EXPECT_EQ(back.lab_phase, 0.f);
  EXPECT_EQ(back.lab_gait, 1.f);
  r.combo = 9;
  EXPECT_EQ(rebuild_runner(quantize_runner(r)).combo, kMaxWireCombo);
}

TEST(RunnerBlockLab, TreadmillTravelsModuloItsSpanIn16thsOfAUnit) {
  RunnerSnapshot r = lab_runner(1, 10);
  const auto back = [&](float scroll) {
    r.lab_scroll = scroll;
    return rebuild_runner(quantize_runner(r)).lab_scroll;
  };
  EXPECT_EQ(back(812.5f), 812.5f);
  EXPECT_NEAR(back(1234.5678f), 1234.5678f, 0.5f / 16.f);
  EXPECT_EQ(back(4095.99f), 0.f);                  // rounds to a whole span: 0
  EXPECT_EQ(back(kLabScrollSpan + 100.f), 100.f);  // any travel, modulo the span
  EXPECT_EQ(back(-10.f), kLabScrollSpan - 10.f);
  EXPECT_EQ(back(std::nanf("")), 0.f);
  EXPECT_EQ(back(std::numeric_limits<float>::infinity()), 0.f);
}

TEST(RunnerBlockLab, TreadmillSurvivesDeltasAcrossItsWrap) {
  SnapshotEncoder enc;
  SnapshotDecoder dec;
  int deltas = 0, wraps = 0;
  float last = -1.f;
  for (Tick tick = 600; tick < 700; tick += 2) {  // 383 units/s wraps at tick 642
    Snapshot w = world(tick, 2);
    w.runners[1] = lab_runner(1, tick);
    const auto msg = over_the_wire(enc.encode(w));
    Snapshot out;
    ASSERT_EQ(dec.decode(msg, out), SnapshotDecodeError::None) << "tick " << tick;
    if (out.baseline_tick) ++deltas;
    ASSERT_EQ(out.runners.size(), 2u);
    expect_lab_matches(out.runners[1], w.runners[1]);
    if (out.runners[1].lab_scroll < last) ++wraps;
    last = out.runners[1].lab_scroll;
    enc.acknowledge(tick);
  }
  EXPECT_GT(deltas, 40);
  EXPECT_EQ(wraps, 1);
}

TEST(RunnerBlockLab, LabReadoutsAndComboSurviveDeltasAndModeChanges) {
  SnapshotEncoder enc;
  SnapshotDecoder dec;
  int deltas = 0;
  for (Tick tick = 0; tick < 160; tick += 2) {
    Snapshot w = world(tick, 3);
    w.runners[1] = lab_runner(1, tick);
    if (tick >= 100 &&
        tick < 130) {  // the lab runner leaves and comes back: flags and fields change
      w.runners[1] = test::synthetic_runner(1, tick);
    }
    if (tick >= 130 && tick < 140)
      w.runners[1].flags &= static_cast<std::uint8_t>(~runner_flags::kSkeleton);
    for (auto& r : w.runners) r.combo = static_cast<std::uint8_t>((tick / 8 + r.id) % 6);
    const auto msg = over_the_wire(enc.encode(w));
    Snapshot out;
    ASSERT_EQ(dec.decode(msg, out), SnapshotDecodeError::None) << "tick " << tick;
    if (out.baseline_tick) ++deltas;
    expect_matches(out, w);
    for (const auto& r : out.runners) {
      SCOPED_TRACE("tick " + std::to_string(tick) + " runner " + std::to_string(r.id));
      expect_lab_matches(r, w.runners[r.id]);
    }
    if (tick % 6 != 4) enc.acknowledge(tick);  // some acks lost: older baselines too
  }
  EXPECT_GT(deltas, 60);
}

}  // namespace
}  // namespace spear::net

namespace spear::net {
namespace {

// Away and countdown (issue 15): the away flag and the new modes round-trip in full and delta
// forms; the countdown's ticks travel exactly, only in mode Countdown.
TEST(RunnerBlockAway, ModesFlagAndTicksLeftSurviveFullAndDelta) {
  SnapshotEncoder enc;
  SnapshotDecoder dec;
  int deltas = 0, countdowns = 0;
  for (Tick tick = 0; tick < 200; tick += 2) {
    Snapshot w = world(tick, 3);
    RunnerSnapshot& r = w.runners[2];
    if (tick >= 40 && tick < 100) {
      r.mode = RunnerMode::Parked;
      r.flags |= runner_flags::kAway;
    } else if (tick >= 100 && tick < 160) {
      r.mode = RunnerMode::Countdown;
      r.countdown_ticks = static_cast<std::uint16_t>(179 - (tick - 100));
    }
    if (tick >= 160 && tick < 180) {  // down while away
      r.mode = RunnerMode::Down;
      r.flags |= runner_flags::kAway;
    }
    const auto msg = over_the_wire(enc.encode(w));
    Snapshot out;
    ASSERT_EQ(dec.decode(msg, out), SnapshotDecodeError::None) << "tick " << tick;
    if (out.baseline_tick) ++deltas;
    expect_matches(out, w);
    for (const auto& got : out.runners) {
      const RunnerSnapshot& sent = w.runners[got.id];
      SCOPED_TRACE("tick " + std::to_string(tick) + " runner " + std::to_string(got.id));
      EXPECT_EQ(got.mode, sent.mode);
      EXPECT_EQ(got.flags, sent.flags);
      EXPECT_EQ(got.countdown_ticks, sent.countdown_ticks);
      if (got.mode == RunnerMode::Countdown) ++countdowns;
    }
    if (tick % 6 != 4) enc.acknowledge(tick);
  }
  EXPECT_GT(deltas, 60);
  EXPECT_EQ(countdowns, 30);
}

TEST(RunnerBlockAway, TicksLeftCostBitsOnlyInCountdownAndAreCapped) {
  RunnerSnapshot running = test::synthetic_runner(3, 500);
  RunnerSnapshot stray = running;
  stray.countdown_ticks = 100;  // not counting down: not sent
  EXPECT_EQ(quantize_runner(stray), quantize_runner(running));
  EXPECT_EQ(rebuild_runner(quantize_runner(stray)).countdown_ticks, 0);
  RunnerSnapshot counting = running;
  counting.mode = RunnerMode::Countdown;
  counting.countdown_ticks = 179;
  EXPECT_GT(full_bytes(counting), full_bytes(running));
  EXPECT_LE(full_bytes(counting), full_bytes(running) + 2);
  EXPECT_EQ(rebuild_runner(quantize_runner(counting)).countdown_ticks, 179);
  counting.countdown_ticks = 60000;
  EXPECT_EQ(rebuild_runner(quantize_runner(counting)).countdown_ticks, kMaxWireCountdown);
}

TEST(RunnerBlockAway, TicksLeftBeyondTheCapAreRejected) {
  // A countdown runner whose ticks field says 4096: a hand-written block.
  QuantizedRunner q = quantize_runner(test::synthetic_runner(1, 10));
  q.mode = RunnerMode::Countdown;
  q.countdown_ticks = kMaxWireCountdown;
  BitWriter ok;
  write_runner(ok, q, nullptr);
  std::vector<QuantizedRunner> out;
  const auto good = ok.take();
  ASSERT_TRUE(read_runner_block(good, 1, nullptr, out));
  EXPECT_EQ(out[0].countdown_ticks, kMaxWireCountdown);
  q.countdown_ticks = kMaxWireCountdown + 1;
  BitWriter bad;
  write_runner(bad, q, nullptr);
  const auto over = bad.take();
  EXPECT_FALSE(read_runner_block(over, 1, nullptr, out));
}

}  // namespace
}  // namespace spear::net
