// The replay file: written and read back unchanged; whatever is cut, flipped or foreign is
// refused with a reason, never read out of bounds (the fuzz target goes further).
#include "replay/replay_reader.hpp"

#include <gtest/gtest.h>

#include "recorded_match.hpp"
#include "replay/replay_writer.hpp"
#include "replay/resimulation.hpp"

namespace spear::replay {
namespace {

const Replay& recorded() {
  static const Replay r = test::record_match({.rewind_ticks = 15, .ticks = 1200, .bots = 2});
  return r;
}

TEST(ReplayFile, RoundTripsEveryField) {
  Replay r = recorded();
  r.config.course.target_share = 0.3f;
  r.first_tick = 0;
  const auto bytes = encode_replay(r);
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(bytes.data()) + 8, 4), "SPRP");
  const ReadResult back = read_replay(bytes);
  ASSERT_TRUE(back.replay) << back.error;
  const Replay& b = *back.replay;
  EXPECT_EQ(b.format_version, kFormatVersion);
  EXPECT_EQ(b.sim_version, r.sim_version);
  EXPECT_EQ(b.protocol_version, r.protocol_version);
  EXPECT_EQ(b.seed, r.seed);
  EXPECT_EQ(b.config.tick_rate, r.config.tick_rate);
  EXPECT_EQ(b.config.rewind_ticks, r.config.rewind_ticks);
  EXPECT_EQ(b.config.max_input_lead, r.config.max_input_lead);
  EXPECT_EQ(b.config.course.target_share, 0.3f);
  EXPECT_EQ(b.config.course.start_clear, r.config.course.start_clear);
  EXPECT_EQ(b.end_tick, r.end_tick);
  EXPECT_EQ(b.runners, r.runners);
  EXPECT_EQ(b.checkpoints, r.checkpoints);
  ASSERT_TRUE(b.result);
  EXPECT_EQ(b.result->results.size(), 1u);
  EXPECT_EQ(b.result->results[0].name, "Late");
  EXPECT_EQ(b.result->results[0].score, 12u);
  EXPECT_EQ(b.result->last_tick, r.result->last_tick);
}

TEST(ReplayFile, ReadBackItStillVerifies) {
  const ReadResult back = read_replay(encode_replay(recorded()));
  ASSERT_TRUE(back.replay) << back.error;
  EXPECT_TRUE(verify_replay(*back.replay).ok);
}

TEST(ReplayFile, EveryTruncationIsRefused) {
  const auto bytes = encode_replay(recorded());
  for (std::size_t n = 0; n < bytes.size(); n += 7) {
    const std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + static_cast<long>(n));
    const ReadResult r = read_replay(cut);
    EXPECT_FALSE(r.replay) << n;
    EXPECT_FALSE(r.error.empty()) << n;
  }
}

TEST(ReplayFile, AForeignFileIsRefusedAsNotAReplay) {
  const std::string text = "{\"seed\": 1, \"ticks\": 10800, \"tick_rate\": 60}";
  const ReadResult r =
      read_replay(std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()));
  EXPECT_FALSE(r.replay);
  EXPECT_NE(r.error.find("not a replay"), std::string::npos) << r.error;
}

TEST(ReplayFile, FlippedBytesAreRefusedOrVerifiedNeverTrusted) {
  // Each byte flipped in turn: the reader refuses the file, or reads a replay that either
  // verifies (a byte that changes nothing the sim sees, e.g. a name) or fails verification.
  const auto bytes = encode_replay(recorded());
  int refused = 0, failed = 0;
  for (std::size_t i = 0; i < bytes.size(); i += 3) {
    std::vector<std::uint8_t> b = bytes;
    b[i] ^= 0x5A;
    const ReadResult r = read_replay(b);
    if (!r.replay) {
      EXPECT_FALSE(r.error.empty());
      ++refused;
    } else if (!verify_replay(*r.replay).ok) {
      ++failed;
    }
  }
  EXPECT_GT(refused, 0);
  EXPECT_GT(failed, 0);
}

TEST(ReplayFile, BoundsAreChecked) {
  auto refused = [](const Replay& r) { return !read_replay(encode_replay(r)).replay; };
  Replay r = recorded();
  EXPECT_FALSE(refused(r));
  Replay bad = r;
  bad.format_version = 2;
  EXPECT_TRUE(refused(bad));
  bad = r;
  bad.config.tick_rate = 5;
  EXPECT_TRUE(refused(bad));
  bad = r;
  bad.config.course.hurdle_min_height = -1.f;
  EXPECT_TRUE(refused(bad));
  bad = r;
  std::swap(bad.runners[0], bad.runners[1]);  // ids not increasing
  EXPECT_TRUE(refused(bad));
  bad = r;
  bad.runners[0].name = "";
  EXPECT_TRUE(refused(bad));
  bad = r;
  bad.runners[0].join_tick = r.end_tick + 1;
  EXPECT_TRUE(refused(bad));
  bad = r;
  std::swap(bad.checkpoints[0], bad.checkpoints[1]);
  EXPECT_TRUE(refused(bad));
  bad = r;
  bad.result->results[0].runner = 999;
  EXPECT_TRUE(refused(bad));
  bad = r;
  bad.end_tick = static_cast<sim::Tick>(kMaxSeconds) * 60 + 1;
  EXPECT_TRUE(refused(bad));
}

}  // namespace
}  // namespace spear::replay
