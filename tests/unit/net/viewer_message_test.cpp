// The browser viewer's stream (net/viewer_message.hpp, schemas/viewer.fbs): every message
// survives a round trip (poses to 1/16 unit), and decode refuses what a page must never be
// handed: foreign or broken buffers, and well-formed FlatBuffers whose contents break the
// stream's rules (built here with the flatc builder, each next to a valid twin that decodes).
#include "net/viewer_message.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <limits>
#include <random>
#include <span>
#include <string>
#include <vector>

#include "flatbuffers/flatbuffers.h"
#include "schemas/viewer_generated.h"

namespace spear::net::viewer {
namespace {

namespace fb = spear::viewer;

std::optional<Message> decode_bytes(const std::vector<std::uint8_t>& bytes) {
  return decode(std::span<const std::uint8_t>(bytes.data(), bytes.size()));
}

rig::Pose pose_for(int seed) {
  std::mt19937 rng(static_cast<std::uint32_t>(seed));
  std::uniform_real_distribution<float> coord(-180.f, 180.f);
  rig::Pose p;
  for (rig::Vec2& j : p.joints) j = {coord(rng), coord(rng)};
  p.head_r = 11.5f + static_cast<float>(seed) * 0.25f;
  p.sx = 1.125f;
  p.sy = 0.875f;
  return p;
}

RunnerSnapshot runner(RunnerId id, int seed) {
  RunnerSnapshot r;
  r.id = id;
  r.mode = static_cast<RunnerMode>(seed % static_cast<int>(RunnerMode::Count));
  r.flags = static_cast<std::uint8_t>(runner_flags::kBot | (seed & 1 ? runner_flags::kAway : 0));
  r.score = 1000u * static_cast<std::uint32_t>(seed) + 7u;
  r.distance = 12345.678 + 1000.25 * seed;
  r.countdown_ticks = static_cast<std::uint16_t>(seed * 3);
  r.pose = pose_for(seed);
  return r;
}

Frame sample_frame() {
  Frame f;
  f.tick = 98765;
  f.runners = {runner(1, 1), runner(2, 2), runner(40000, 7)};
  f.others = {{3, RunnerMode::Down, runner_flags::kBot, 55, 8000.0, std::nullopt},
              {65535, RunnerMode::Countdown, 0, 0, 0.5, std::nullopt}};
  f.race = RaceStatus{RacePhase::Race, 12, 3456, 0, 0};
  f.course = 0xfedcba9876543210ull;
  sim::Obstacle hurdle;
  hurdle.index = 17;
  hurdle.kind = sim::ObstacleKind::Hurdle;
  hurdle.x = 13000.5;
  hurdle.width = 14.f;
  hurdle.height = 36.5f;
  sim::Obstacle target;
  target.index = 18;
  target.kind = sim::ObstacleKind::Target;
  target.x = 13600.25;
  target.width = 22.f;
  target.height = 120.f;
  f.obstacles = {hurdle, target};
  f.broken = {{2, 18, 98700}, {40000, 17, 98000}};
  return f;
}

TEST(ViewerMessage, HelloRoundTrips) {
  Hello h;
  h.tick_rate = 60;
  h.snapshot_rate = 30;
  h.server = "race.example.org:27600";
  h.connected = true;
  h.status = "";
  const auto bytes = encode(h);
  EXPECT_TRUE(flatbuffers::BufferHasIdentifier(bytes.data(), "SPVW"));
  const auto m = decode_bytes(bytes);
  ASSERT_TRUE(m.has_value());
  ASSERT_TRUE(std::holds_alternative<Hello>(*m));
  EXPECT_EQ(std::get<Hello>(*m), h);
  EXPECT_EQ(std::get<Hello>(*m).version, kVersion);

  Hello lost;
  lost.server = "10.0.0.2:27600";
  lost.status = "server lost, retrying";
  const auto back = decode_bytes(encode(lost));
  ASSERT_TRUE(back && std::holds_alternative<Hello>(*back));
  EXPECT_EQ(std::get<Hello>(*back), lost);
  EXPECT_FALSE(std::get<Hello>(*back).connected);
  EXPECT_EQ(std::get<Hello>(*back).tick_rate, 0);
}

TEST(ViewerMessage, HelloTextIsCutToTheBound) {
  Hello h;
  h.server = std::string(kMaxTextBytes + 50, 's');
  h.status = std::string(kMaxTextBytes * 3, 't');
  const auto m = decode_bytes(encode(h));
  ASSERT_TRUE(m && std::holds_alternative<Hello>(*m));
  EXPECT_EQ(std::get<Hello>(*m).server, std::string(kMaxTextBytes, 's'));
  EXPECT_EQ(std::get<Hello>(*m).status, std::string(kMaxTextBytes, 't'));
}

TEST(ViewerMessage, RosterRoundTrips) {
  Roster r;
  r.names = {{1, true, "Bolt Bot"}, {2, false, "Ana"}, {300, false, "Zoë ✓"}, {65535, true, "x"}};
  const auto m = decode_bytes(encode(r));
  ASSERT_TRUE(m.has_value());
  ASSERT_TRUE(std::holds_alternative<Roster>(*m));
  EXPECT_EQ(std::get<Roster>(*m).names, r.names);

  const auto empty = decode_bytes(encode(Roster{}));
  ASSERT_TRUE(empty && std::holds_alternative<Roster>(*empty));
  EXPECT_TRUE(std::get<Roster>(*empty).names.empty());
}

TEST(ViewerMessage, FrameRoundTripsWithPosesToASixteenthUnit) {
  const Frame f = sample_frame();
  const auto m = decode_bytes(encode(f));
  ASSERT_TRUE(m.has_value());
  ASSERT_TRUE(std::holds_alternative<Frame>(*m));
  const Frame& g = std::get<Frame>(*m);
  EXPECT_EQ(g.tick, f.tick);
  EXPECT_EQ(g.course, f.course);
  ASSERT_EQ(g.runners.size(), f.runners.size());
  for (std::size_t i = 0; i < f.runners.size(); ++i) {
    const RunnerSnapshot& a = f.runners[i];
    const RunnerSnapshot& b = g.runners[i];
    EXPECT_EQ(b.id, a.id);
    EXPECT_EQ(b.mode, a.mode);
    EXPECT_EQ(b.flags, a.flags);
    EXPECT_EQ(b.score, a.score);
    EXPECT_EQ(b.distance, a.distance);
    EXPECT_EQ(b.countdown_ticks, a.countdown_ticks);
    EXPECT_EQ(b.pose.head_r, a.pose.head_r);
    EXPECT_EQ(b.pose.sx, a.pose.sx);
    EXPECT_EQ(b.pose.sy, a.pose.sy);
    for (std::size_t k = 0; k < rig::kJointCount; ++k) {
      EXPECT_NEAR(b.pose.joints[k].x, a.pose.joints[k].x, 1.0 / 32.0) << "runner " << i << " " << k;
      EXPECT_NEAR(b.pose.joints[k].y, a.pose.joints[k].y, 1.0 / 32.0) << "runner " << i << " " << k;
      // On the 1/16 grid exactly.
      EXPECT_EQ(b.pose.joints[k].x * 16.f, std::round(b.pose.joints[k].x * 16.f));
    }
  }
  EXPECT_EQ(g.others, f.others);
  ASSERT_TRUE(g.race.has_value());
  EXPECT_EQ(g.race->phase, f.race->phase);
  EXPECT_EQ(g.race->race, f.race->race);
  EXPECT_EQ(g.race->ticks_left, f.race->ticks_left);
  ASSERT_EQ(g.obstacles.size(), f.obstacles.size());
  for (std::size_t i = 0; i < f.obstacles.size(); ++i) {
    EXPECT_EQ(g.obstacles[i].index, f.obstacles[i].index);
    EXPECT_EQ(g.obstacles[i].kind, f.obstacles[i].kind);
    EXPECT_EQ(g.obstacles[i].x, f.obstacles[i].x);
    EXPECT_EQ(g.obstacles[i].width, f.obstacles[i].width);
    EXPECT_EQ(g.obstacles[i].height, f.obstacles[i].height);
  }
  EXPECT_EQ(g.broken, f.broken);
}

TEST(ViewerMessage, FrameWithoutARaceOrRunnersRoundTrips) {
  Frame f;
  f.tick = 5;
  f.course = 1;
  const auto m = decode_bytes(encode(f));
  ASSERT_TRUE(m && std::holds_alternative<Frame>(*m));
  const Frame& g = std::get<Frame>(*m);
  EXPECT_EQ(g.tick, 5u);
  EXPECT_EQ(g.course, 1u);
  EXPECT_FALSE(g.race.has_value());
  EXPECT_TRUE(g.runners.empty());
  EXPECT_TRUE(g.others.empty());
  EXPECT_TRUE(g.obstacles.empty());
  EXPECT_TRUE(g.broken.empty());
}

TEST(ViewerMessage, EveryRacePhaseAndModeRoundTrips) {
  for (int p = 0; p < static_cast<int>(RacePhase::Count); ++p) {
    Frame f;
    f.race = RaceStatus{static_cast<RacePhase>(p), 3, 10, 0, 0};
    for (int mode = 0; mode < static_cast<int>(RunnerMode::Count); ++mode) {
      RunnerSnapshot r = runner(static_cast<RunnerId>(mode + 1), mode);
      r.mode = static_cast<RunnerMode>(mode);
      f.runners.push_back(r);
    }
    const auto m = decode_bytes(encode(f));
    ASSERT_TRUE(m && std::holds_alternative<Frame>(*m)) << p;
    const Frame& g = std::get<Frame>(*m);
    EXPECT_EQ(g.race->phase, static_cast<RacePhase>(p));
    ASSERT_EQ(g.runners.size(), f.runners.size());
    for (std::size_t i = 0; i < f.runners.size(); ++i)
      EXPECT_EQ(g.runners[i].mode, f.runners[i].mode);
  }
}

TEST(ViewerMessage, JointsBeyondTheRangeAreClampedAndNonFiniteOnesZeroed) {
  Frame f;
  RunnerSnapshot r = runner(9, 4);
  r.pose.joints[0] = {5000.f, -5000.f};
  r.pose.joints[1] = {std::numeric_limits<float>::quiet_NaN(),
                      std::numeric_limits<float>::infinity()};
  f.runners = {r};
  const auto m = decode_bytes(encode(f));
  ASSERT_TRUE(m && std::holds_alternative<Frame>(*m));
  const rig::Pose& p = std::get<Frame>(*m).runners.at(0).pose;
  EXPECT_FLOAT_EQ(p.joints[0].x, 32767.f / 16.f);
  EXPECT_FLOAT_EQ(p.joints[0].y, -32768.f / 16.f);
  EXPECT_EQ(p.joints[1].x, 0.f);
  EXPECT_EQ(p.joints[1].y, 0.f);
  EXPECT_NEAR(p.joints[2].x, r.pose.joints[2].x, 1.0 / 32.0);
}

// --- Refusals -----------------------------------------------------------------------------

TEST(ViewerMessage, WrongFileIdentifierIsRefused) {
  auto bytes = encode(sample_frame());
  ASSERT_TRUE(decode_bytes(bytes).has_value());
  bytes[4] = 'X';
  EXPECT_FALSE(decode_bytes(bytes).has_value());

  // A valid FlatBuffer of the same schema under another identifier.
  flatbuffers::FlatBufferBuilder b;
  const auto h = fb::CreateHello(b, fb::Version_Current, 60, 30, b.CreateString("s"), true,
                                 b.CreateString(""));
  b.Finish(fb::CreateMessage(b, fb::Body_Hello, h.Union()), "SPXX");
  const std::vector<std::uint8_t> other(b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize());
  EXPECT_FALSE(decode_bytes(other).has_value());
  // And none at all.
  flatbuffers::FlatBufferBuilder c;
  const auto h2 = fb::CreateHello(c, fb::Version_Current, 60, 30);
  c.Finish(fb::CreateMessage(c, fb::Body_Hello, h2.Union()));
  const std::vector<std::uint8_t> bare(c.GetBufferPointer(), c.GetBufferPointer() + c.GetSize());
  EXPECT_FALSE(decode_bytes(bare).has_value());
}

TEST(ViewerMessage, TruncatedBuffersAreRefused) {
  const auto whole = encode(sample_frame());
  ASSERT_TRUE(decode_bytes(whole).has_value());
  for (std::size_t n = 0; n < whole.size(); ++n) {
    const std::vector<std::uint8_t> cut(whole.begin(), whole.begin() + static_cast<long>(n));
    EXPECT_FALSE(decode_bytes(cut).has_value()) << n << " of " << whole.size() << " bytes";
  }
  EXPECT_FALSE(decode(std::span<const std::uint8_t>()).has_value());
}

TEST(ViewerMessage, RandomGarbageIsRefused) {
  std::mt19937 rng(20261205);
  std::uniform_int_distribution<int> byte(0, 255);
  std::uniform_int_distribution<std::size_t> length(0, 600);
  for (int i = 0; i < 5000; ++i) {
    std::vector<std::uint8_t> junk(length(rng));
    for (std::uint8_t& v : junk) v = static_cast<std::uint8_t>(byte(rng));
    // Half of them carry the right identifier, so the verifier has to do the refusing.
    if (i % 2 == 0 && junk.size() >= 8) {
      junk[4] = 'S';
      junk[5] = 'P';
      junk[6] = 'V';
      junk[7] = 'W';
    }
    EXPECT_FALSE(decode_bytes(junk).has_value()) << "case " << i;
  }
  // A real message with its bytes flipped one at a time never crashes the decoder (most flips
  // are refused; a flip inside a number may still decode, as another valid message).
  const auto whole = encode(sample_frame());
  for (std::size_t at = 0; at < whole.size(); ++at) {
    auto flipped = whole;
    flipped[at] ^= 0xA5;
    (void)decode_bytes(flipped);
  }
}

// A Frame message built with the flatc builder directly: one runner (and one summary) with the
// given values, so each refusal below differs from a valid twin in one thing only.
struct RawRunner {
  std::uint32_t id = 7;
  std::uint8_t mode = 0;
  double distance = 100.0;
  std::size_t joints = 2 * rig::kJointCount;
  float head_r = 12.f;
  std::uint32_t summary_id = 8;
  std::uint8_t summary_mode = 0;
  double summary_distance = 50.0;
  std::uint8_t phase = 0;
  std::uint8_t obstacle_kind = 0;
  double obstacle_x = 400.0;
  std::uint32_t broken_runner = 7;
  std::size_t runners = 1;  // copies of the runner
};

std::vector<std::uint8_t> raw_frame(const RawRunner& r) {
  flatbuffers::FlatBufferBuilder b;
  std::vector<std::int16_t> joints(r.joints);
  for (std::size_t i = 0; i < joints.size(); ++i) joints[i] = static_cast<std::int16_t>(i * 16);
  std::vector<flatbuffers::Offset<fb::Runner>> runners;
  for (std::size_t i = 0; i < r.runners; ++i) {
    const auto j = b.CreateVector(joints);
    runners.push_back(fb::CreateRunner(b, r.id, static_cast<fb::Mode>(r.mode), 0, 10, r.distance, j,
                                       r.head_r, 1.f, 1.f, 0));
  }
  std::vector<flatbuffers::Offset<fb::Summary>> others = {fb::CreateSummary(
      b, r.summary_id, static_cast<fb::Mode>(r.summary_mode), 0, 3, r.summary_distance)};
  std::vector<flatbuffers::Offset<fb::Obstacle>> obstacles = {fb::CreateObstacle(
      b, 0, static_cast<fb::ObstacleKind>(r.obstacle_kind), r.obstacle_x, 10.f, 30.f)};
  std::vector<flatbuffers::Offset<fb::Broken>> broken = {
      fb::CreateBroken(b, r.broken_runner, 0, 1)};
  const auto race = fb::CreateRace(b, static_cast<fb::Phase>(r.phase), 1, 100);
  const auto f = fb::CreateFrame(b, 1000, b.CreateVector(runners), b.CreateVector(others), race, 42,
                                 b.CreateVector(obstacles), b.CreateVector(broken));
  b.Finish(fb::CreateMessage(b, fb::Body_Frame, f.Union()), fb::MessageIdentifier());
  return {b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize()};
}

TEST(ViewerMessage, TheValidRawFrameDecodes) {
  const auto m = decode_bytes(raw_frame({}));
  ASSERT_TRUE(m && std::holds_alternative<Frame>(*m));
  const Frame& f = std::get<Frame>(*m);
  ASSERT_EQ(f.runners.size(), 1u);
  EXPECT_EQ(f.runners[0].id, 7);
  EXPECT_FLOAT_EQ(f.runners[0].pose.joints[1].x, 2.f);  // joint value 32: 2 units
  ASSERT_EQ(f.others.size(), 1u);
  ASSERT_EQ(f.obstacles.size(), 1u);
  ASSERT_EQ(f.broken.size(), 1u);
  // The largest ids and the last enum values pass.
  RawRunner edge;
  edge.id = 65535;
  edge.summary_id = 65535;
  edge.broken_runner = 65535;
  edge.mode = static_cast<std::uint8_t>(RunnerMode::Count) - 1;
  edge.summary_mode = edge.mode;
  edge.phase = static_cast<std::uint8_t>(RacePhase::Count) - 1;
  edge.obstacle_kind = 1;
  EXPECT_TRUE(decode_bytes(raw_frame(edge)).has_value());
}

TEST(ViewerMessage, ARunnerWithoutThirtyJointValuesIsRefused) {
  for (std::size_t n : {std::size_t{0}, std::size_t{28}, std::size_t{29}, std::size_t{31}}) {
    RawRunner r;
    r.joints = n;
    EXPECT_FALSE(decode_bytes(raw_frame(r)).has_value()) << n << " joint values";
  }
  RawRunner r;
  r.joints = 30;
  EXPECT_TRUE(decode_bytes(raw_frame(r)).has_value());
}

TEST(ViewerMessage, NonFiniteNumbersAreRefused) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const double inf = std::numeric_limits<double>::infinity();
  for (double bad : {nan, inf, -inf}) {
    RawRunner a;
    a.distance = bad;
    EXPECT_FALSE(decode_bytes(raw_frame(a)).has_value()) << "runner distance " << bad;
    RawRunner b;
    b.summary_distance = bad;
    EXPECT_FALSE(decode_bytes(raw_frame(b)).has_value()) << "summary distance " << bad;
    RawRunner c;
    c.obstacle_x = bad;
    EXPECT_FALSE(decode_bytes(raw_frame(c)).has_value()) << "obstacle x " << bad;
    RawRunner d;
    d.head_r = static_cast<float>(bad);
    EXPECT_FALSE(decode_bytes(raw_frame(d)).has_value()) << "head radius " << bad;
  }
}

TEST(ViewerMessage, TooManyRunnersAreRefused) {
  RawRunner at_bound;
  at_bound.runners = kMaxRunners;
  EXPECT_TRUE(decode_bytes(raw_frame(at_bound)).has_value());
  RawRunner over;
  over.runners = kMaxRunners + 1;
  EXPECT_FALSE(decode_bytes(raw_frame(over)).has_value());
}

TEST(ViewerMessage, OutOfRangeEnumsAreRefused) {
  const auto modes = static_cast<std::uint8_t>(RunnerMode::Count);
  for (std::uint8_t bad : {modes, static_cast<std::uint8_t>(200), static_cast<std::uint8_t>(255)}) {
    RawRunner a;
    a.mode = bad;
    EXPECT_FALSE(decode_bytes(raw_frame(a)).has_value()) << "runner mode " << int{bad};
    RawRunner b;
    b.summary_mode = bad;
    EXPECT_FALSE(decode_bytes(raw_frame(b)).has_value()) << "summary mode " << int{bad};
  }
  RawRunner phase;
  phase.phase = static_cast<std::uint8_t>(RacePhase::Count);
  EXPECT_FALSE(decode_bytes(raw_frame(phase)).has_value());
  RawRunner kind;
  kind.obstacle_kind = 2;
  EXPECT_FALSE(decode_bytes(raw_frame(kind)).has_value());
}

TEST(ViewerMessage, RunnerIdsBeyondSixteenBitsAreRefused) {
  RawRunner a;
  a.id = 65536;
  EXPECT_FALSE(decode_bytes(raw_frame(a)).has_value());
  RawRunner b;
  b.summary_id = 70000;
  EXPECT_FALSE(decode_bytes(raw_frame(b)).has_value());
  RawRunner c;
  c.broken_runner = 0xffffffffu;
  EXPECT_FALSE(decode_bytes(raw_frame(c)).has_value());

  flatbuffers::FlatBufferBuilder r;
  const auto name = fb::CreateName(r, 65536, false, r.CreateString("big"));
  const auto roster = fb::CreateRoster(r, r.CreateVector(std::vector{name}));
  r.Finish(fb::CreateMessage(r, fb::Body_Roster, roster.Union()), fb::MessageIdentifier());
  EXPECT_FALSE(
      decode(std::span<const std::uint8_t>(r.GetBufferPointer(), r.GetSize())).has_value());
}

TEST(ViewerMessage, RosterNamesBeyondTheBoundOrMissingAreRefused) {
  auto roster_of = [](const std::vector<std::pair<std::uint32_t, const char*>>& names) {
    flatbuffers::FlatBufferBuilder b;
    std::vector<flatbuffers::Offset<fb::Name>> offsets;
    for (const auto& [id, text] : names)
      offsets.push_back(fb::CreateName(b, id, true, text ? b.CreateString(text) : 0));
    const auto roster = fb::CreateRoster(b, b.CreateVector(offsets));
    b.Finish(fb::CreateMessage(b, fb::Body_Roster, roster.Union()), fb::MessageIdentifier());
    return std::vector<std::uint8_t>(b.GetBufferPointer(), b.GetBufferPointer() + b.GetSize());
  };
  EXPECT_TRUE(decode_bytes(roster_of({{1, "twenty-four bytes exactl"}})).has_value());
  EXPECT_FALSE(decode_bytes(roster_of({{1, "twenty-five bytes exactly"}})).has_value());
  EXPECT_FALSE(decode_bytes(roster_of({{1, nullptr}})).has_value());
  std::vector<std::pair<std::uint32_t, const char*>> many(kMaxNames + 1, {1, "n"});
  EXPECT_FALSE(decode_bytes(roster_of(many)).has_value());
  many.pop_back();
  EXPECT_TRUE(decode_bytes(roster_of(many)).has_value());
}

TEST(ViewerMessage, AMessageWithoutABodyIsRefused) {
  flatbuffers::FlatBufferBuilder b;
  b.Finish(fb::CreateMessage(b), fb::MessageIdentifier());
  EXPECT_FALSE(
      decode(std::span<const std::uint8_t>(b.GetBufferPointer(), b.GetSize())).has_value());
}

}  // namespace
}  // namespace spear::net::viewer
