#include "net/codec.hpp"

#include <gtest/gtest.h>

#include <random>

#include "net/session_crypto.hpp"

namespace spear::net {
namespace {

Packet round_trip(const Packet& p) {
  const auto bytes = encode_packet(p);
  EXPECT_LE(bytes.size(), kMaxDatagramBytes);
  Packet out;
  EXPECT_EQ(decode_packet(bytes, out), DecodeError::None);
  EXPECT_EQ(out.sequence, p.sequence);
  EXPECT_EQ(out.key, p.key);
  EXPECT_EQ(out.message.index(), p.message.index());
  return out;
}

Cookie some_cookie() {
  Cookie c{};
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<std::uint8_t>(i * 7 + 1);
  return c;
}

TEST(Codec, HelloIsPaddedAndRoundTrips) {
  PublicKey key{};
  key[0] = 1;
  key[31] = 2;
  const Packet p{1, 0, Hello{Role::Spectator, key}};
  EXPECT_GE(encode_packet(p).size(), kHelloBytes);
  EXPECT_EQ(std::get<Hello>(round_trip(p).message).role, Role::Spectator);
  EXPECT_EQ(std::get<Hello>(round_trip(p).message).client_key, key);
}

TEST(Codec, RepliesToUnverifiedPeersAreNoLargerThanHello) {
  const std::size_t hello = encode_packet({1, 0, Hello{}}).size();
  EXPECT_LE(encode_packet({~Sequence{0}, 0, Challenge{some_cookie(), PublicKey{}}}).size(), hello);
  Refusal longest{RefusalReason::WrongVersion, std::string(kMaxRefusalTextBytes + 50, 'x')};
  EXPECT_LE(encode_packet({~Sequence{0}, 0, longest}).size(), hello);
}

TEST(Codec, ChallengeAndResponse) {
  PublicKey server{};
  server[5] = 55;
  const auto challenge =
      std::get<Challenge>(round_trip({2, 0, Challenge{some_cookie(), server}}).message);
  EXPECT_EQ(challenge.cookie, some_cookie());
  EXPECT_EQ(challenge.server_key, server);
  PublicKey client{};
  client[9] = 99;
  Response r{some_cookie(), client, std::vector<std::uint8_t>(kMinResponseSealedBytes + 3, 7)};
  const auto back = std::get<Response>(round_trip({3, 0, r}).message);
  EXPECT_EQ(back.cookie, r.cookie);
  EXPECT_EQ(back.client_key, client);
  EXPECT_EQ(back.sealed, r.sealed);
  // A sealed part shorter than role, proof and tag, or longer than a 255-byte name's, is invalid.
  Packet back_packet;
  r.sealed.resize(kMinResponseSealedBytes - 1);
  EXPECT_EQ(decode_packet(encode_packet({3, 0, r}), back_packet), DecodeError::BadField);
}

TEST(Codec, WelcomeRefusalDisconnect) {
  Welcome w{7, 0xdeadbeefcafef00dull, 12345, 60, 30, 0x0123456789abcdefull, Role::Player, 4};
  const auto wb = std::get<Welcome>(round_trip({4, 0, w}).message);
  EXPECT_EQ(wb.client_id, 7);
  EXPECT_EQ(wb.session_key, w.session_key);
  EXPECT_EQ(wb.server_tick, 12345u);
  EXPECT_EQ(wb.tick_rate, 60);
  EXPECT_EQ(wb.snapshot_rate, 30);
  EXPECT_EQ(wb.course_seed, w.course_seed);
  EXPECT_EQ(wb.runner_id, std::optional<RunnerId>(4));
  w.role = Role::Spectator;
  w.runner_id.reset();
  EXPECT_FALSE(std::get<Welcome>(round_trip({4, 0, w}).message).runner_id);

  const auto rb =
      std::get<Refusal>(round_trip({5, 0, Refusal{RefusalReason::WrongPassword, "no"}}).message);
  EXPECT_EQ(rb.reason, RefusalReason::WrongPassword);
  EXPECT_EQ(rb.text, "no");
  EXPECT_EQ(
      std::get<Disconnect>(round_trip({6, 9, Disconnect{DisconnectReason::ServerShutdown}}).message)
          .reason,
      DisconnectReason::ServerShutdown);
}

TEST(Codec, InputKeepsNewestFrames) {
  Input in;
  in.ack_tick = 99;
  for (Tick t = 1; t <= 20; ++t) in.frames.push_back({t, static_cast<std::uint8_t>(t), 2});
  const auto back = std::get<Input>(round_trip({7, 5, in}).message);
  EXPECT_EQ(back.ack_tick, std::optional<Tick>(99));
  ASSERT_EQ(back.frames.size(), kMaxInputFrames);
  EXPECT_EQ(back.frames.back(), in.frames.back());
  EXPECT_EQ(back.frames.front().tick, 5u);
  Input empty;
  const auto eb = std::get<Input>(round_trip({8, 5, empty}).message);
  EXPECT_FALSE(eb.ack_tick);
  EXPECT_TRUE(eb.frames.empty());
}

TEST(Codec, SnapshotMessage) {
  SnapshotMessage s;
  s.tick = 500;
  s.baseline_tick = 496;
  s.runner_count = 2;
  s.runner_block = {1, 2, 3, 4, 5};
  s.own = OwnRunnerState{3, 500, 498, {9, 8, 7}};
  s.broken = {{3, 17, 490}};
  s.roster = {{3, false, "Ada"}, {4, true, "bot-4"}};
  const auto b = std::get<SnapshotMessage>(round_trip({9, 5, s}).message);
  EXPECT_EQ(b.tick, 500u);
  EXPECT_EQ(b.baseline_tick, std::optional<Tick>(496));
  EXPECT_EQ(b.runner_count, 2);
  EXPECT_EQ(b.runner_block, s.runner_block);
  ASSERT_TRUE(b.own);
  EXPECT_EQ(b.own->last_input_tick, 498u);
  EXPECT_EQ(b.own->sim_state, s.own->sim_state);
  EXPECT_EQ(b.broken, s.broken);
  EXPECT_EQ(b.roster, s.roster);
  s.baseline_tick.reset();
  EXPECT_FALSE(std::get<SnapshotMessage>(round_trip({9, 5, s}).message).baseline_tick);
}

TEST(Codec, RejectsGarbageOfEverySize) {
  std::mt19937 rng(1);
  for (std::size_t n = 0; n < 1400; n += 7) {
    std::vector<std::uint8_t> junk(n);
    for (auto& b : junk) b = static_cast<std::uint8_t>(rng());
    Packet p;
    EXPECT_NE(decode_packet(junk, p), DecodeError::None);
  }
  Packet p;
  EXPECT_EQ(decode_packet({}, p), DecodeError::TooShort);
}

TEST(Codec, RejectsEveryTruncation) {
  SnapshotMessage s;
  s.tick = 5;
  s.runner_block.assign(40, 0xaa);
  s.roster = {{1, false, "x"}};
  const auto bytes = encode_packet({1, 2, s});
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    Packet p;
    EXPECT_NE(decode_packet(std::span(bytes.data(), n), p), DecodeError::None) << n;
  }
}

TEST(Codec, RejectsWrongIdentifierAndOversize) {
  auto bytes = encode_packet({1, 0, Hello{}});
  auto wrong = bytes;
  wrong[4] = 'X';
  Packet p;
  EXPECT_EQ(decode_packet(wrong, p), DecodeError::BadIdentifier);
  bytes.resize(kMaxDatagramBytes + 1, 0);
  EXPECT_EQ(decode_packet(bytes, p), DecodeError::TooLarge);
}

TEST(Codec, RejectsWrongVersionButCanTellIt) {
  auto bytes = encode_packet({1, 0, Hello{}});
  // Find the version (first field of Packet) and change it: the buffer still verifies.
  bool patched = false;
  for (std::size_t i = 8; i + 1 < bytes.size() && !patched; ++i) {
    if (bytes[i] == (kProtocolVersion & 0xff) && bytes[i + 1] == (kProtocolVersion >> 8)) {
      Packet probe;
      auto copy = bytes;
      copy[i] = 0x77;
      if (peek_protocol_version(copy) == 0x77) {
        EXPECT_EQ(decode_packet(copy, probe), DecodeError::WrongVersion);
        patched = true;
      }
    }
  }
  EXPECT_TRUE(patched);
}

TEST(Codec, RejectsOutOfRangeFields) {
  Refusal r{RefusalReason::SpectatorsFull, "x"};  // not the default: the field is written
  auto bytes = encode_packet({1, 0, r});
  // Corrupt the reason byte to every value ≥ Count: find it by its position after encoding
  // two refusals that differ only there.
  const auto other = encode_packet({1, 0, Refusal{RefusalReason::ShuttingDown, "x"}});
  ASSERT_EQ(bytes.size(), other.size());
  std::size_t at = bytes.size();
  for (std::size_t i = 0; i < bytes.size(); ++i)
    if (bytes[i] != other[i]) at = i;
  ASSERT_LT(at, bytes.size());
  bytes[at] = static_cast<std::uint8_t>(RefusalReason::Count);
  Packet p;
  EXPECT_EQ(decode_packet(bytes, p), DecodeError::BadField);

  // Frames out of order cannot be written at all: the encoder leaves the repeat out.
  Input in;
  in.frames = {{5, 1, 0}, {5, 2, 0}, {4, 0, 0}, {6, 0, 3}};
  ASSERT_EQ(decode_packet(encode_packet({1, 1, in}), p), DecodeError::None);
  const auto& frames = std::get<Input>(p.message).frames;
  ASSERT_EQ(frames.size(), 2u);
  EXPECT_EQ(frames[0], (InputFrame{5, 1, 0}));
  EXPECT_EQ(frames[1], (InputFrame{6, 0, 3}));
}

TEST(Codec, FuzzEntryPointSurvivesMutations) {
  SnapshotMessage s;
  s.tick = 77;
  s.runner_block.assign(30, 0x5a);
  const auto seed = encode_packet({1, 2, s});
  std::mt19937 rng(3);
  for (int i = 0; i < 20000; ++i) {
    auto m = seed;
    for (int k = 0; k < 1 + i % 4; ++k) m[rng() % m.size()] = static_cast<std::uint8_t>(rng());
    EXPECT_EQ(fuzz_decode_packet(m.data(), m.size()), 0);
  }
}

TEST(Codec, ADatagramAtAnOddAddressDecodesAsAtAnAlignedOne) {
  // A datagram inside a caller's buffer at any offset (FlatBuffers reads in place and needs its
  // scalars aligned: the sanitizer build catches a misaligned read).
  Packet p;
  p.sequence = 77;
  p.key = 0x1122334455667788ull;
  Input in;
  in.ack_tick = 900;
  in.frames.push_back({905, 1, 0});
  p.message = in;
  const std::vector<std::uint8_t> bytes = encode_packet(p);
  for (std::size_t offset = 1; offset < 8; ++offset) {
    std::vector<std::uint8_t> shifted(offset, 0xEE);
    shifted.insert(shifted.end(), bytes.begin(), bytes.end());
    const std::span<const std::uint8_t> at(shifted.data() + offset, bytes.size());
    Packet back;
    ASSERT_EQ(decode_packet(at, back), DecodeError::None) << offset;
    EXPECT_EQ(back.sequence, 77u);
    EXPECT_EQ(back.key, p.key);
    EXPECT_EQ(std::get<Input>(back.message).frames, in.frames);
    EXPECT_EQ(peek_protocol_version(at), kProtocolVersion);
  }
}

}  // namespace
}  // namespace spear::net
