// Bridge residuals (net/bridge_residual.hpp): what rebuilds a lost snapshot from its successor.
#include "net/bridge_residual.hpp"

#include <gtest/gtest.h>

#include <bit>
#include <cmath>
#include <cstdio>
#include <functional>
#include <random>

#include "net/pose_codec.hpp"
#include "net/quantize.hpp"
#include "net/runner_block.hpp"
#include "net/snapshot_encoder.hpp"
#include "net/snapshot_frame.hpp"
#include "rig/rig.hpp"

namespace spear::net {
namespace {

// Per axis: a joint whose difference was sent rebuilds within half a step; one left out within
// the threshold (it takes its parent's correction, which was within half a step).
constexpr float kWorstAxis = (static_cast<float>(kBridgeThresholdQ) + 0.5f) * kBridgeStep;

BridgePoint random_point(std::mt19937& rng, float spread) {
  std::uniform_real_distribution<float> u(-spread, spread);
  BridgePoint p;
  for (auto& j : p.joints) j = {u(rng), u(rng) - 40.f};
  p.distance = 1000.0 + u(rng);
  return p;
}

float worst_axis(const BridgePoint& a, const BridgePoint& b) {
  float w = static_cast<float>(std::abs(a.distance - b.distance));
  for (std::size_t j = 0; j < rig::kJointCount; ++j)
    w = std::max(
        {w, std::abs(a.joints[j].x - b.joints[j].x), std::abs(a.joints[j].y - b.joints[j].y)});
  return w;
}

TEST(BridgeResidual, RebuildsTheTruthWithinTheThresholdWhateverTheKink) {
  std::mt19937 rng(3);
  int sent = 0;
  for (int i = 0; i < 500; ++i) {
    const BridgePoint from = random_point(rng, 30.f), to = random_point(rng, 30.f);
    const std::uint32_t chord_gap = 1 + rng() % 4, gap = 1 + rng() % 4;
    BridgePoint truth = bridge_chord(from, to, chord_gap, gap);
    // Kinks of every size: most joints a little off the chord, some far.
    const float spread = i % 3 == 0 ? 0.8f : 25.f;
    std::uniform_real_distribution<float> kink(-spread, spread);
    for (auto& j : truth.joints) j += rig::Vec2{kink(rng), kink(rng)};
    truth.distance += kink(rng);
    const auto r = make_bridge_residual(truth, from, to, chord_gap, gap);
    const BridgePoint chord = bridge_chord(from, to, chord_gap, gap);
    if (!r) {  // nothing above the threshold: the chord is the rebuild
      EXPECT_LE(worst_axis(chord, truth), kWorstAxis + 1e-3f);
      continue;
    }
    ++sent;
    EXPECT_EQ(r->gap, gap);
    EXPECT_EQ(r->chord_gap, chord_gap);
    const BridgePoint rebuilt = apply_bridge_residual(from, to, *r);
    EXPECT_LE(worst_axis(rebuilt, truth), kWorstAxis + 1e-3f) << "case " << i;
  }
  EXPECT_GT(sent, 300);
}

TEST(BridgeResidual, SmoothMotionSendsNothing) {
  std::mt19937 rng(4);
  const BridgePoint from = random_point(rng, 30.f), to = random_point(rng, 30.f);
  BridgePoint truth = bridge_chord(from, to, 2, 2);
  const float threshold = static_cast<float>(kBridgeThresholdQ) * kBridgeStep;
  for (auto& j : truth.joints) j.x += 0.9f * threshold;  // under the threshold everywhere
  EXPECT_FALSE(make_bridge_residual(truth, from, to, 2, 2));
  truth.joints[static_cast<std::size_t>(rig::Joint::FootFar)].y -= threshold + 2.f;
  const auto r = make_bridge_residual(truth, from, to, 2, 2);
  ASSERT_TRUE(r);
  // The far foot alone: one joint's bit, no distance.
  EXPECT_EQ(std::popcount(r->joints), 1);
  EXPECT_FALSE(r->has_distance);
}

TEST(BridgeResidual, AWholeBodyShiftCostsOneJoint) {
  std::mt19937 rng(5);
  const BridgePoint from = random_point(rng, 30.f), to = random_point(rng, 30.f);
  BridgePoint truth = bridge_chord(from, to, 2, 2);
  for (auto& j : truth.joints) j.y += 13.f;  // the body drops at touchdown
  const auto r = make_bridge_residual(truth, from, to, 2, 2);
  ASSERT_TRUE(r);
  EXPECT_EQ(r->joints, 1u);  // the pelvis; everything else inherits it
  EXPECT_LE(worst_axis(apply_bridge_residual(from, to, *r), truth), kBridgeStep);
}

TEST(BridgeResidual, GapsOutOfRangeOrValuesBeyondMotionSendNothing) {
  std::mt19937 rng(6);
  const BridgePoint from = random_point(rng, 30.f), to = random_point(rng, 30.f);
  BridgePoint truth = bridge_chord(from, to, 2, 2);
  truth.joints[0].x += 10.f;
  EXPECT_TRUE(make_bridge_residual(truth, from, to, 2, 2));
  EXPECT_FALSE(make_bridge_residual(truth, from, to, 0, 2));
  EXPECT_FALSE(make_bridge_residual(truth, from, to, 2, kMaxBridgeGap + 1));
  truth.distance += 1e6;  // a restart across the course
  EXPECT_FALSE(make_bridge_residual(truth, from, to, 2, 2));
}

RunnerBridge sample_bridge() {
  RunnerBridge b;
  BridgeResidual r;
  r.gap = 2;
  r.chord_gap = 2;
  r.joints = 0b0000'0001'0000'0101;
  r.joint[0] = {-3, 17};
  r.joint[2] = {40, -1};
  r.joint[8] = {-kMaxBridgeQ, kMaxBridgeQ};
  b.back[0] = r;
  r.gap = 4;
  r.chord_gap = 2;
  r.has_distance = true;
  r.distance = -9;
  b.back[1] = r;
  r = {};
  r.gap = 6;
  r.chord_gap = 2;
  r.joints = 0b0100'0000'0000'0000;
  r.joint[14] = {-25, 13};
  b.guess = r;
  r = {};
  r.gap = 8;
  r.chord_gap = 2;
  r.joints = 0b0000'0000'0100'0001;
  r.joint[0] = {31, -2};
  r.joint[6] = {-19, 44};
  r.has_distance = true;
  r.distance = 17;
  b.hidden = r;
  return b;
}

TEST(BridgeResidual, EncodesAndDecodesExactly) {
  for (int variant = 0; variant < 15; ++variant) {  // 15: nothing left, written as one bit
    RunnerBridge b = sample_bridge();
    if (variant & 1) b.back[0].reset();
    if (variant & 2) b.back[1].reset();
    if (variant & 4) b.guess.reset();
    if (variant & 8) b.hidden.reset();
    BitWriter w;
    write_bridge(w, b);
    w.write_bits(0x2d, 6);  // whatever follows is left alone
    const auto bytes = w.take();
    BitReader in(bytes);
    RunnerBridge out;
    ASSERT_TRUE(read_bridge(in, out));
    EXPECT_EQ(out, b);
    EXPECT_EQ(in.read_bits(6), 0x2du);
  }
  // Nothing to rebuild: one bit.
  BitWriter w;
  write_bridge(w, RunnerBridge{});
  EXPECT_EQ(w.bit_count(), 1u);
}

TEST(BridgeResidual, CorruptOrTruncatedStreamsAreRejected) {
  BitWriter w;
  write_bridge(w, sample_bridge());
  const auto bytes = w.take();
  for (std::size_t n = 0; n + 1 < bytes.size(); ++n) {
    BitReader in(std::span<const std::uint8_t>(bytes.data(), n));
    RunnerBridge out;
    EXPECT_FALSE(read_bridge(in, out)) << n << " bytes";
  }
  // A chord gap beyond kMaxBridgeGap.
  BitWriter g;
  g.write_bool(true);
  g.write_bool(true);
  g.write_exp_golomb(kMaxBridgeGap, 1);
  g.write_signed(0, 0);
  g.write_bits(1, rig::kJointCount);
  g.write_bool(false);
  g.write_signed(40, 3);
  g.write_signed(40, 3);
  g.write_bool(false);
  auto gb = g.take();
  BitReader gin(gb);
  RunnerBridge out;
  EXPECT_FALSE(read_bridge(gin, out));
  // A gap of zero ticks (the rebuilt snapshot would be the carrier).
  BitWriter z;
  z.write_bool(true);
  z.write_bool(true);
  z.write_exp_golomb(1, 1);
  z.write_signed(-2, 0);
  z.write_bits(1, rig::kJointCount);
  z.write_bool(false);
  z.write_signed(40, 3);
  z.write_signed(40, 3);
  z.write_bool(false);
  auto zb = z.take();
  BitReader zin(zb);
  EXPECT_FALSE(read_bridge(zin, out));
  // "Something follows", then nothing at any of the four levels.
  BitWriter n;
  n.write_bool(true);
  for (int level = 0; level < 4; ++level) n.write_bool(false);
  auto nb = n.take();
  BitReader nin(nb);
  EXPECT_FALSE(read_bridge(nin, out));
  // A residual that says it sends something and sends nothing.
  BitWriter e;
  e.write_bool(true);
  e.write_bool(true);
  e.write_exp_golomb(1, 1);
  e.write_signed(0, 0);
  e.write_bits(0, rig::kJointCount);
  e.write_bool(false);
  e.write_bool(false);
  auto eb = e.take();
  BitReader ein(eb);
  EXPECT_FALSE(read_bridge(ein, out));
}

TEST(BridgeResidual, RunnerBlocksCarryThemInBothForms) {
  RunnerSnapshot s;
  s.id = 5;
  s.distance = 321.5;
  s.pose.joints[0] = {0.f, -66.f};
  s.bridge = sample_bridge();
  const QuantizedRunner q = quantize_runner(s);
  ASSERT_EQ(q.bridge, s.bridge);
  RunnerSnapshot base_s = s;
  base_s.bridge = {};
  base_s.distance = 300.0;
  QuantizedSnapshot base;
  base.runners.push_back(quantize_runner(base_s));
  const std::array<const QuantizedRunner*, 2> forms{nullptr, &base.runners[0]};
  for (const QuantizedRunner* against : forms) {
    BitWriter w;
    write_runner(w, q, against);
    const auto bytes = w.take();
    std::vector<QuantizedRunner> out;
    ASSERT_TRUE(read_runner_block(bytes, 1, against ? &base : nullptr, out));
    ASSERT_EQ(out.size(), 1u);
    EXPECT_EQ(out[0], q);
    EXPECT_EQ(rebuild_runner(out[0]).bridge, s.bridge);
  }
}

// 30 Hz frames of a 60 Hz rig running at cadence 2.8 (runner 1, at the rig's ground travel),
// with bridge residuals; `input` changes each tick's input, `each` sees the rig after each tick.
std::vector<std::shared_ptr<const SnapshotFrame>> rig_frames(
    Tick ticks, const std::function<void(Tick, rig::RigInput&)>& input,
    const std::function<void(Tick, const rig::RigState&)>& each = {}) {
  rig::RigState state;
  std::shared_ptr<const SnapshotFrame> previous;
  std::vector<std::shared_ptr<const SnapshotFrame>> frames;
  for (Tick tick = 1; tick <= ticks; ++tick) {
    rig::RigInput in;
    in.motion = rig::Motion::Run;
    in.cadence = 2.8f;
    input(tick, in);
    const rig::Pose pose = rig::step_rig(state, in, 1.f / 60.f);
    if (each) each(tick, state);
    if (tick % 2) continue;
    Snapshot w;
    w.tick = tick;
    RunnerSnapshot r;
    r.id = 1;
    r.pose = pose;
    r.distance = state.scroll;
    w.runners.push_back(r);
    auto f = std::make_shared<const SnapshotFrame>(w, previous.get());
    frames.push_back(f);
    previous = f;
  }
  return frames;
}

// Runner 1 of a frame as a client rebuilds it.
BridgePoint frame_point(const SnapshotFrame& f) {
  const RunnerSnapshot r = rebuild_runner(f.runner(0));
  return bridge_point(r.pose, r.distance);
}

// A real rig landing from a leap, 30 Hz frames of a 60 Hz rig: the snapshot where the chord
// misses the most (the plant) is rebuilt from its successor's residual within the threshold,
// where the chord misses by many units.
TEST(BridgeResidual, ALostSnapshotAtALandingIsRebuiltFromItsSuccessor) {
  const auto frames = rig_frames(240, [](Tick tick, rig::RigInput& in) {
    in.motion = tick >= 60 && tick < 97 ? rig::Motion::Leap : rig::Motion::Run;
  });
  const auto& point = frame_point;
  float worst_chord = 0.f, worst_rebuilt = 0.f, worst_rebuilt2 = 0.f;
  for (std::size_t i = 3; i < frames.size(); ++i) {
    const BridgePoint lost = point(*frames[i - 1]), from = point(*frames[i - 2]);
    const BridgePoint to = point(*frames[i]);
    const BridgeResidual* r =
        frames[i]->runner(0).bridge.back[0] ? &*frames[i]->runner(0).bridge.back[0] : nullptr;
    const BridgePoint chord = bridge_chord(from, to, 2, 2);
    const BridgePoint rebuilt = r ? apply_bridge_residual(from, to, *r) : chord;
    worst_chord = std::max(worst_chord, worst_axis(chord, lost));
    worst_rebuilt = std::max(worst_rebuilt, worst_axis(rebuilt, lost));
    // Two lost in a row: i−2 from i−3 and i, then i−1 against the rebuilt i−2.
    const BridgePoint lost2 = from, from3 = point(*frames[i - 3]);
    const auto& b = frames[i]->runner(0).bridge;
    const BridgePoint rebuilt_2 =
        b.back[1] ? apply_bridge_residual(from3, to, *b.back[1]) : bridge_chord(from3, to, 2, 4);
    const BridgePoint rebuilt_1 = b.back[0] ? apply_bridge_residual(rebuilt_2, to, *b.back[0])
                                            : bridge_chord(rebuilt_2, to, 2, 2);
    worst_rebuilt2 =
        std::max({worst_rebuilt2, worst_axis(rebuilt_2, lost2), worst_axis(rebuilt_1, lost)});
  }
  std::printf("  landing: chord misses by %.2f units, rebuilt %.2f, two in a row rebuilt %.2f\n",
              worst_chord, worst_rebuilt, worst_rebuilt2);
  EXPECT_GT(worst_chord, 8.f);
  EXPECT_LE(worst_rebuilt, kWorstAxis + 1e-3f);
  // i−2 within the deeper threshold, i−1 within its own plus half of that.
  const float deep = (static_cast<float>(kBridgeDeepThresholdQ) + 0.5f) * kBridgeStep;
  EXPECT_LE(worst_rebuilt2, kWorstAxis + 0.5f * deep + 1e-3f);
}

// A real rig's thrust, 30 Hz frames of a 60 Hz rig, three snapshots lost in a row: nothing
// rebuilds the first of them against a chord (its start was lost too). The guess that bends
// the motion least misses a thrust's strike by many units; the carrier's residual against that
// same guess brings it within the threshold, and the other two are then rebuilt against it.
TEST(BridgeResidual, TheFirstOfThreeLostIsRebuiltFromTheGuessResidual) {
  std::vector<bool> thrusting;  // per frame: since the frame before
  bool thrust_since = false;
  const auto frames = rig_frames(
      600,
      [](Tick tick, rig::RigInput& in) {
        // A thrust now and then, starting at either snapshot phase.
        in.start_thrust = tick % 100 == 37 || tick % 200 == 88;
      },
      [&](Tick tick, const rig::RigState& state) {
        thrust_since = thrust_since || state.thrust_time >= 0.f;
        if (tick % 2) return;
        thrusting.push_back(thrust_since);
        thrust_since = false;
      });
  const auto& point = frame_point;
  float worst_guess = 0.f, worst_first = 0.f, worst_others = 0.f;
  std::size_t sent = 0, sent_running = 0, running_frames = 0;
  for (std::size_t i = 5; i < frames.size(); ++i) {
    bool running = true;  // no thrust in any frame the guess looks at
    for (std::size_t k = i - 5; k <= i; ++k) running = running && !thrusting[k];
    // i−3, i−2 and i−1 lost; i−4 and i−5 before them; i carries.
    const BridgePoint before = point(*frames[i - 5]), from = point(*frames[i - 4]);
    const BridgePoint to = point(*frames[i]);
    const RunnerBridge& b = frames[i]->runner(0).bridge;
    const BridgePoint guess = bridge_guess(&before, from, to, nullptr, b, 2);
    const BridgePoint first = b.guess ? apply_guess_residual(guess, *b.guess) : guess;
    sent += b.guess.has_value();
    sent_running += running && b.guess.has_value();
    running_frames += running;
    const BridgePoint second =
        b.back[1] ? apply_bridge_residual(first, to, *b.back[1]) : bridge_chord(first, to, 2, 4);
    const BridgePoint third =
        b.back[0] ? apply_bridge_residual(second, to, *b.back[0]) : bridge_chord(second, to, 2, 2);
    const BridgePoint truth = point(*frames[i - 3]);
    worst_guess = std::max(worst_guess, worst_axis(guess, truth));
    worst_first = std::max(worst_first, worst_axis(first, truth));
    worst_others = std::max({worst_others, worst_axis(second, point(*frames[i - 2])),
                             worst_axis(third, point(*frames[i - 1]))});
  }
  std::printf(
      "  thrusts, three lost: the guess misses by %.2f units, rebuilt %.2f (residual in %zu of "
      "%zu; in %zu of %zu running alone), the other two %.2f\n",
      worst_guess, worst_first, sent, frames.size() - 5, sent_running, running_frames,
      worst_others);
  const float guess_axis = (static_cast<float>(kBridgeGuessThresholdQ) + 0.5f) * kBridgeStep;
  EXPECT_GT(worst_guess, 2.f * guess_axis);
  EXPECT_LE(worst_first, guess_axis + 1e-3f);
  EXPECT_GT(sent, sent_running);
  // Running alone bends at each plant and lift-off: a residual in a fifth of the snapshots.
  EXPECT_GT(running_frames, 100u);
  EXPECT_LT(sent_running * 3, running_frames);
  // Each rebuilt against a start within the threshold: within its own plus that start's share.
  const float deep = (static_cast<float>(kBridgeDeepThresholdQ) + 0.5f) * kBridgeStep;
  EXPECT_LE(worst_others, deep + guess_axis + 1e-3f);
}

// Four lost in a row, thrusts and landings of a real rig: the one before the first of three is
// guessed with it (bridge_guess_hidden) and misses a strike or a plant by many units; the
// carrier's residual against that guess brings it within the threshold, and the first of three
// guessed from it (with its own residual) stays within its threshold plus a share of that.
TEST(BridgeResidual, TheOneBeforeTheFirstOfThreeIsRebuiltFromTheHiddenResidual) {
  const auto frames = rig_frames(900, [](Tick tick, rig::RigInput& in) {
    in.start_thrust = tick % 100 == 37 || tick % 200 == 88;
    in.motion = tick % 300 >= 150 && tick % 300 < 187 ? rig::Motion::Leap : rig::Motion::Run;
  });
  const auto& point = frame_point;
  float worst_guess = 0.f, worst_hidden = 0.f, worst_first = 0.f;
  std::size_t sent = 0;
  for (std::size_t i = 6; i < frames.size(); ++i) {
    // i−4 .. i−1 lost; i−5 and i−6 before them; i carries.
    const BridgePoint before = point(*frames[i - 6]), from = point(*frames[i - 5]);
    const BridgePoint to = point(*frames[i]);
    const RunnerBridge& b = frames[i]->runner(0).bridge;
    const auto& hidden_residual = frames[i]->hidden_residual(0);
    const BridgeResidual* res = b.guess ? &*b.guess : nullptr;
    const BridgePoint guess = bridge_guess_hidden(&before, from, to, nullptr, b, res, 2);
    const BridgePoint hidden =
        hidden_residual ? apply_guess_residual(guess, *hidden_residual) : guess;
    sent += hidden_residual.has_value();
    const BridgePoint first_guess = bridge_guess(&from, hidden, to, nullptr, b, 2);
    const BridgePoint first = res ? apply_guess_residual(first_guess, *res) : first_guess;
    const BridgePoint truth = point(*frames[i - 4]);
    worst_guess = std::max(worst_guess, worst_axis(guess, truth));
    worst_hidden = std::max(worst_hidden, worst_axis(hidden, truth));
    worst_first = std::max(worst_first, worst_axis(first, point(*frames[i - 3])));
  }
  std::printf(
      "  four lost: the guess of the one before the three misses by %.2f units, rebuilt %.2f "
      "(residual in %zu of %zu), the first of three then %.2f\n",
      worst_guess, worst_hidden, sent, frames.size() - 6, worst_first);
  const float guess_axis = (static_cast<float>(kBridgeHiddenThresholdQ) + 0.5f) * kBridgeStep;
  EXPECT_GT(worst_guess, 2.f * guess_axis);
  EXPECT_LE(worst_hidden, guess_axis + 1e-3f);
  EXPECT_GT(sent, 0u);
  EXPECT_LT(sent, frames.size() - 6);
  // The first of three moves with its start by at most half of it (its guess is affine in the
  // start with a slope of at most 1/2 ... 1), plus its own threshold.
  const float first_axis = (static_cast<float>(kBridgeGuessThresholdQ) + 0.5f) * kBridgeStep;
  EXPECT_LE(worst_first, first_axis + guess_axis + 1e-3f);
}

// The residual of four lost in a row goes only to a client that may be in such a run: one
// whose newest acknowledgement is older than the snapshot it rebuilds (and that acknowledged
// something: a new client holds nothing before the run).
TEST(BridgeResidual, TheHiddenResidualGoesOnlyToClientsNotPastIt) {
  const auto frames = rig_frames(1200, [](Tick tick, rig::RigInput& in) {
    in.start_thrust = tick % 100 == 37;
    in.motion = tick % 140 < 37 ? rig::Motion::Leap : rig::Motion::Run;
  });
  SnapshotEncoder prompt, slow, fresh;
  prompt.set_bridge_policy(BridgePolicy::Always);
  slow.set_bridge_policy(BridgePolicy::Always);
  fresh.set_bridge_policy(BridgePolicy::Always);
  std::size_t with_hidden = 0, prompt_hidden = 0, slow_hidden = 0;
  const std::vector<std::uint32_t> order{0};
  for (std::size_t k = 0; k < frames.size(); ++k) {
    const auto& f = frames[k];
    const bool has = f->hidden_residual(0).has_value();
    with_hidden += has;
    const auto count_hidden = [&](const SnapshotMessage& m) {
      std::vector<QuantizedRunner> out;
      QuantizedSnapshot base;
      // Decoded in full or against the frame it was sent against: only the bridge matters.
      if (!m.baseline_tick) {
        EXPECT_TRUE(read_runner_block(m.runner_block, 1, nullptr, out));
      } else {
        base.runners.push_back(frames[(*m.baseline_tick / 2) - 1]->runner(0));
        EXPECT_TRUE(read_runner_block(m.runner_block, 1, &base, out));
      }
      return !out.empty() && out[0].bridge.hidden.has_value();
    };
    prompt_hidden += count_hidden(prompt.encode(f, order, std::nullopt));
    slow_hidden += count_hidden(slow.encode(f, order, std::nullopt));
    EXPECT_FALSE(count_hidden(fresh.encode(f, order, std::nullopt)));  // never acknowledges
    prompt.acknowledge(f->tick());                                     // acked before the next
    if (k >= 5) slow.acknowledge(frames[k - 5]->tick());               // five snapshots late
  }
  std::printf(
      "  hidden residuals in %zu of %zu frames: sent to the prompt client %zu, the slow %zu\n",
      with_hidden, frames.size(), prompt_hidden, slow_hidden);
  EXPECT_GT(with_hidden, 20u);
  EXPECT_EQ(prompt_hidden, 0u);
  EXPECT_EQ(slow_hidden, with_hidden);
  EXPECT_EQ(prompt.stats().hidden_snapshots, 0u);
  EXPECT_GT(slow.stats().hidden_snapshots, frames.size() - 10);
  EXPECT_EQ(fresh.stats().hidden_snapshots, 0u);
}

// The encoder sends residuals only while the client's acks skip snapshots: a clean path pays
// one bit a runner.
TEST(BridgeResidual, EncodersSendThemOnlyToClientsThatLoseSnapshots) {
  rig::RigState state;
  SnapshotEncoder clean, lossy;
  std::size_t lossy_runners = 0, clean_bits = 0, lossy_bits = 0, clean_runners = 0;
  for (Tick tick = 1; tick <= 1200; ++tick) {
    rig::RigInput in;
    in.motion = tick % 140 < 37 ? rig::Motion::Leap : rig::Motion::Run;
    in.cadence = 2.8f;
    const rig::Pose pose = rig::step_rig(state, in, 1.f / 60.f);
    if (tick % 2) continue;
    Snapshot w;
    w.tick = tick;
    RunnerSnapshot r;
    r.id = 1;
    r.pose = pose;
    r.distance = state.scroll;
    w.runners.push_back(r);
    (void)clean.encode(w);
    (void)lossy.encode(w);
    clean.acknowledge(tick);
    if (tick % 20 != 0) lossy.acknowledge(tick);  // one in ten never arrives
    if (tick > 600) lossy_runners += 1;
    if (tick == 600) {
      clean_bits = clean.stats().bridge_bits;
      lossy_bits = lossy.stats().bridge_bits;
      clean_runners = clean.stats().runners;
      EXPECT_FALSE(clean.sends_bridges());
      EXPECT_TRUE(lossy.sends_bridges());
      EXPECT_NEAR(lossy.skipped(), 0.1, 0.05);
    }
  }
  // After the first seconds (a new client is bridged until its acks show a clean path), the one
  // 0 bit each.
  clean_bits = clean.stats().bridge_bits - clean_bits;
  lossy_bits = lossy.stats().bridge_bits - lossy_bits;
  EXPECT_EQ(clean_bits, clean.stats().runners - clean_runners);
  EXPECT_GT(lossy_bits, clean_bits + 8 * lossy_runners / 4);
  std::printf("  bridge bits per runner, after 10 s: clean %.2f, lossy %.2f\n",
              double(clean_bits) / double(lossy_runners),
              double(lossy_bits) / double(lossy_runners));
}

}  // namespace
}  // namespace spear::net
