#include "server_fixture.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "net/codec.hpp"
#include "net/password_proof.hpp"

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

void replace_all(std::vector<std::uint8_t>& bytes, const std::uint8_t* from, const std::uint8_t* to,
                 std::size_t n) {
  for (auto it = bytes.begin(); (it = std::search(it, bytes.end(), from, from + n)) != bytes.end();
       it += static_cast<std::ptrdiff_t>(n))
    std::copy(to, to + n, it);
}

net::Response player_response(const net::Cookie& cookie, net::Role role, const char* name) {
  net::Response r;
  r.cookie = cookie;
  r.role = role;
  r.name = name;
  r.password_proof = net::make_password_proof(cookie, "");
  return r;
}

}  // namespace

net::Cookie cookie_placeholder() {
  net::Cookie c;
  for (std::size_t i = 0; i < c.size(); ++i) c[i] = static_cast<std::uint8_t>(0xC0 + i);
  return c;
}

std::vector<Datagram> client_traffic() {
  std::vector<Datagram> out;
  out.push_back({"hello_player", encode(1, 0, net::Hello{net::Role::Player})});
  out.push_back({"hello_spectator", encode(1, 0, net::Hello{net::Role::Spectator})});
  out.push_back({"response_player",
                 encode(2, 0, player_response(cookie_placeholder(), net::Role::Player, "runner"))});
  out.push_back({"response_spectator",
                 encode(2, 0, player_response(cookie_placeholder(), net::Role::Spectator, "eye"))});
  net::Sequence seq = 3;
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
    out.push_back({"input_" + std::to_string(i), encode(seq++, kSessionKey, in)});
  }
  net::Input lab;
  lab.frames.push_back({40, net::buttons::kToggleLab, 2});
  lab.frames.push_back({41, net::buttons::kTogglePause, 0});
  lab.frames.push_back({42, net::buttons::kStep, 0});
  out.push_back({"input_lab", encode(seq++, kSessionKey, lab)});
  net::Input ack;
  ack.ack_tick = 0;
  out.push_back({"input_ack_only", encode(seq++, kSessionKey, ack)});
  out.push_back({"disconnect", encode(seq++, kSessionKey, net::Disconnect{})});
  out.push_back({"input_wrong_key", encode(seq++, kSessionKey ^ 1, ack)});
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
  const auto hello = encode(1, 0, net::Hello{net::Role::Player});
  table_->receive(player_, hello, now_, out);
  const net::Challenge* c = only<net::Challenge>(out);
  if (!c) fixture_broken("no Challenge for the player's Hello");
  const net::Cookie player_cookie = c->cookie;
  out.clear();
  table_->receive(player_, encode(2, 0, player_response(player_cookie, net::Role::Player, "p1")),
                  now_, out);
  const net::Welcome* w = only<net::Welcome>(out);
  if (!w) fixture_broken("no Welcome for the player's Response");
  player_key_ = w->session_key;
  out.clear();
  table_->receive(challenged_, hello, now_, out);
  c = only<net::Challenge>(out);
  if (!c) fixture_broken("no Challenge for the second Hello");
  challenged_cookie_ = c->cookie;
  // A snapshot round so the player's encoder holds a baseline an ack can name.
  match_->step();
  out.clear();
  table_->send_snapshots(match_->snapshot(), out);
}

std::vector<std::uint8_t> ServerUnderFuzz::with_live_values(
    std::span<const std::uint8_t> bytes) const {
  std::vector<std::uint8_t> live(bytes.begin(), bytes.end());
  std::uint8_t placeholder[8], key[8];
  std::memcpy(placeholder, &kSessionKey, 8);  // FlatBuffers scalars are little-endian
  std::memcpy(key, &player_key_, 8);
  replace_all(live, placeholder, key, 8);
  const net::Cookie from = cookie_placeholder();
  replace_all(live, from.data(), challenged_cookie_.data(), from.size());
  return live;
}

void ServerUnderFuzz::feed(std::span<const std::uint8_t> bytes) {
  server::Outbox out;
  const auto live = with_live_values(bytes);
  table_->receive(player_, live, now_, out);
  table_->receive(stranger_, bytes, now_, out);
  table_->receive(challenged_, live, now_, out);
  // A Response whose password proof was made for the placeholder cookie: redo the proof for
  // the live cookie so the join path past the password check is reached too.
  net::Packet packet;
  if (net::decode_packet(live, packet) == net::DecodeError::None) {
    if (auto* r = std::get_if<net::Response>(&packet.message)) {
      r->password_proof = net::make_password_proof(r->cookie, "");
      table_->receive(challenged_, net::encode_packet(packet), now_, out);
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
