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

// A file crafted to ask for more than any server records: many runners over a long race at a
// high tick rate, with few bytes.
Replay crafted(std::uint32_t runners, std::uint32_t seconds, std::uint32_t tick_rate,
               bool checkpoints) {
  Replay r = recorded();
  r.config.tick_rate = tick_rate;
  r.config.rewind_ticks = 0;
  r.first_tick = 0;
  r.end_tick = seconds * tick_rate;
  r.result.reset();
  r.runners.clear();
  for (std::uint32_t i = 1; i <= runners; ++i) {
    RosterEntry e;
    e.id = static_cast<sim::RunnerId>(i);
    e.name = "r";
    e.bot = true;
    r.runners.push_back(std::move(e));
  }
  r.checkpoints.clear();
  if (checkpoints) {
    for (std::uint32_t s = 1; s <= seconds; ++s) r.checkpoints.push_back({s * tick_rate, s});
  }
  return r;
}

TEST(ReplayFile, ACraftedFileAskingForMoreThanAServerRecordsIsRefused) {
  // The issue's file: 65,536 runners for 6 h at 1000 Hz and no checkpoint (2.6 MB; days of
  // re-simulation). Refused before anything is unpacked.
  const auto issue = encode_replay(crafted(65536, kMaxSeconds, 1000, false));
  const ReadResult a = read_replay(issue);
  EXPECT_FALSE(a.replay);
  EXPECT_NE(a.error.find("checkpoints"), std::string::npos) << a.error;
  // With a checkpoint every second: still too many runners.
  const ReadResult b = read_replay(encode_replay(crafted(65536, kMaxSeconds, 1000, true)));
  EXPECT_FALSE(b.replay);
  EXPECT_NE(b.error.find("too many runners"), std::string::npos) << b.error;
  // Within the runner count and with every checkpoint: more work than its length allows...
  const ReadResult c = read_replay(encode_replay(crafted(kMaxRunners, 600, 1000, true)));
  EXPECT_FALSE(c.replay);
  EXPECT_NE(c.error.find("runner-ticks"), std::string::npos) << c.error;
  // ...or than its size does (a crowd standing still for six hours in a small file).
  const ReadResult d = read_replay(encode_replay(crafted(kMaxRunners, kMaxSeconds, 60, true)));
  EXPECT_FALSE(d.replay);
  EXPECT_NE(d.error.find("runner-ticks"), std::string::npos) << d.error;
  // Checkpoints far apart, or none near the end.
  Replay sparse = crafted(4, 60, 60, true);
  sparse.checkpoints.erase(sparse.checkpoints.begin() + 10, sparse.checkpoints.begin() + 13);
  EXPECT_FALSE(read_replay(encode_replay(sparse)).replay);
  Replay open_end = crafted(4, 60, 60, true);
  open_end.checkpoints.resize(57);
  EXPECT_FALSE(read_replay(encode_replay(open_end)).replay);
  // A long race of a few runners, as a server writes it, is read.
  const ReadResult ok = read_replay(encode_replay(crafted(4, 3600, 60, true)));
  EXPECT_TRUE(ok.replay) << ok.error;
}

}  // namespace
}  // namespace spear::replay
