#include "net/message_body.hpp"

#include <gtest/gtest.h>

#include "net/bit_stream.hpp"

namespace spear::net {
namespace {

TEST(MessageBody, InputRoundTripsAndIsSmall) {
  Input in;
  in.ack_tick = 4000;
  for (Tick t = 4006; t < 4014; ++t) in.frames.push_back({t, 0, 0});
  in.frames[3].buttons = 1;
  in.frames[7].lab_motion = 4;
  const auto body = write_input_body(in);
  // 8 frames, one press and one lab motion: the tick once, then a few bits a frame.
  EXPECT_LE(body.size(), 11u);
  Input out;
  ASSERT_TRUE(read_input_body(body, out));
  EXPECT_EQ(out.frames, in.frames);
  EXPECT_EQ(out.ack_tick, in.ack_tick);
}

TEST(MessageBody, EightQuietFramesAndAnAckTakeNineBytes) {
  // PROTOCOL.md, "Client -> server: Input": n eg(1) 6 bits, the first tick 32, seven later
  // ticks 1 bit each, 2 bits a frame for no buttons and no lab motion (16), the ack flag 1 and
  // the ack se(5) of first tick − ack for 6 ticks back, 6 bits, and no view, 1 bit: 69 bits,
  // 9 bytes; each frame's tick (delta), buttons and lab_motion are written together, frame after
  // frame.
  Input in;
  in.ack_tick = 4000;
  for (Tick t = 4006; t < 4014; ++t) in.frames.push_back({t, 0, 0});
  EXPECT_EQ(write_input_body(in).size(), 9u);
  // Frame after frame: the second frame's press sits right after its tick delta, before the
  // third frame's delta (a reader that took all ticks first would read other ticks).
  Input two;
  two.frames = {{100, 0, 0}, {103, 1, 0}, {104, 0, 2}};
  const auto body = write_input_body(two);
  BitReader r(body);
  EXPECT_EQ(r.read_exp_golomb(1), 3u);
  EXPECT_EQ(r.read_bits(32), 100u);
  EXPECT_FALSE(r.read_bool());          // frame 1: no buttons
  EXPECT_FALSE(r.read_bool());          //          no lab motion
  EXPECT_EQ(r.read_exp_golomb(0), 2u);  // frame 2: tick 103 = 100 + 2 + 1
  EXPECT_TRUE(r.read_bool());
  EXPECT_EQ(r.read_bits(8), 1u);  //          jump
  EXPECT_FALSE(r.read_bool());
  EXPECT_EQ(r.read_exp_golomb(0), 0u);  // frame 3: tick 104
  EXPECT_FALSE(r.read_bool());
  EXPECT_TRUE(r.read_bool());
  EXPECT_EQ(r.read_bits(8), 2u);  //          lab motion 2
  EXPECT_FALSE(r.read_bool());    // no ack
  EXPECT_TRUE(r.ok());
}

TEST(MessageBody, InputAckWithoutFramesAndFarAcks) {
  for (const Tick ack : {Tick{0}, Tick{7}, Tick{0xffffffffu}}) {
    Input in;
    in.ack_tick = ack;
    Input out;
    ASSERT_TRUE(read_input_body(write_input_body(in), out));
    EXPECT_EQ(out.ack_tick, in.ack_tick);
    EXPECT_TRUE(out.frames.empty());
    in.frames = {{0xfffffff0u, 2, 0}, {0xffffffffu, 0, 0}};  // an ack far below the frames
    ASSERT_TRUE(read_input_body(write_input_body(in), out));
    EXPECT_EQ(out.frames, in.frames);
    EXPECT_EQ(out.ack_tick, in.ack_tick);
  }
}

TEST(MessageBody, InputRejectsMalformedBodies) {
  Input out;
  {
    BitWriter w;  // 17 frames
    w.write_exp_golomb(kMaxInputFrames + 1, 1);
    EXPECT_FALSE(read_input_body(w.bytes(), out));
  }
  {
    BitWriter w;  // a second frame past tick 2^32 − 1
    w.write_exp_golomb(2, 1);
    w.write_bits(0xffffffffu, 32);
    w.write_bits(0, 2);
    w.write_exp_golomb(0, 0);
    w.write_bits(0, 2);
    w.write_bool(false);
    EXPECT_FALSE(read_input_body(w.bytes(), out));
  }
  Input in;
  in.frames = {{10, 1, 0}};
  auto body = write_input_body(in);
  ASSERT_TRUE(read_input_body(body, out));
  auto longer = body;
  longer.push_back(0);  // a byte left over
  EXPECT_FALSE(read_input_body(longer, out));
  for (std::size_t n = 0; n < body.size(); ++n)
    EXPECT_FALSE(read_input_body(std::span(body.data(), n), out)) << n;
}

TEST(MessageBody, InputCarriesTheViewAndRefusesOneOutOfRange) {
  Input in;
  in.ack_tick = 500;
  in.frames = {{502, 0, 0}};
  const std::size_t without = write_input_body(in).size();
  for (const InputView view : {InputView{std::nullopt, 1}, InputView{0, kDefaultViewWidth},
                               InputView{65535, kMaxViewWidth}, InputView{300, 1027}}) {
    in.view = view;
    const auto body = write_input_body(in);
    EXPECT_LE(body.size(), without + 7);  // at most 51 bits (id 65535, width 4096)
    Input out;
    ASSERT_TRUE(read_input_body(body, out));
    EXPECT_EQ(out.view, in.view);
    EXPECT_EQ(out.frames, in.frames);
    for (std::size_t n = 0; n < body.size(); ++n)
      EXPECT_FALSE(read_input_body(std::span(body.data(), n), out)) << n;
  }
  Input none;
  ASSERT_TRUE(read_input_body(write_input_body(in = Input{}), none));
  EXPECT_FALSE(none.view);
  // Hand-written: a width of 4097 and a followed id of 65536 are malformed.
  const auto body_with = [](std::uint64_t id, std::uint64_t width) {
    BitWriter w;
    w.write_exp_golomb(0, 1);  // no frames
    w.write_bool(false);       // no ack
    w.write_bool(true);        // a view
    w.write_bool(true);
    w.write_exp_golomb(id, 4);
    w.write_exp_golomb(width - 1, 6);
    return w.take();
  };
  Input out;
  EXPECT_TRUE(read_input_body(body_with(65535, 4096), out));
  EXPECT_FALSE(read_input_body(body_with(65535, 4097), out));
  EXPECT_FALSE(read_input_body(body_with(65536, 800), out));
}

SnapshotMessage sample_snapshot() {
  SnapshotMessage s;
  s.tick = 90000;
  s.baseline_tick = 89996;
  s.runner_count = 3;
  s.runner_block = {0x11, 0x22, 0x33, 0x44};
  s.own = OwnRunnerState{5, 90000, 89993, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
  s.broken = {{5, 1234, 89990}, {2, 1240, 89999}};
  return s;
}

TEST(MessageBody, SnapshotRoundTripsWithSmallHeader) {
  const SnapshotMessage s = sample_snapshot();
  const auto body = write_snapshot_body(s);
  // The own runner's 9 check bytes, two broken targets, and a few bytes of header.
  EXPECT_LE(body.size(), s.runner_block.size() + 9 + 2 * 4 + 4);
  SnapshotMessage out;
  out.tick = s.tick;
  ASSERT_TRUE(read_snapshot_body(body, out));
  EXPECT_EQ(out.baseline_tick, s.baseline_tick);
  EXPECT_EQ(out.runner_count, s.runner_count);
  EXPECT_EQ(out.runner_block, s.runner_block);
  ASSERT_TRUE(out.own);
  EXPECT_EQ(out.own->id, s.own->id);
  EXPECT_EQ(out.own->state_tick, s.own->state_tick);
  EXPECT_EQ(out.own->last_input_tick, s.own->last_input_tick);
  EXPECT_EQ(out.own->sim_state, s.own->sim_state);
  EXPECT_EQ(out.broken, s.broken);

  SnapshotMessage bare;  // a full snapshot for a spectator: no own runner, nothing broken
  bare.tick = 7;
  bare.runner_count = 1;
  bare.runner_block = {0xff};
  out = SnapshotMessage{};
  out.tick = 7;
  ASSERT_TRUE(read_snapshot_body(write_snapshot_body(bare), out));
  EXPECT_FALSE(out.baseline_tick);
  EXPECT_FALSE(out.own);
  EXPECT_TRUE(out.broken.empty());
  EXPECT_EQ(out.runner_block, bare.runner_block);
}

TEST(MessageBody, SnapshotRejectsTicksBeforeZeroAndOverlongFields) {
  SnapshotMessage s = sample_snapshot();
  const auto body = write_snapshot_body(s);
  SnapshotMessage out;
  out.tick = 3;  // the same body read against a tick too small for its baseline and targets
  EXPECT_FALSE(read_snapshot_body(body, out));
  {
    BitWriter w;  // 256 runners
    w.write_exp_golomb(0, 2);
    w.write_exp_golomb(kMaxRunnersPerSnapshot + 1, 3);
    w.write_bool(false);
    w.write_exp_golomb(0, 0);
    out.tick = 100;
    EXPECT_FALSE(read_snapshot_body(w.bytes(), out));
  }
  {
    BitWriter w;  // own runner state longer than the body
    w.write_exp_golomb(0, 2);
    w.write_exp_golomb(0, 3);
    w.write_bool(true);
    w.write_exp_golomb(1, 4);
    w.write_signed(0, 0);
    w.write_signed(0, 3);
    w.write_exp_golomb(200, 3);
    EXPECT_FALSE(read_snapshot_body(w.bytes(), out));
  }
  {
    BitWriter w;  // 17 broken targets
    w.write_exp_golomb(0, 2);
    w.write_exp_golomb(0, 3);
    w.write_bool(false);
    w.write_exp_golomb(kMaxBrokenTargets + 1, 0);
    EXPECT_FALSE(read_snapshot_body(w.bytes(), out));
  }
  out.tick = s.tick;
  for (std::size_t n = 0; n + s.runner_block.size() < body.size(); ++n)
    EXPECT_FALSE(read_snapshot_body(std::span(body.data(), n), out)) << n;
}

}  // namespace
}  // namespace spear::net
