// The client state machine against a scripted server in the same process, with injected time.
#include "net/client_connection.hpp"

#include <gtest/gtest.h>

#include "net/cookie.hpp"
#include "net/password_proof.hpp"
#include "net/session_crypto.hpp"
#include "net/snapshot_encoder.hpp"
#include "synthetic_pose.hpp"

namespace spear::net {
namespace {

const PeerAddress kClientAddr = PeerAddress::ipv4(127, 0, 0, 1, 40000);

// Just enough of a server: stateless challenge, sealed session, password check, welcome,
// snapshots.
struct ScriptedServer {
  ChallengeCookies cookies;
  KeyPair identity = KeyPair::generate();
  std::string password;
  SessionKey key = 0x5eed5eed5eedull;
  Sequence seq = 1;
  std::optional<SessionKeys> keys;  // of the client that was welcomed
  SnapshotEncoder encoder;
  std::vector<Input> inputs;

  std::vector<std::uint8_t> seal(Message m) {
    Packet p;
    p.message = std::move(m);
    return seal_datagram(keys->tx, seq++, encode_packet(p));
  }

  std::vector<std::vector<std::uint8_t>> handle(const std::vector<std::uint8_t>& bytes,
                                                double now) {
    Packet p;
    if (is_sealed(bytes)) {
      std::vector<std::uint8_t> plain;
      Sequence s = 0;
      if (!keys || !open_datagram(keys->rx, bytes, s, plain) ||
          decode_packet(plain, p) != DecodeError::None)
        return {};
      if (auto* in = std::get_if<Input>(&p.message)) {
        inputs.push_back(*in);
        if (in->ack_tick) encoder.acknowledge(*in->ack_tick);
      }
      return {};
    }
    if (decode_packet(bytes, p) != DecodeError::None) return {};
    if (auto* h = std::get_if<Hello>(&p.message))
      return {encode_packet(
          {0, 0, Challenge{cookies.issue(kClientAddr, h->client_key, now), identity.public_key}})};
    if (auto* r = std::get_if<Response>(&p.message)) {
      if (!cookies.verify(r->cookie, kClientAddr, r->client_key, now)) return {};
      const auto k = server_session_keys(identity, r->client_key, r->cookie);
      ResponseSecret asked;
      if (!k || !open_response(k->rx, r->cookie, r->client_key, r->sealed, asked)) return {};
      keys = k;
      if (!check_password_proof(asked.password_proof,
                                derive_password_key(password, identity.public_key), r->cookie,
                                r->client_key, identity.public_key))
        return {seal(Refusal{RefusalReason::WrongPassword, "wrong password"})};
      Welcome w{3, key, 1000, 60, 30, 42, asked.role, std::nullopt};
      if (asked.role == Role::Player) w.runner_id = 5;
      return {seal(w)};
    }
    return {};
  }

  std::vector<std::uint8_t> snapshot(Tick tick, std::optional<Tick> applied = std::nullopt) {
    Snapshot s;
    s.tick = tick;
    s.runners = {test::synthetic_runner(5, tick), test::synthetic_runner(6, tick)};
    s.roster = {{5, false, "me"}, {6, true, "bot"}};
    if (applied) s.own = OwnRunnerState{5, tick, *applied, {1, 2, 3}};
    return seal(encoder.encode(s));
  }
};

// Delivers everything the client wants to send to the server and the answers back.
void pump(ClientConnection& c, ScriptedServer& s, double now) {
  for (const auto& d : c.poll(now))
    for (const auto& answer : s.handle(d, now)) c.receive(answer, now);
}

ClientConnection connected_client(ScriptedServer& server, Role role = Role::Player) {
  ClientConfig cfg;
  cfg.role = role;
  cfg.name = "me";
  ClientConnection c(cfg);
  c.start(0.0);
  for (double t = 0.0; t < 1.0 && c.state() != ConnectionState::Connected; t += 0.05)
    pump(c, server, t);
  return c;
}

TEST(ClientConnection, HandshakeReachesConnected) {
  ScriptedServer server;
  ClientConnection c = connected_client(server);
  ASSERT_EQ(c.state(), ConnectionState::Connected);
  ASSERT_TRUE(c.welcome());
  EXPECT_EQ(c.welcome()->runner_id, std::optional<RunnerId>(5));
  EXPECT_EQ(c.welcome()->course_seed, 42u);
  ASSERT_TRUE(c.stats().handshake_seconds);
  EXPECT_LT(*c.stats().handshake_seconds, 0.2);
}

TEST(ClientConnection, TheFirstCookieIsAnsweredAndItsKeysOpenTheWelcome) {
  // A Hello repeated before its Challenge came: two Challenges, each with a cookie of its own
  // (and so keys of its own). The client answers the first; the second changes nothing.
  ScriptedServer server;
  ClientConnection c(ClientConfig{});
  c.start(0.0);
  const auto first_hello = c.poll(0.0);
  const auto second_hello = c.poll(0.15);
  ASSERT_EQ(first_hello.size(), 1u);
  ASSERT_EQ(second_hello.size(), 1u);
  const auto a = server.handle(first_hello[0], 0.16);
  const auto b = server.handle(second_hello[0], 0.16);
  ASSERT_EQ(a.size(), 1u);
  ASSERT_EQ(b.size(), 1u);
  ASSERT_NE(a[0], b[0]);
  c.receive(a[0], 0.17);
  c.receive(b[0], 0.17);
  for (double t = 0.17; t < 1.0 && c.state() != ConnectionState::Connected; t += 0.05)
    pump(c, server, t);
  EXPECT_EQ(c.state(), ConnectionState::Connected);
}

TEST(ClientConnection, HelloIsResentUntilAnswered) {
  ClientConnection c(ClientConfig{});
  c.start(0.0);
  std::size_t hellos = 0;
  for (double t = 0.0; t < 1.0; t += 0.01) hellos += c.poll(t).size();
  EXPECT_GE(hellos, 8u);
  EXPECT_LE(hellos, 11u);
}

TEST(ClientConnection, WrongPasswordIsRefusedWithReason) {
  ScriptedServer server;
  server.password = "secret";
  ClientConnection c = connected_client(server);
  EXPECT_EQ(c.state(), ConnectionState::Refused);
  ASSERT_TRUE(c.refusal());
  EXPECT_EQ(c.refusal()->reason, RefusalReason::WrongPassword);
}

TEST(ClientConnection, RightPasswordGetsIn) {
  ScriptedServer server;
  server.password = "secret";
  ClientConfig cfg;
  cfg.password = "secret";
  ClientConnection c(cfg);
  c.start(0.0);
  for (double t = 0.0; t < 1.0; t += 0.05) pump(c, server, t);
  EXPECT_EQ(c.state(), ConnectionState::Connected);
}

TEST(ClientConnection, SilentServerTimesOutHandshake) {
  ClientConnection c(ClientConfig{});
  c.start(10.0);
  for (double t = 10.0; t < 14.9; t += 0.1) c.poll(t);
  EXPECT_EQ(c.state(), ConnectionState::Connecting);
  c.poll(15.01);
  EXPECT_EQ(c.state(), ConnectionState::TimedOut);
}

TEST(ClientConnection, SnapshotsDecodeAckAndDelta) {
  ScriptedServer server;
  ClientConnection c = connected_client(server);
  ASSERT_EQ(c.state(), ConnectionState::Connected);
  double t = 1.0;
  for (Tick tick = 1000; tick < 1040; tick += 2, t += 1.0 / 30) {
    c.receive(server.snapshot(tick), t);
    pump(c, server, t);  // acks reach the server
  }
  const auto snaps = c.take_snapshots();
  ASSERT_EQ(snaps.size(), 20u);
  EXPECT_FALSE(snaps.front().baseline_tick);
  EXPECT_TRUE(snaps.back().baseline_tick);  // later ones are deltas against acks
  EXPECT_EQ(snaps.back().runners.size(), 2u);
  EXPECT_EQ(c.roster().at(6).name, "bot");
  EXPECT_EQ(c.newest_snapshot_tick(), std::optional<Tick>(1038));
  EXPECT_GT(server.encoder.stats().delta_snapshots, 15u);
}

TEST(ClientConnection, ReplayedAndForeignDatagramsChangeNothing) {
  ScriptedServer server;
  ClientConnection c = connected_client(server);
  const auto snap = server.snapshot(1000);
  c.receive(snap, 1.0);
  c.receive(snap, 1.01);  // replay
  EXPECT_EQ(c.stats().dropped_replay, 1u);
  // Sealed with another session's keys (or changed on the way): it does not open.
  ScriptedServer impostor;
  impostor.keys = SessionKeys{};
  impostor.keys->tx[0] = 1;
  c.receive(impostor.snapshot(1002), 1.02);
  EXPECT_EQ(c.stats().dropped_key, 1u);
  auto changed = server.snapshot(1002);
  changed[20] ^= 0x10;
  c.receive(changed, 1.025);
  EXPECT_EQ(c.stats().dropped_key, 2u);
  // A plain datagram once connected: no one's (the session speaks sealed only).
  Packet plain;
  plain.sequence = 99;
  plain.message = Disconnect{DisconnectReason::Kicked};
  c.receive(encode_packet(plain), 1.027);
  EXPECT_EQ(c.stats().dropped_key, 3u);
  const std::vector<std::uint8_t> junk(300, 0x41);
  c.receive(junk, 1.03);
  EXPECT_EQ(c.stats().dropped_decode, 1u);
  EXPECT_EQ(c.take_snapshots().size(), 1u);
  EXPECT_EQ(c.state(), ConnectionState::Connected);
}

TEST(ClientConnection, AServerWithAnotherKeyThanTheOneGivenIsRefusedAndToldNothing) {
  ScriptedServer server;
  ClientConfig cfg;
  cfg.password = "secret";
  cfg.server_key = KeyPair::generate().public_key;  // not the server's
  ClientConnection c(cfg);
  c.start(0.0);
  std::size_t responses = 0;
  for (double t = 0.0; t < 1.0; t += 0.05) {
    for (const auto& d : c.poll(t)) {
      Packet p;
      if (decode_packet(d, p) == DecodeError::None && std::holds_alternative<Response>(p.message))
        ++responses;
      for (const auto& answer : server.handle(d, t)) c.receive(answer, t);
    }
  }
  EXPECT_EQ(c.state(), ConnectionState::WrongServerKey);
  EXPECT_EQ(responses, 0u);  // the impostor never sees a proof
  EXPECT_EQ(c.offered_server_key(), std::optional(server.identity.public_key));

  ClientConfig right = cfg;
  right.password = "";
  right.server_key = server.identity.public_key;
  ClientConnection d(right);
  d.start(0.0);
  for (double t = 0.0; t < 1.0; t += 0.05) pump(d, server, t);
  EXPECT_EQ(d.state(), ConnectionState::Connected);
}

TEST(ClientConnection, AnUnsealedWelcomeIsNotBelieved) {
  ScriptedServer server;
  ClientConnection c(ClientConfig{});
  c.start(0.0);
  // Up to the Challenge, then a plain Welcome (anyone on the path could send one).
  for (const auto& d : c.poll(0.0))
    for (const auto& answer : server.handle(d, 0.0)) c.receive(answer, 0.0);
  ASSERT_EQ(c.state(), ConnectionState::Challenged);
  Packet w;
  w.sequence = 1;
  w.message = Welcome{3, 77, 1000, 60, 30, 42, Role::Player, RunnerId{5}};
  c.receive(encode_packet(w), 0.01);
  EXPECT_EQ(c.state(), ConnectionState::Challenged);
  EXPECT_EQ(c.stats().dropped_key, 1u);
}

TEST(ClientConnection, InputsCarryRedundancyUntilApplied) {
  ScriptedServer server;
  ClientConnection c = connected_client(server);
  double t = 1.0;
  for (Tick tick = 1000; tick < 1012; ++tick, t += 1.0 / 60) {
    c.push_input({tick, tick == 1005 ? buttons::kJump : std::uint8_t{0}, 0});
    pump(c, server, t);
  }
  ASSERT_FALSE(server.inputs.empty());
  const Input& last = server.inputs.back();
  ASSERT_EQ(last.frames.size(), 8u);  // default redundancy
  EXPECT_EQ(last.frames.back().tick, 1011u);
  EXPECT_EQ(last.frames.front().tick, 1004u);
  // The server says it applied up to 1009: only 1010 and 1011 remain to send.
  c.receive(server.snapshot(1012, 1009), t);
  c.push_input({1012, 0, 0});
  pump(c, server, t + 0.02);
  ASSERT_EQ(server.inputs.back().frames.size(), 3u);
  EXPECT_EQ(server.inputs.back().frames.front().tick, 1010u);
  EXPECT_EQ(c.last_applied_input_tick(), std::optional<Tick>(1009));
}

TEST(ClientConnection, SpectatorSendsNoInputsButAcks) {
  ScriptedServer server;
  ClientConnection c = connected_client(server, Role::Spectator);
  ASSERT_EQ(c.state(), ConnectionState::Connected);
  EXPECT_FALSE(c.welcome()->runner_id);
  c.push_input({1000, buttons::kJump, 0});
  c.receive(server.snapshot(1000), 1.0);
  pump(c, server, 1.1);
  ASSERT_FALSE(server.inputs.empty());
  EXPECT_TRUE(server.inputs.back().frames.empty());
  EXPECT_EQ(server.inputs.back().ack_tick, std::optional<Tick>(1000));
}

// A spectator's frames tick at 60 Hz and snapshots come every second frame: each one is acked
// (an ack clock of its own would skip every third, and the server would take a clean path for
// a lossy one and send it bridge residuals).
TEST(ClientConnection, SpectatorAcksEverySnapshotAtSixtyFrames) {
  ScriptedServer server;
  ClientConnection c = connected_client(server, Role::Spectator);
  ASSERT_EQ(c.state(), ConnectionState::Connected);
  server.inputs.clear();
  const double start = 1000.0;  // a large clock, as a long-running client's
  std::vector<Tick> sent;
  for (int frame = 0; frame < 600; ++frame) {
    const double now = start + frame / 60.0;
    if (frame % 2 == 0) {
      const Tick tick = 2000 + static_cast<Tick>(frame);
      c.receive(server.snapshot(tick), now);
      sent.push_back(tick);
    }
    pump(c, server, now);
  }
  std::vector<Tick> acked;
  for (const Input& in : server.inputs)
    if (in.ack_tick && (acked.empty() || *in.ack_tick != acked.back()))
      acked.push_back(*in.ack_tick);
  EXPECT_EQ(acked, sent);
  EXPECT_LT(server.encoder.skipped(), 0.005);
  EXPECT_FALSE(server.encoder.sends_bridges());
  // Ack-only inputs stay at the snapshot rate: one per snapshot, no more.
  EXPECT_LE(server.inputs.size(), sent.size() + 1);
}

TEST(ClientConnection, LostSnapshotsTimeOut) {
  ScriptedServer server;
  ClientConnection c = connected_client(server);
  c.receive(server.snapshot(1000), 1.0);
  for (double t = 1.0; t < 5.9; t += 0.1) pump(c, server, t);
  EXPECT_EQ(c.state(), ConnectionState::Connected);
  pump(c, server, 6.01);
  EXPECT_EQ(c.state(), ConnectionState::TimedOut);
}

TEST(ClientConnection, DisconnectBothWays) {
  ScriptedServer server;
  ClientConnection c = connected_client(server);
  c.disconnect(1.0);
  std::size_t sent = 0;
  for (int i = 0; i < 10; ++i) {
    for (const auto& d : c.poll(1.0 + i * 0.01)) {
      std::vector<std::uint8_t> plain;
      Sequence seq = 0;
      ASSERT_TRUE(open_datagram(server.keys->rx, d, seq, plain));
      Packet p;
      ASSERT_EQ(decode_packet(plain, p), DecodeError::None);
      EXPECT_TRUE(std::holds_alternative<Disconnect>(p.message));
      ++sent;
    }
  }
  EXPECT_EQ(sent, static_cast<std::size_t>(kDisconnectRepeats));
  EXPECT_EQ(c.state(), ConnectionState::Disconnected);

  ScriptedServer server2;
  ClientConnection c2 = connected_client(server2);
  c2.receive(server2.seal(Disconnect{DisconnectReason::ServerShutdown}), 1.0);
  EXPECT_EQ(c2.state(), ConnectionState::Disconnected);
  EXPECT_EQ(c2.disconnect_reason(), std::optional(DisconnectReason::ServerShutdown));
}

}  // namespace
}  // namespace spear::net
