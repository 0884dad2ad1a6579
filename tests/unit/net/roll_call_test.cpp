#include "net/roll_call.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "net/rig_cue.hpp"
#include "net/runner_block.hpp"
#include "sim/pace.hpp"

namespace spear::net {
namespace {

RollEntry entry(RunnerId id, RunnerMode mode, std::int64_t distance, std::uint32_t bonus = 0) {
  RollEntry e;
  e.id = id;
  e.mode = mode;
  e.flags = id % 2 ? runner_flags::kBot : 0;
  e.distance = distance;
  e.score = static_cast<std::uint32_t>(distance / 10) + bonus;
  return e;
}

// Writes `entries` as a roll call against `baseline` (`age` ticks older), then reads it back.
// Against a baseline every entry's rig cue runs on (one bit, or none for a steady entry) but
// those of `moved` (their cue says a motion), and a new runner's is the place holder.
std::vector<RollEntry> round_trip(const std::vector<RollEntry>& entries,
                                  const QuantizedSnapshot* baseline, std::uint32_t age,
                                  std::size_t* bits = nullptr,
                                  const std::vector<RunnerId>& moved = {}) {
  BitWriter w;
  const RollEntry* previous = nullptr;
  std::vector<RigCue> sent;
  for (const RollEntry& e : entries) {
    write_roll_id(w, e.id, previous ? previous->id : -1);
    const auto base = baseline ? baseline->roll_of(e.id) : std::nullopt;
    const bool runs_on = std::find(moved.begin(), moved.end(), e.id) == moved.end();
    RigCue cue;
    if (write_roll_entry(w, e, base ? &*base : nullptr, age, previous, base && runs_on)) {
      cue.runs_on = true;
    } else if (baseline && !base) {
      write_no_rig_cue(w);
    } else if (baseline && runs_on) {
      w.write_bool(true);  // the cue runs on
      cue.runs_on = true;
    } else if (baseline) {
      CueValues v;  // a leap begun a tick ago (in full: the phase too)
      v.motion = 8;
      v.motion_ticks = 1;
      write_rig_cue(w, v, nullptr, e.mode, 0, 0, 0, false);
      cue.phase = 0;
      cue.motion = v.motion;
      cue.motion_ticks = 1;
    }
    sent.push_back(cue);
    previous = &e;
  }
  if (bits) *bits = w.bit_count();
  const std::vector<std::uint8_t> bytes = w.take();
  BitReader r(bytes);
  std::vector<RollEntry> out;
  std::vector<RigCue> cues;
  EXPECT_TRUE(read_roll_call(r, entries.size(), baseline, age, out, baseline ? &cues : nullptr));
  EXPECT_LT(r.bits_left(), 8u);
  if (baseline) {
    EXPECT_EQ(cues, sent);
  }
  return out;
}

TEST(RollCall, EntriesRoundTripInFullAndAgainstABaseline) {
  std::vector<RollEntry> first = {
      entry(0, RunnerMode::Running, 12000, 40), entry(3, RunnerMode::Down, 800),
      entry(4, RunnerMode::Thrusting, 123456, 7), entry(300, RunnerMode::Countdown, 0)};
  EXPECT_EQ(round_trip(first, nullptr, 0), first);

  QuantizedSnapshot baseline;
  baseline.roll = first;
  std::vector<RollEntry> next = first;
  next[0].distance += 27;  // about 4 ticks of running
  next[0].score = static_cast<std::uint32_t>(next[0].distance / 10) + 40;
  next[1].mode = RunnerMode::Running;                   // up again
  next[2].score += 5;                                   // a target broken
  next.push_back(entry(301, RunnerMode::Running, 50));  // new: in full
  EXPECT_EQ(round_trip(next, &baseline, 4), next);
  // Entries whose cue says something: not steady, the cue after the entry's fields.
  EXPECT_EQ(round_trip(next, &baseline, 4, nullptr, {0, 4}), next);
}

TEST(RollCall, ARunnerRunningAtThePaceTakesAFewBits) {
  // 64 runners in a row, each as far on as its nominal ground speed takes it in 4 ticks: an id
  // gap bit, the steady bit and the distance's difference.
  QuantizedSnapshot baseline;
  std::vector<RollEntry> now;
  for (RunnerId id = 0; id < 64; ++id) {
    const RollEntry before = entry(id, RunnerMode::Running, 2000 + 371 * id, id);
    baseline.roll.push_back(before);
    RollEntry after = before;
    after.distance = predicted_roll_distance(before, 4) + (id % 3) - 1;  // off by a unit or so
    after.score = static_cast<std::uint32_t>(after.distance / 10) + id;
    now.push_back(after);
  }
  std::size_t bits = 0;
  EXPECT_EQ(round_trip(now, &baseline, 4, &bits), now);
  EXPECT_LE(bits, 64u * 5u);
  // The prediction is the nominal ground speed (PROTOCOL.md "Roll call").
  const RollEntry b = entry(9, RunnerMode::Running, 50000);
  EXPECT_EQ(predicted_roll_distance(b, 6),
            50000 + static_cast<std::int64_t>(sim::ground_speed_at(50000.0) * 6 / 60.0 + 0.5));
  EXPECT_EQ(predicted_roll_distance(entry(9, RunnerMode::Down, 50000), 6), 50000);
}

TEST(RollCall, AFullRunnerGivesTheSameValuesAsItsEntry) {
  QuantizedRunner q;
  q.id = 7;
  q.mode = RunnerMode::Jumping;
  q.flags = runner_flags::kAway;
  q.score = 99;
  q.distance = 16 * 1000 + 8;  // 1000.5 units: rounds up
  const RollEntry e = roll_entry_of(q);
  EXPECT_EQ(e.distance, 1001);
  q.distance = -(16 * 3 + 9);  // −3.5625 units
  EXPECT_EQ(roll_entry_of(q).distance, -4);
  QuantizedSnapshot s;
  s.runners.push_back(q);
  ASSERT_TRUE(s.roll_of(7));
  EXPECT_EQ(*s.roll_of(7), roll_entry_of(q));
  EXPECT_FALSE(s.roll_of(8));
}

TEST(RollCall, TwoHundredFiftySixRunnersFarIntoARaceFitOneDatagramWithoutABaseline) {
  // 100 s into a race the field spans a few kilometres: in full, each entry says its distance
  // against the one before it, and mostly "as before" for its mode and flags.
  std::vector<RollEntry> call;
  std::uint64_t x = 12345;
  for (RunnerId id = 1; id <= 256; ++id) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    const std::int64_t d = 36000 + static_cast<std::int64_t>((x >> 33) % 3000);
    RollEntry e = entry(id, id % 17 == 0 ? RunnerMode::Down : RunnerMode::Running, d,
                        static_cast<std::uint32_t>((x >> 20) % 120));
    e.flags = runner_flags::kBot;
    call.push_back(e);
  }
  std::size_t bits = 0;
  EXPECT_EQ(round_trip(call, nullptr, 0, &bits), call);
  EXPECT_LE(bits / 8, 1000u);  // with room for the followed runner's pose beside it
}

TEST(RollCall, CorruptOrTruncatedCallsAreRefused) {
  const std::vector<RollEntry> call = {entry(2, RunnerMode::Running, 900),
                                       entry(65535, RunnerMode::Running, 900)};
  BitWriter w;
  write_roll_id(w, 2, -1);
  write_roll_entry(w, call[0], nullptr, 0, nullptr, false);
  write_roll_id(w, 65535, 2);
  write_roll_entry(w, call[1], nullptr, 0, &call[0], false);
  const auto bytes = w.take();
  std::vector<RollEntry> out;
  {
    BitReader r(bytes);
    ASSERT_TRUE(read_roll_call(r, 2, nullptr, 0, out, nullptr));
    EXPECT_EQ(out, call);
  }
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    BitReader r(std::span(bytes.data(), n));
    EXPECT_FALSE(read_roll_call(r, 2, nullptr, 0, out, nullptr)) << n;
  }
  {
    BitReader r(bytes);  // a third entry would have an id past 65535
    EXPECT_FALSE(read_roll_call(r, 3, nullptr, 0, out, nullptr));
  }
  {
    BitWriter big;  // a distance past 2^36 units
    write_roll_id(big, 0, -1);
    big.write_bool(true);  // running, no flags, as before the first
    big.write_signed(kMaxRollDistance + 1, 10);
    big.write_signed(0, 4);
    const auto b = big.take();
    BitReader r(b);
    EXPECT_FALSE(read_roll_call(r, 1, nullptr, 0, out, nullptr));
  }
  {
    BitReader r(bytes);  // more entries than the bits could hold
    EXPECT_FALSE(read_roll_call(r, kMaxRollCall + 1, nullptr, 0, out, nullptr));
  }
}

}  // namespace
}  // namespace spear::net
