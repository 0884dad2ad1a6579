// The race status in the snapshot body and the results board beside it: they round-trip, and
// every field out of its bounds is refused by the decoder before anything sees it.
#include <gtest/gtest.h>

#include "net/bit_stream.hpp"
#include "net/codec.hpp"
#include "net/message_body.hpp"

namespace spear::net {
namespace {

SnapshotMessage racing_snapshot() {
  SnapshotMessage s;
  s.tick = 12000;
  s.runner_block = {7, 7};
  s.runner_count = 1;
  s.race = RaceStatus{RacePhase::Race, 5, 4321, 11100, 1260};
  return s;
}

BoardPage some_page() {
  BoardPage p;
  p.kind = BoardKind::Results;
  p.race = 5;
  p.total = 6;
  p.first = 4;
  p.entries = {{5, "Ada", false, 812, 733.4, 9, 2, 4}, {6, "Wren", true, 640, 601.0, 4, 5, 2}};
  return p;
}

DecodeError decode(const SnapshotMessage& s, SnapshotMessage* out = nullptr) {
  Packet in;
  const DecodeError e = decode_packet(encode_packet({3, 9, s}), in);
  if (e == DecodeError::None && out) *out = std::get<SnapshotMessage>(in.message);
  return e;
}

TEST(RaceWire, StatusRoundTripsInAFewBytes) {
  SnapshotMessage s = racing_snapshot();
  SnapshotMessage back;
  ASSERT_EQ(decode(s, &back), DecodeError::None);
  EXPECT_EQ(back.race, s.race);
  EXPECT_EQ(back.runner_block, s.runner_block);
  for (RacePhase phase : {RacePhase::Warmup, RacePhase::Countdown, RacePhase::Results}) {
    s.race->phase = phase;
    ASSERT_EQ(decode(s, &back), DecodeError::None);
    EXPECT_EQ(back.race->phase, phase);
  }
  SnapshotMessage plain = racing_snapshot();
  plain.race.reset();
  ASSERT_EQ(decode(plain, &back), DecodeError::None);
  EXPECT_FALSE(back.race);
  // The per-snapshot price: a few bytes over a snapshot without races.
  EXPECT_LE(write_snapshot_body(racing_snapshot()).size(), write_snapshot_body(plain).size() + 8);
}

TEST(RaceWire, ADeltaSnapshotKeepsItsMatchStart) {
  // The body's two ages (the baseline's and the match start's) are read into their own fields.
  SnapshotMessage s = racing_snapshot();
  s.baseline_tick = s.tick - 2;
  SnapshotMessage back;
  ASSERT_EQ(decode(s, &back), DecodeError::None);
  EXPECT_EQ(back.baseline_tick, s.baseline_tick);
  ASSERT_TRUE(back.race);
  EXPECT_EQ(back.race->match_first_tick, 11100u);
}

TEST(RaceWire, BoardPageRoundTripsOnlyWithAStatus) {
  SnapshotMessage s = racing_snapshot();
  s.race->phase = RacePhase::Results;
  s.board = some_page();
  SnapshotMessage back;
  ASSERT_EQ(decode(s, &back), DecodeError::None);
  ASSERT_TRUE(back.board);
  EXPECT_EQ(back.board->entries.size(), 2u);
  EXPECT_EQ(back.board->entries[0].name, "Ada");
  EXPECT_NEAR(back.board->entries[0].distance_m, 733.4, 0.05);  // decimetres on the wire
  EXPECT_EQ(back.board->entries[1].crashes, 5u);
  EXPECT_TRUE(back.board->entries[1].bot);
  EXPECT_EQ(back.board->first, 4u);
  EXPECT_EQ(back.board->total, 6u);
  s.race.reset();  // a board without a race status is refused
  EXPECT_EQ(decode(s), DecodeError::BadField);
}

TEST(RaceWire, BoardFieldsOutOfBoundsAreRefused) {
  SnapshotMessage s = racing_snapshot();
  s.race->phase = RacePhase::Results;
  const auto refused = [&](auto change) {
    SnapshotMessage m = s;
    m.board = some_page();
    change(*m.board);
    return decode(m) == DecodeError::BadField;
  };
  EXPECT_FALSE(refused([](BoardPage&) {}));
  EXPECT_TRUE(refused([](BoardPage& p) { p.kind = BoardKind::Count; }));
  EXPECT_TRUE(refused([](BoardPage& p) { p.total = kMaxBoardEntries + 1; }));
  EXPECT_TRUE(refused([](BoardPage& p) {
    p.kind = BoardKind::AllTime;
    p.total = kMaxAllTimeEntries + 1;
  }));
  EXPECT_TRUE(refused([](BoardPage& p) { p.first = 5; }));  // entries past the total
  EXPECT_TRUE(refused([](BoardPage& p) { p.race = 0; }));
  EXPECT_TRUE(refused([](BoardPage& p) { p.entries[1].place = 0; }));
}

// A snapshot body with a race status written field by field (what a hostile server could send).
bool read_status(Tick tick, std::uint64_t number, std::uint64_t left, std::uint64_t age,
                 std::uint64_t wait, RaceStatus* out = nullptr) {
  BitWriter w;
  w.write_exp_golomb(0, 2);  // baseline age
  w.write_exp_golomb(0, 3);  // runners
  w.write_exp_golomb(0, 4);  // roll call
  w.write_bool(false);       // own
  w.write_exp_golomb(0, 0);  // broken
  w.write_bool(true);
  w.write_bits(2, 2);  // the race phase
  w.write_exp_golomb(number, 0);
  w.write_exp_golomb(left, 8);
  w.write_exp_golomb(age, 10);
  w.write_exp_golomb(wait, 8);
  const std::vector<std::uint8_t> body = w.take();
  SnapshotMessage m;
  m.tick = tick;
  const bool ok = read_snapshot_body(body, m);
  if (ok && out) *out = *m.race;
  return ok;
}

TEST(RaceWire, MalformedStatusIsRefused) {
  RaceStatus r;
  ASSERT_TRUE(read_status(1000, 2, 600, 400, 660, &r));
  EXPECT_EQ(r.race, 3u);
  EXPECT_EQ(r.match_first_tick, 600u);
  EXPECT_EQ(r.ticks_left, 600u);
  EXPECT_EQ(r.wait, 660u);
  EXPECT_FALSE(read_status(1000, 2, 600, 1001, 660));            // a match begun before tick 0
  EXPECT_FALSE(read_status(1000, kMaxWireRace, 600, 400, 660));  // race number too large
  EXPECT_FALSE(read_status(1000, 2, kMaxPhaseTicks + 1, 400, 660));
  EXPECT_FALSE(read_status(1000, 2, 600, 400, kMaxPhaseTicks + 1));
  // Cut short anywhere in the status: refused, never read past the end.
  SnapshotMessage s = racing_snapshot();
  s.runner_block.clear();
  s.runner_count = 0;
  const std::vector<std::uint8_t> body = write_snapshot_body(s);
  for (std::size_t n = 0; n + 1 < body.size(); ++n) {
    SnapshotMessage m;
    m.tick = s.tick;
    EXPECT_FALSE(read_snapshot_body({body.data(), n}, m)) << n;
  }
}

}  // namespace
}  // namespace spear::net
