#include "server_fixture.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "net/codec.hpp"
#include "net/password_proof.hpp"
#include "net/session_crypto.hpp"

namespace spear::fuzz {

namespace {

[[noreturn]] void fixture_broken(const char* what) {
  std::fprintf(stderr, "server fuzz fixture: %s\n", what);
  std::abort();
}

std::vector<std::uint8_t> encode(net::Sequence seq, net::SessionKey key, net::Message m) {
  net::Packet p;
  p.sequence = seq;
  p.key = key;
  p.message = std::move(m);
  return net::encode_packet(p);
}

template <typename T>
const T* only(const server::Outbox& out) {
  if (out.size() != 1) return nullptr;
  static net::Packet packet;
  if (net::decode_packet(out.front().bytes, packet) != net::DecodeError::None) return nullptr;
  return std::get_if<T>(&packet.message);
}

// A Response as the corpus carries it: its secret (role, proof, name) in the clear in `sealed`;
// the harness seals it for the live handshake.
net::Response clear_response(net::Role role, const char* name) {
  net::Response r;
  r.cookie = cookie_placeholder();
  r.sealed.push_back(static_cast<std::uint8_t>(role));
  r.sealed.resize(1 + sizeof(net::PasswordProof), 0);
  r.sealed.insert(r.sealed.end(), name, name + std::strlen(name));
  r.sealed.resize(std::max(r.sealed.size(), net::kMinResponseSealedBytes), 0);
  return r;
}

}  // namespace

net::Cookie cookie_placeholder() {
  net::Cookie c;
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<std::uint8_t>(0xC0 + i);
  return c;
}

namespace {

// What the harness's own clients send: a Hello, then (keys from the Challenge) a sealed Response.
struct HandClient {
  net::KeyPair keys = net::KeyPair::generate();
  std::optional<net::SessionKeys> session;
  net::Cookie cookie{};
  net::PublicKey server_key{};
};

net::Response sealed_response(const HandClient& c, net::Role role, std::string name,
                              std::optional<net::PasswordProof> proof = std::nullopt) {
  net::ResponseSecret secret;
  secret.role = role;
  secret.name = std::move(name);
  secret.password_proof = proof
                              ? *proof
                              : net::make_password_proof(net::derive_password_key("", c.server_key),
                                                         c.cookie, c.keys.public_key, c.server_key);
  return {c.cookie, c.keys.public_key,
          net::seal_response(c.session->tx, c.cookie, c.keys.public_key, secret)};
}

}  // namespace

std::vector<Datagram> client_traffic() {
  std::vector<Datagram> out;
  out.push_back({"hello_player", encode(1, 0, net::Hello{net::Role::Player, {}})});
  out.push_back({"hello_spectator", encode(1, 0, net::Hello{net::Role::Spectator, {}})});
  out.push_back({"response_player", encode(2, 0, clear_response(net::Role::Player, "runner"))});
  out.push_back({"response_spectator", encode(2, 0, clear_response(net::Role::Spectator, "eye"))});
  for (int i = 0; i < 4; ++i) {
    net::Input in;
    in.ack_tick = static_cast<net::Tick>(2 * i);
    for (net::Tick t = 0; t < 8; ++t) {
      const net::Tick tick = static_cast<net::Tick>(4 * i) + t + 1;
      in.frames.push_back({tick,
                           tick % 5 == 0   ? net::buttons::kJump
                           : tick % 7 == 0 ? net::buttons::kThrust
                                           : std::uint8_t{0},
                           0});
    }
    out.push_back({"input_" + std::to_string(i), encode(0, 0, in)});
  }
  net::Input lab;
  lab.frames.push_back({40, net::buttons::kToggleLab, 2});
  lab.frames.push_back({41, net::buttons::kTogglePause, 0});
  lab.frames.push_back({42, net::buttons::kStep, 0});
  out.push_back({"input_lab", encode(0, 0, lab)});
  net::Input ack;
  ack.ack_tick = 0;
  out.push_back({"input_ack_only", encode(0, 0, ack)});
  out.push_back({"disconnect", encode(0, 0, net::Disconnect{})});
  return out;
}

ServerUnderFuzz::ServerUnderFuzz() {
  config_.max_players = 4;
  config_.max_spectators = 4;
  // Effectively unlimited: the harness sends a handful of datagrams per run from each address.
  config_.handshake_rate = config_.handshake_burst = 1e6;
  config_.unknown_rate = config_.unknown_burst = 1e6;
  config_.rate_limit_buckets = 64;
  match_ = std::make_unique<server::MatchHost>(config_.seed, config_.tick_rate, 2, 1.0f);
  table_ = std::make_unique<server::SessionTable>(config_, *match_, stats_);

  server::Outbox out;
  HandClient player;
  table_->receive(player_, encode(1, 0, net::Hello{net::Role::Player, player.keys.public_key}),
                  now_, out);
  const net::Challenge* c = only<net::Challenge>(out);
  if (!c) fixture_broken("no Challenge for the player's Hello");
  player.cookie = c->cookie;
  player.server_key = c->server_key;
  player.session = net::client_session_keys(player.keys, c->server_key, c->cookie);
  if (!player.session) fixture_broken("no session keys");
  out.clear();
  table_->receive(player_, encode(2, 0, sealed_response(player, net::Role::Player, "p1")), now_,
                  out);
  if (out.size() != 1 || !net::is_sealed(out.front().bytes))
    fixture_broken("no Welcome for the player's Response");
  player_keys_ = *player.session;
  out.clear();
  challenged_keys_ = net::KeyPair::generate();
  table_->receive(challenged_,
                  encode(1, 0, net::Hello{net::Role::Player, challenged_keys_.public_key}), now_,
                  out);
  c = only<net::Challenge>(out);
  if (!c) fixture_broken("no Challenge for the second Hello");
  challenged_cookie_ = c->cookie;
  challenged_server_key_ = c->server_key;
  const auto challenged = net::client_session_keys(challenged_keys_, c->server_key, c->cookie);
  if (!challenged) fixture_broken("no session keys for the challenged address");
  challenged_session_ = *challenged;
  // A snapshot round so the player's encoder holds a baseline an ack can name.
  match_->step();
  out.clear();
  table_->send_snapshots(match_->snapshot(), out);
}

void ServerUnderFuzz::feed(std::span<const std::uint8_t> bytes) {
  server::Outbox out;
  // As the connected player: sealed with its keys (what a hostile client can send), and as it is.
  table_->receive(player_, net::seal_datagram(player_keys_.tx, next_sequence_++, bytes), now_, out);
  table_->receive(player_, bytes, now_, out);
  table_->receive(stranger_, bytes, now_, out);
  table_->receive(challenged_, bytes, now_, out);
  // A Response: its `sealed` read as the secret in the clear, sealed for the live handshake of
  // the challenged address, so the join path (name, role, password, slots) is reached too.
  net::Packet packet;
  if (net::decode_packet(bytes, packet) == net::DecodeError::None) {
    if (auto* r = std::get_if<net::Response>(&packet.message)) {
      net::ResponseSecret secret;
      secret.role = r->sealed[0] & 1 ? net::Role::Spectator : net::Role::Player;
      secret.name.assign(r->sealed.begin() + 1 + sizeof(net::PasswordProof), r->sealed.end());
      secret.password_proof = net::make_password_proof(
          net::derive_password_key("", challenged_server_key_), challenged_cookie_,
          challenged_keys_.public_key, challenged_server_key_);
      net::Packet live;
      live.sequence = packet.sequence;
      live.message = net::Response{challenged_cookie_, challenged_keys_.public_key,
                                   net::seal_response(challenged_session_.tx, challenged_cookie_,
                                                      challenged_keys_.public_key, secret)};
      table_->receive(challenged_, net::encode_packet(live), now_, out);
    }
  }
  // Every reply to an address without a session is no larger than what it sent.
  for (const auto& d : out) {
    if (d.to == stranger_ && d.bytes.size() > bytes.size()) {
      std::fprintf(stderr, "amplification: %zu bytes answered with %zu\n", bytes.size(),
                   d.bytes.size());
      std::abort();
    }
  }
  match_->step();
  table_->send_snapshots(match_->snapshot(), out);
  for (const auto& d : out) {
    if (d.bytes.size() > net::kMaxDatagramBytes) {
      std::fprintf(stderr, "server produced a %zu-byte datagram\n", d.bytes.size());
      std::abort();
    }
  }
  table_->expire(now_ + 0.5, out);
}

}  // namespace spear::fuzz
