// The pose codec on real rig poses (spear::rig::step_rig): a runner that runs, leaps and thrusts.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "net/codec.hpp"
#include "net/pose_codec.hpp"
#include "net/quantize.hpp"
#include "net/snapshot_decoder.hpp"
#include "net/snapshot_encoder.hpp"
#include "rig/rig.hpp"
#include "rig/skeleton.hpp"

namespace spear::net {
namespace {

struct RigRunner {
  rig::RigState state;
  int offset = 0;  // ticks: desynchronises the runners
  rig::Pose step(Tick tick) {
    rig::RigInput in;
    const int t = static_cast<int>(tick) + offset;
    in.motion = (t % 140) < 37 ? rig::Motion::Leap : rig::Motion::Run;
    in.cadence = 2.55f + 0.85f * static_cast<float>((t % 3600) / 3600.0);
    in.start_thrust = t % 97 == 0;
    return rig::step_rig(state, in, 1.f / 60.f);
  }
};

TEST(RigPoseCodec, EightRealRunnersWithinToleranceAndBudget) {
  std::vector<RigRunner> rigs(8);
  for (int i = 0; i < 8; ++i) rigs[i].offset = i * 53;
  SnapshotEncoder enc;
  SnapshotDecoder dec;
  float worst = 0.f;
  std::size_t runner_bytes = 0, runners = 0, datagram_bytes = 0, snapshots = 0, full_bytes = 0;
  std::optional<Tick> ack;
  for (Tick tick = 1; tick <= 60 * 30; ++tick) {
    Snapshot w;
    w.tick = tick;
    for (int i = 0; i < 8; ++i) {
      RunnerSnapshot r;
      r.id = static_cast<RunnerId>(i);
      r.pose = rigs[i].step(tick);
      r.distance = rigs[i].state.scroll;
      r.score = static_cast<std::uint32_t>(r.distance / 10.0);
      w.runners.push_back(r);
    }
    if (tick % 2) continue;  // 30 Hz snapshots of a 60 Hz sim
    if (ack) enc.acknowledge(*ack);
    const auto bytes = encode_packet({tick, 99, enc.encode(w)});
    ASSERT_LE(bytes.size(), kMaxDatagramBytes);
    Packet p;
    ASSERT_EQ(decode_packet(bytes, p), DecodeError::None);
    const auto& msg = std::get<SnapshotMessage>(p.message);
    Snapshot out;
    ASSERT_EQ(dec.decode(msg, out), SnapshotDecodeError::None);
    ASSERT_EQ(out.runners.size(), 8u);
    for (std::size_t i = 0; i < 8; ++i)
      worst = std::max(worst, max_joint_error(out.runners[i].pose, w.runners[i].pose));
    ack = tick;  // loopback: the ack is back before the next snapshot
    if (!msg.baseline_tick) full_bytes += msg.runner_block.size();
    if (tick > 120) {
      runner_bytes += msg.runner_block.size();
      runners += msg.runner_count;
      datagram_bytes += bytes.size();
      ++snapshots;
    }
  }
  const double per_runner = static_cast<double>(runner_bytes) / static_cast<double>(runners);
  const double per_second =
      static_cast<double>(datagram_bytes) / static_cast<double>(snapshots) * 30;
  std::printf(
      "rig poses, 8 runners: worst joint error %.3f, full %.1f B/runner, delta mean %.1f "
      "B/runner, %.0f B/s datagrams (+840 UDP/IP)\n",
      worst, static_cast<double>(full_bytes) / 8.0, per_runner, per_second);
  EXPECT_LE(worst, kMaxJointError);
  EXPECT_LE(per_runner, 24.0);
  EXPECT_LE(per_second, 8000.0);
}

// Squashed leaps, falls and the form: the neck and the spear are rigid in the pose, and the codec
// carries them as angles in squashed space, so they arrive at their lengths and cheaply.
TEST(RigPoseCodec, RigidNeckAndSpearTravelAsAnglesUnderSquash) {
  const auto& links = pose_links();
  std::size_t head_link = kLinkCount, spear_link = kLinkCount;
  for (std::size_t i = 0; i < kLinkCount; ++i) {
    if (links[i].child == rig::Joint::Head) head_link = i;
    if (links[i].child == rig::Joint::SpearTip) spear_link = i;
  }
  ASSERT_TRUE(links[head_link].rigid && links[spear_link].rigid);
  int squashed = 0;
  for (const rig::Motion m :
       {rig::Motion::Leap, rig::Motion::Jump, rig::Motion::Fall, rig::Motion::Form}) {
    rig::RigState state;
    rig::RigInput in;
    in.motion = m;
    for (int k = 0; k < 60 * 8; ++k) {
      const rig::Pose p = rig::step_rig(state, in, k == 0 ? 0.f : 1.f / 60.f);
      const QuantizedPose q = quantize_pose(p);
      const rig::Pose back = rebuild_pose(q);
      ASSERT_LE(max_joint_error(p, back), kMaxJointError) << rig::motion_name(m) << " " << k;
      EXPECT_NEAR(rig::distance(back[rig::Joint::SpearTail], back[rig::Joint::SpearTip]),
                  rig::kSpearLength, 0.5f)
          << rig::motion_name(m) << " " << k;
      EXPECT_NEAR(rig::distance(back[rig::Joint::Chest], back[rig::Joint::Head]),
                  rig::kNeck + rig::kHeadR, 0.5f)
          << rig::motion_name(m) << " " << k;
      if (std::fabs(p.sy - 1.f) > 0.03f) {
        ++squashed;
        EXPECT_TRUE((q.angle_links >> head_link) & 1u) << rig::motion_name(m) << " " << k;
        // A grounded spear is not squashed either: it is still rigid.
        EXPECT_TRUE((q.angle_links >> spear_link) & 1u) << rig::motion_name(m) << " " << k;
      }
    }
  }
  EXPECT_GT(squashed, 50);
}

}  // namespace
}  // namespace spear::net
