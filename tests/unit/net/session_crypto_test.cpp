// Sealed datagrams (net/session_crypto.hpp): what opens, what does not, and what the seal costs.
#include "net/session_crypto.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstring>

#include "net/codec.hpp"
#include "net/snapshot_encoder.hpp"
#include "synthetic_pose.hpp"

namespace spear::net {
namespace {

struct Pair {
  KeyPair client = KeyPair::generate();
  KeyPair server = KeyPair::generate();
  Cookie cookie{1, 2, 3};
  SessionKeys c = *client_session_keys(client, server.public_key, cookie);
  SessionKeys s = *server_session_keys(server, client.public_key, cookie);
};

std::vector<std::uint8_t> some_packet() {
  Packet p;
  Input in;
  in.ack_tick = 77;
  in.frames.push_back({78, buttons::kJump, 0});
  p.message = in;
  return encode_packet(p);
}

TEST(SessionKeys, EveryCookieGivesOtherKeys) {
  // The same two key pairs (a recorded Response replayed) with another Challenge's cookie: no
  // key is the same, so no nonce is used twice under one key.
  const Pair k;
  Cookie other{1, 2, 4};
  const SessionKeys c2 = *client_session_keys(k.client, k.server.public_key, other);
  const SessionKeys s2 = *server_session_keys(k.server, k.client.public_key, other);
  EXPECT_EQ(c2.tx, s2.rx);
  EXPECT_EQ(c2.rx, s2.tx);
  EXPECT_NE(c2.tx, k.c.tx);
  EXPECT_NE(c2.rx, k.c.rx);
  const auto sealed = seal_datagram(k.s.tx, 1, some_packet());
  Sequence seq = 0;
  std::vector<std::uint8_t> out;
  EXPECT_FALSE(open_datagram(c2.rx, sealed, seq, out));
}

TEST(SealedDatagram, EachSideOpensWhatTheOtherSealedAndNothingElse) {
  const Pair k;
  EXPECT_EQ(k.c.tx, k.s.rx);
  EXPECT_EQ(k.c.rx, k.s.tx);
  EXPECT_NE(k.c.tx, k.c.rx);  // one key per direction
  const auto packet = some_packet();
  const auto sealed = seal_datagram(k.c.tx, 41, packet);
  EXPECT_TRUE(is_sealed(sealed));
  EXPECT_FALSE(is_sealed(packet));  // a plain Packet carries "SPR1" there
  EXPECT_EQ(sealed.size(), packet.size() + kSealedOverheadBytes);
  std::vector<std::uint8_t> out;
  Sequence seq = 0;
  ASSERT_TRUE(open_datagram(k.s.rx, sealed, seq, out));
  EXPECT_EQ(seq, 41u);
  EXPECT_EQ(out, packet);
  // Its own direction's key, another session's key, a changed sequence: nothing opens.
  EXPECT_FALSE(open_datagram(k.s.tx, sealed, seq, out));
  EXPECT_FALSE(open_datagram(Pair{}.s.rx, sealed, seq, out));
  auto moved = sealed;
  moved[0] ^= 1;  // the sequence is in the nonce and the additional data
  EXPECT_FALSE(open_datagram(k.s.rx, moved, seq, out));
  for (std::size_t i = 0; i < sealed.size(); ++i) {
    auto changed = sealed;
    changed[i] ^= 0x80;
    if (!is_sealed(changed)) continue;  // the identifier itself: not a sealed datagram at all
    EXPECT_FALSE(open_datagram(k.s.rx, changed, seq, out)) << "byte " << i;
  }
  EXPECT_FALSE(open_datagram(k.s.rx, std::span(sealed).first(kSealedOverheadBytes - 1), seq, out));
}

TEST(SealedDatagram, TheSameContentSealsDifferentlyUnderEachSequence) {
  const Pair k;
  const auto packet = some_packet();
  const auto a = seal_datagram(k.c.tx, 1, packet);
  const auto b = seal_datagram(k.c.tx, 2, packet);
  EXPECT_NE(std::vector(a.begin() + kSealedHeaderBytes, a.end()),
            std::vector(b.begin() + kSealedHeaderBytes, b.end()));
  // And the plain bytes appear nowhere in it.
  const std::vector<std::uint8_t> body(packet.end() - 6, packet.end());
  EXPECT_EQ(std::search(a.begin(), a.end(), body.begin(), body.end()), a.end());
}

TEST(SealedDatagram, ASealedSnapshotCostsAtMostSixteenBytesMoreThanProtocolFivesPlainOne) {
  // Protocol 5 sent a snapshot plain with its sequence and session key in the Packet; protocol 6
  // seals it (24 bytes) and leaves both out of the Packet. The difference, measured on 8 runners.
  SnapshotEncoder encoder;
  Snapshot s;
  s.tick = 1000;
  for (RunnerId id = 1; id <= 8; ++id) s.runners.push_back(test::synthetic_runner(id, 1000));
  const SnapshotMessage m = encoder.encode(s);
  const std::size_t v5 = encode_packet({123456, 0x5eed5eed5eed5eedull, m}).size();
  const Pair k;
  const std::size_t v6 = seal_datagram(k.s.tx, 123456, encode_packet({0, 0, m})).size();
  std::printf("[ snapshot of 8 runners ] plain with sequence and key %zu B, sealed %zu B (+%zd)\n",
              v5, v6, static_cast<std::ptrdiff_t>(v6) - static_cast<std::ptrdiff_t>(v5));
  EXPECT_LE(v6, v5 + 16);
  EXPECT_GE(v6, v5 + 4);  // the tag is not free
}

TEST(ResponseSecret, OpensOnlyForItsCookieAndClientKey) {
  const Pair k;
  Cookie cookie{};
  cookie[3] = 3;
  ResponseSecret secret;
  secret.role = Role::Spectator;
  secret.name = "Grace";
  secret.password_proof[0] = 9;
  const auto sealed = seal_response(k.c.tx, cookie, k.client.public_key, secret);
  EXPECT_EQ(sealed.size(), kMinResponseSealedBytes + 5);
  ResponseSecret out;
  ASSERT_TRUE(open_response(k.s.rx, cookie, k.client.public_key, sealed, out));
  EXPECT_EQ(out.role, Role::Spectator);
  EXPECT_EQ(out.name, "Grace");
  EXPECT_EQ(out.password_proof, secret.password_proof);
  Cookie other = cookie;
  other[15] ^= 1;
  EXPECT_FALSE(open_response(k.s.rx, other, k.client.public_key, sealed, out));
  EXPECT_FALSE(open_response(k.s.rx, cookie, KeyPair::generate().public_key, sealed, out));
  // Never the nonce of a datagram: the same key's datagram with sequence 0 does not open it.
  std::vector<std::uint8_t> as_datagram(kSealedHeaderBytes);
  std::memcpy(as_datagram.data() + 4, kSealedIdentifier, 4);
  as_datagram.insert(as_datagram.end(), sealed.begin(), sealed.end());
  std::vector<std::uint8_t> plain;
  Sequence seq = 0;
  EXPECT_FALSE(open_datagram(k.s.rx, as_datagram, seq, plain));
}

TEST(ServerKeyText, HexBothWays) {
  const KeyPair k = KeyPair::generate();
  const std::string hex = key_to_hex(k.public_key);
  EXPECT_EQ(hex.size(), 64u);
  EXPECT_EQ(key_from_hex(hex), std::optional(k.public_key));
  std::string upper = hex;
  for (char& ch : upper) ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
  EXPECT_EQ(key_from_hex(upper), std::optional(k.public_key));
  EXPECT_FALSE(key_from_hex(hex.substr(1)));
  EXPECT_FALSE(key_from_hex(hex + "0"));
  EXPECT_FALSE(key_from_hex(std::string(63, '0') + "g"));
  EXPECT_EQ(KeyPair::from_secret(k.secret_key).public_key, k.public_key);
}

}  // namespace
}  // namespace spear::net
