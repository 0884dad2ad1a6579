#include "fuzz_fixture.hpp"

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "net/codec.hpp"
#include "net/sim_wire.hpp"
#include "net/snapshot_encoder.hpp"
#include "sim/bot.hpp"
#include "sim/match.hpp"

namespace spear::fuzz {

namespace {

// The fixture is our own code: if it cannot produce a connected client, the targets would
// fuzz nothing, so stop loudly.
[[noreturn]] void fixture_broken(const char* what) {
  std::fprintf(stderr, "fuzz fixture: %s\n", what);
  std::abort();
}

net::Snapshot snapshot_of(const sim::Match& match, net::Tick tick) {
  net::Snapshot s;
  s.tick = tick;
  for (const sim::MatchRunner& r : match.runners()) {
    net::RunnerSnapshot w;
    w.id = static_cast<net::RunnerId>(r.id);
    w.mode = net::wire_mode(r.state);
    w.flags = net::runner_flags::kBot;
    w.score = r.state.score;
    w.best = r.state.best;
    w.distance = r.state.distance;
    w.pose = r.state.pose;
    s.runners.push_back(w);
    s.roster.push_back({w.id, true, "bot " + std::to_string(r.id)});
  }
  // The first runner is the connected player's: the prediction state travels to it.
  const sim::MatchRunner& own = match.runners().front();
  net::OwnRunnerState o;
  o.id = static_cast<net::RunnerId>(own.id);
  o.state_tick = tick;
  o.last_input_tick = tick > 0 ? tick - 1 : 0;
  // Opaque to the client's decoder; a few bytes of real state stand in for the sim's blob.
  o.sim_state.resize(sizeof(own.state.distance) + sizeof(own.state.score));
  std::memcpy(o.sim_state.data(), &own.state.distance, sizeof(own.state.distance));
  std::memcpy(o.sim_state.data() + sizeof(own.state.distance), &own.state.score,
              sizeof(own.state.score));
  s.own = o;
  return s;
}

std::vector<std::uint8_t> encode(net::Sequence seq, net::SessionKey key, net::Message m) {
  net::Packet p;
  p.sequence = seq;
  p.key = key;
  p.message = std::move(m);
  return net::encode_packet(p);
}

net::Welcome fixture_welcome() {
  net::Welcome w;
  w.client_id = 1;
  w.session_key = kSessionKey;
  w.server_tick = 118;
  w.course_seed = kMatchSeed;
  w.role = net::Role::Player;
  w.runner_id = 1;
  return w;
}

std::vector<std::uint8_t> block_bytes(const net::SnapshotMessage& m) {
  std::vector<std::uint8_t> out;
  out.push_back(static_cast<std::uint8_t>(m.runner_count));
  out.insert(out.end(), m.runner_block.begin(), m.runner_block.end());
  return out;
}

struct Encoded {
  net::SnapshotMessage baseline;
  std::vector<net::SnapshotMessage> deltas;
};

// The baseline snapshot, then later ones delta-coded against it (as after the client acked it).
const Encoded& encoded_match() {
  static const Encoded encoded = [] {
    Encoded e;
    const auto snaps = match_snapshots(12);
    net::SnapshotEncoder encoder;
    e.baseline = encoder.encode(snaps.front());
    encoder.acknowledge(snaps.front().tick);
    for (std::size_t i = 1; i < snaps.size(); ++i) {
      e.deltas.push_back(encoder.encode(snaps[i]));
      if (!e.deltas.back().baseline_tick) fixture_broken("encoder made no delta after an ack");
    }
    return e;
  }();
  return encoded;
}

}  // namespace

std::vector<net::Snapshot> match_snapshots(int count, net::Tick first_tick) {
  sim::Match match(kMatchSeed);
  std::vector<sim::RunnerId> ids;
  std::vector<sim::BotController> bots;
  for (int i = 0; i < kRunners; ++i) {
    ids.push_back(match.add_runner());
    // Mixed skills so that some runners crash, lie down and restart within the window.
    bots.emplace_back(i % 2 == 0 ? 1.0f : 0.2f, kMatchSeed + static_cast<std::uint64_t>(i));
  }
  std::vector<net::Snapshot> out;
  const net::Tick last = first_tick + static_cast<net::Tick>(count * kTicksPerSnapshot);
  while (match.tick() < last) {
    const sim::Tick tick = match.tick();
    for (std::size_t i = 0; i < ids.size(); ++i) {
      const sim::Input in =
          bots[i].decide(match.runner(ids[i])->state, match.course(), tick, match.dt());
      if (!in.empty()) (void)match.submit_input(ids[i], in);
    }
    match.step();
    if (match.tick() >= first_tick && (match.tick() - first_tick) % kTicksPerSnapshot == 0 &&
        out.size() < static_cast<std::size_t>(count))
      out.push_back(snapshot_of(match, match.tick()));
  }
  return out;
}

const net::KeyPair& server_key_pair() {
  static const net::KeyPair pair = [] {
    net::SecretKey secret{};
    for (std::size_t i = 0; i < secret.size(); ++i)
      secret[i] = static_cast<std::uint8_t>(0x51 + 3 * i);
    return net::KeyPair::from_secret(secret);
  }();
  return pair;
}

ServerTraffic server_traffic() {
  ServerTraffic t;
  net::Challenge c;
  for (std::size_t i = 0; i < c.cookie.size(); ++i)
    c.cookie[i] = static_cast<std::uint8_t>(0xA0 + i);
  c.server_key = server_key_pair().public_key;
  t.challenge = encode(1, 0, c);
  t.welcome = encode(0, 0, fixture_welcome());
  const Encoded& e = encoded_match();
  t.baseline_snapshot = encode(0, 0, e.baseline);
  for (std::size_t i = 0; i < e.deltas.size(); ++i)
    t.later.push_back({"snapshot_delta_" + std::to_string(i), encode(0, 0, e.deltas[i])});
  t.later.push_back({"welcome_repeat", encode(0, 0, fixture_welcome())});
  t.later.push_back({"disconnect_shutdown",
                     encode(0, 0, net::Disconnect{net::DisconnectReason::ServerShutdown})});
  return t;
}

ConnectedClient connected_client() {
  static const ConnectedClient primed = [] {
    const ServerTraffic t = server_traffic();
    net::ClientConfig config;
    config.role = net::Role::Player;
    config.name = "fuzz";
    ConnectedClient out{net::ClientConnection(config), {}, 1};
    net::ClientConnection& c = out.connection;
    c.start(0.0);
    const auto hello = c.poll(0.0);
    net::Packet h;
    if (hello.size() != 1 || net::decode_packet(hello.front(), h) != net::DecodeError::None ||
        !std::holds_alternative<net::Hello>(h.message))
      fixture_broken("client sent no Hello");
    net::Cookie cookie;  // the fixture's Challenge's (server_traffic)
    for (std::size_t i = 0; i < cookie.size(); ++i) cookie[i] = static_cast<std::uint8_t>(0xA0 + i);
    const auto keys = net::server_session_keys(server_key_pair(),
                                               std::get<net::Hello>(h.message).client_key, cookie);
    if (!keys) fixture_broken("no session keys");
    out.server_keys = *keys;
    c.receive(t.challenge, 0.01);
    (void)c.poll(0.01);
    c.receive(net::seal_datagram(keys->tx, out.next_sequence++, t.welcome), 0.02);
    c.receive(net::seal_datagram(keys->tx, out.next_sequence++, t.baseline_snapshot), 0.03);
    (void)c.poll(0.03);
    if (c.state() != net::ConnectionState::Connected) fixture_broken("client did not connect");
    if (c.take_snapshots().size() != 1) fixture_broken("client did not decode the baseline");
    return out;
  }();
  return primed;
}

const net::QuantizedSnapshot& delta_baseline() {
  static const net::QuantizedSnapshot baseline = [] {
    const net::Snapshot first = match_snapshots(1).front();
    net::QuantizedSnapshot q;
    q.tick = first.tick;
    for (const auto& r : first.runners) q.runners.push_back(net::quantize_runner(r));
    return q;
  }();
  return baseline;
}

std::vector<Datagram> delta_blocks() {
  std::vector<Datagram> out;
  const Encoded& e = encoded_match();
  out.push_back({"full_block", block_bytes(e.baseline)});
  for (std::size_t i = 0; i < e.deltas.size(); ++i)
    out.push_back({"delta_block_" + std::to_string(i), block_bytes(e.deltas[i])});
  return out;
}

std::vector<Datagram> all_message_kinds() {
  std::vector<Datagram> out;
  const ServerTraffic t = server_traffic();
  out.push_back({"challenge", t.challenge});
  out.push_back({"welcome", t.welcome});
  out.push_back({"snapshot_full", t.baseline_snapshot});
  for (const auto& d : t.later) out.push_back(d);

  out.push_back({"hello_player", encode(1, 0, net::Hello{net::Role::Player, {}})});
  out.push_back({"hello_spectator", encode(1, 0, net::Hello{net::Role::Spectator, {}})});
  net::Response r;
  for (std::size_t i = 0; i < r.cookie.size(); ++i)
    r.cookie[i] = static_cast<std::uint8_t>(0xA0 + i);
  r.sealed.assign(net::kMinResponseSealedBytes + 6, 0x5A);
  out.push_back({"response", encode(2, 0, r)});
  for (auto reason : {net::RefusalReason::ServerFull, net::RefusalReason::WrongPassword,
                      net::RefusalReason::WrongVersion}) {
    net::Refusal f;
    f.reason = reason;
    f.text = "refused: " + std::to_string(static_cast<int>(reason));
    out.push_back({"refusal_" + std::to_string(static_cast<int>(reason)), encode(2, 0, f)});
  }
  net::Input in;
  in.ack_tick = 120;
  for (net::Tick tick = 121; tick < 129; ++tick)
    in.frames.push_back({tick, tick % 3 == 0 ? net::buttons::kJump : std::uint8_t{0}, 0});
  out.push_back({"input_player", encode(0, 0, in)});
  net::Input ack;
  ack.ack_tick = 122;
  out.push_back({"input_ack_only", encode(0, 0, ack)});
  out.push_back({"disconnect_quit", encode(0, 0, net::Disconnect{})});
  return out;
}

}  // namespace spear::fuzz
