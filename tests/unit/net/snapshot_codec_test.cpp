// SnapshotEncoder (server) and SnapshotDecoder (client) together: deltas against acked
// baselines, fallbacks to full, trimming to the datagram, names until confirmed; plus the
// bandwidth figures of an 8-runner run.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
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

TEST(SnapshotCodec, ManyRunnersAreTrimmedToOneDatagram) {
  SnapshotEncoder enc;
  Snapshot big = world(30, 120);
  const auto m = enc.encode(big);
  std::size_t bytes = 0;
  const auto wire = over_the_wire(m, &bytes);
  EXPECT_LE(bytes, kMaxDatagramBytes);
  EXPECT_LT(m.runner_count, 120);
  EXPECT_GT(m.runner_count, 20);
  EXPECT_GT(enc.stats().runners_trimmed, 0u);
  // The first ones given (the caller's priority) are the ones kept.
  SnapshotDecoder dec;
  Snapshot out;
  ASSERT_EQ(dec.decode(wire, out), SnapshotDecodeError::None);
  EXPECT_EQ(out.runners.front().id, 0);
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
    std::printf("ack lag %d snapshots: bytes/runner offsets %.1f angles %.1f | "
                "datagram B/s offsets %.0f angles %.0f (+840 UDP/IP)\n",
                lag, offsets_pr, angles_pr, offsets_ps, angles_ps);
    EXPECT_LT(angles_pr, offsets_pr);
    if (lag == 0) {
      EXPECT_LE(angles_pr, 24.0);
      EXPECT_LE(angles_ps, 8000.0);  // datagram payloads, FlatBuffers headers included
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
    for (int k = 0; k < 1 + i % 3; ++k) x[rng() % x.size()] ^= static_cast<std::uint8_t>(1u << (rng() % 8));
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
  constexpr int kRunners = 70;  // more than a datagram holds: trimming too
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
      EXPECT_GE(out.runners.size(), 20u);  // full ones fit about 24
      const bool ack = c == 0 || c == 3 || (c == 1 && tick % 4 == 0);
      if (ack) {
        shared[c].acknowledge(tick);
        alone[c].acknowledge(tick);
      }
    }
  }
  EXPECT_GT(shared[0].stats().delta_snapshots, 20u);
  EXPECT_EQ(shared[2].stats().delta_snapshots, 0u);
  EXPECT_GT(shared[0].stats().runners_trimmed, 0u);
}

}  // namespace
}  // namespace spear::net
