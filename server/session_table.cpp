#include "server/session_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <optional>

#include "net/codec.hpp"
#include "net/name_text.hpp"
#include "net/password_proof.hpp"
#include "net/secure_random.hpp"
#include "net/session_crypto.hpp"
#include "net/snapshot_frame.hpp"

namespace spear::server {

namespace {

AddressBytes ip_of(const net::PeerAddress& a) { return a.ip; }

HandshakeOutcome outcome_of(net::RefusalReason r) {
  switch (r) {
    case net::RefusalReason::ServerFull:
      return HandshakeOutcome::RefusedServerFull;
    case net::RefusalReason::SpectatorsFull:
      return HandshakeOutcome::RefusedSpectatorsFull;
    case net::RefusalReason::SpectatorsOff:
      return HandshakeOutcome::RefusedSpectatorsOff;
    case net::RefusalReason::WrongPassword:
      return HandshakeOutcome::RefusedWrongPassword;
    case net::RefusalReason::WrongVersion:
      return HandshakeOutcome::RefusedWrongVersion;
    case net::RefusalReason::BadName:
      return HandshakeOutcome::RefusedBadName;
    case net::RefusalReason::ShuttingDown:
      return HandshakeOutcome::RefusedShuttingDown;
    case net::RefusalReason::Count:
      break;
  }
  return HandshakeOutcome::RefusedServerFull;
}

DropReason drop_of(net::DecodeError e) {
  switch (e) {
    case net::DecodeError::TooShort:
      return DropReason::TooSmall;
    case net::DecodeError::TooLarge:
      return DropReason::TooLarge;
    case net::DecodeError::WrongVersion:
      return DropReason::WrongVersion;
    default:
      return DropReason::Malformed;
  }
}

}  // namespace

std::size_t AddressBytesHash::operator()(const AddressBytes& a) const noexcept {
  // FNV-1a: these keys are addresses that proved themselves (a cookie), not chosen at will.
  std::uint64_t h = 1469598103934665603ull;
  for (std::uint8_t b : a) h = (h ^ b) * 1099511628211ull;
  return static_cast<std::size_t>(h);
}

SessionTable::SessionTable(const ServerConfig& config, MatchHost& match, ServerStats& stats)
    : config_(config),
      match_(match),
      stats_(stats),
      handshake_limit_(config.rate_limit_buckets, config.handshake_rate, config.handshake_burst),
      unknown_limit_(config.rate_limit_buckets, config.unknown_rate, config.unknown_burst),
      handshake_total_(config.handshake_total_rate, config.handshake_total_burst),
      password_guard_(config.password_addresses, config.password_rate, config.password_burst,
                      config.password_total_rate),
      keys_(config.secret_key ? net::KeyPair::from_secret(*config.secret_key)
                              : net::KeyPair::generate()),
      password_key_(net::derive_password_key(config.password, keys_.public_key)) {}

AddressSessions SessionTable::sessions_of(const net::PeerAddress& address) const {
  const auto it = per_address_.find(address.ip);
  return it == per_address_.end() ? AddressSessions{} : it->second;
}

const Session* SessionTable::find(const net::PeerAddress& address) const {
  const auto it = sessions_.find(address);
  return it == sessions_.end() ? nullptr : it->second.get();
}

const Session* SessionTable::find_client(net::ClientId id) const {
  for (const auto& [address, s] : sessions_) {
    if (s->id == id) return s.get();
  }
  return nullptr;
}

void SessionTable::receive(const net::PeerAddress& from, std::span<const std::uint8_t> bytes,
                           double now, Outbox& out) {
  // Cheap checks first: size, then the per-address budget for strangers, then the Verifier.
  if (bytes.size() < net::kMinDatagramBytes) return stats_.drops.add(DropReason::TooSmall);
  if (bytes.size() > net::kMaxDatagramBytes) return stats_.drops.add(DropReason::TooLarge);

  const auto it = sessions_.find(from);
  Session* session = it == sessions_.end() ? nullptr : it->second.get();
  if (!session && !unknown_limit_.allow(ip_of(from), now)) {
    return stats_.drops.add(DropReason::RateLimited);
  }

  if (net::is_sealed(bytes)) return on_sealed(session, bytes, now, out);

  net::Packet packet;
  const net::DecodeError error = net::decode_packet(bytes, packet);
  if (error != net::DecodeError::None) {
    // A Hello of another protocol version still deserves an answer the client can show; it
    // is padded like ours, so the refusal is smaller than what it carried.
    if (error == net::DecodeError::WrongVersion && !session && bytes.size() >= net::kHelloBytes &&
        handshake_limit_.allow(ip_of(from), now)) {
      const std::uint16_t version = net::peek_protocol_version(bytes);
      refuse(
          from, net::RefusalReason::WrongVersion,
          fmt::format("protocol version {}; this server speaks {}", version, net::kProtocolVersion),
          bytes.size(), out);
    }
    return stats_.drops.add(drop_of(error));
  }

  const bool handshake = std::holds_alternative<net::Hello>(packet.message) ||
                         std::holds_alternative<net::Response>(packet.message);
  if (handshake && packet.key == 0) {
    if (!handshake_limit_.allow(ip_of(from), now) || !handshake_total_.allow(now)) {
      return stats_.drops.add(DropReason::RateLimited);
    }
    if (std::holds_alternative<net::Hello>(packet.message)) {
      on_hello(from, packet, bytes.size(), now, out);
    } else {
      on_response(from, packet, now, out);
    }
    return;
  }
  if (!session) return stats_.drops.add(DropReason::UnknownAddress);
  // A session speaks sealed only: a plain Input or Disconnect from its address is no one's.
  stats_.drops.add(DropReason::WrongKey);
}

void SessionTable::on_sealed(Session* session, std::span<const std::uint8_t> bytes, double now,
                             Outbox& out) {
  if (!session) return stats_.drops.add(DropReason::UnknownAddress);
  net::Sequence sequence = 0;
  if (!net::open_datagram(session->keys.rx, bytes, sequence, opened_)) {
    return stats_.drops.add(DropReason::WrongKey);  // forged, changed, or another session's
  }
  net::Packet packet;
  const net::DecodeError error = net::decode_packet(opened_, packet);
  if (error != net::DecodeError::None) return stats_.drops.add(drop_of(error));
  if (packet.sequence != 0 || packet.key != 0) return stats_.drops.add(DropReason::Malformed);
  packet.sequence = sequence;
  on_session_packet(*session, packet, now, out);
}

void SessionTable::on_hello(const net::PeerAddress& from, const net::Packet& packet,
                            std::size_t size, double now, Outbox& out) {
  // PROTOCOL.md: a Hello shorter than kHelloBytes is ignored, whatever would fit in it.
  if (size < net::kHelloBytes) return stats_.drops.add(DropReason::TooSmall);
  if (shutting_down_) {
    refuse(from, net::RefusalReason::ShuttingDown, "server shutting down", size, out);
    return;
  }
  const auto& hello = std::get<net::Hello>(packet.message);
  net::Packet reply;
  reply.sequence = sessionless_sequence_++;
  reply.message = net::Challenge{cookies_.issue(from, hello.client_key, now), keys_.public_key};
  auto bytes = net::encode_packet(reply);
  if (bytes.size() > size) return stats_.drops.add(DropReason::Malformed);  // never amplify
  stats_.count_handshake(HandshakeOutcome::Challenged);
  out.push_back({from, std::move(bytes)});
}

void SessionTable::on_response(const net::PeerAddress& from, const net::Packet& packet, double now,
                               Outbox& out) {
  const auto& response = std::get<net::Response>(packet.message);
  if (!cookies_.verify(response.cookie, from, response.client_key, now)) {
    return stats_.drops.add(DropReason::BadCookie);
  }
  // From here the address is proven: it received our Challenge there, for this client key.
  const auto keys = net::server_session_keys(keys_, response.client_key, response.cookie);
  if (!keys) return stats_.drops.add(DropReason::Malformed);  // an unusable key
  net::ResponseSecret asked;
  if (!net::open_response(keys->rx, response.cookie, response.client_key, response.sealed, asked)) {
    return stats_.drops.add(DropReason::WrongKey);  // not sealed by the key's holder
  }

  if (auto it = sessions_.find(from); it != sessions_.end()) {
    Session& s = *it->second;
    // Another client at this address and port (it restarted), or another handshake: the session
    // there is not its.
    if (s.client_key != response.client_key || s.cookie != response.cookie)
      return stats_.drops.add(DropReason::Unexpected);
    // Our Welcome was lost and the client repeats its Response: the same Welcome again.
    s.last_heard = now;
    stats_.count_handshake(HandshakeOutcome::Rewelcomed);
    send(s, s.welcome, out);
    return;
  }
  // A cookie opens one session at most: the same Response again, once its session has ended
  // (recorded and replayed), opens nothing.
  forget_used_cookies(now);
  if (used_cookies_.count(response.cookie)) return stats_.drops.add(DropReason::Replayed);
  const auto refuse_verified = [&](net::RefusalReason reason, std::string text,
                                   std::optional<HandshakeOutcome> outcome = std::nullopt) {
    refuse(from, reason, std::move(text), net::kMaxDatagramBytes, out, outcome, &*keys);
  };
  if (shutting_down_)
    return refuse_verified(net::RefusalReason::ShuttingDown, "server shutting down");
  if (!net::is_valid_name(asked.name)) {
    return refuse_verified(net::RefusalReason::BadName,
                           fmt::format("a name needs 1 to {} bytes of UTF-8, no control characters",
                                       net::kMaxNameBytes));
  }
  const AddressSessions mine = sessions_of(from);
  if (asked.role == net::Role::Spectator) {
    if (!config_.allow_spectators) {
      return refuse_verified(net::RefusalReason::SpectatorsOff, "this server takes no spectators");
    }
    if (spectators_ >= config_.max_spectators) {
      return refuse_verified(
          net::RefusalReason::SpectatorsFull,
          fmt::format("spectator slots full ({}/{})", spectators_, config_.max_spectators));
    }
    if (config_.max_spectators_per_address > 0 &&
        mine.spectators >= config_.max_spectators_per_address) {
      return refuse_verified(
          net::RefusalReason::SpectatorsFull,
          fmt::format("your address already holds {} spectator slots", mine.spectators),
          HandshakeOutcome::RefusedAddressFull);
    }
  } else {
    const bool guarded = !config_.password.empty();
    double retry_after = 0.0;
    if (guarded && !password_guard_.may_check(ip_of(from), now, retry_after)) {
      // Refused without looking at the proof: a throttled guess learns nothing.
      return refuse_verified(
          net::RefusalReason::WrongPassword,
          fmt::format("too many password attempts; try again in {:.0f} s", retry_after),
          HandshakeOutcome::RefusedPasswordThrottled);
    }
    if (!net::check_password_proof(asked.password_proof, password_key_, response.cookie,
                                   response.client_key, keys_.public_key)) {
      if (guarded) password_guard_.failed(ip_of(from), now);
      return refuse_verified(net::RefusalReason::WrongPassword, config_.password.empty()
                                                                    ? "this server has no password"
                                                                    : "wrong password");
    }
    if (guarded) password_guard_.succeeded(ip_of(from));
    if (config_.max_players_per_address > 0 && mine.players >= config_.max_players_per_address) {
      return refuse_verified(
          net::RefusalReason::ServerFull,
          fmt::format("your address already holds {} player slots", mine.players),
          HandshakeOutcome::RefusedAddressFull);
    }
    if (players_ >= config_.max_players) {
      return refuse_verified(
          net::RefusalReason::ServerFull,
          fmt::format("server full ({}/{} players)", players_, config_.max_players));
    }
  }
  if (sessions_.size() >= 65535) {
    return refuse_verified(net::RefusalReason::ServerFull, "no client ids left");
  }

  auto s = std::make_unique<Session>();
  s->id = next_client_id();
  s->key = net::random_session_key();
  s->keys = *keys;
  s->client_key = response.client_key;
  s->cookie = response.cookie;
  s->address = from;
  s->role = asked.role;
  s->name = asked.name;
  s->joined_at = now;
  s->last_heard = now;
  // The emptier phase, when snapshots can be staggered (two or more ticks an interval).
  if (config_.tick_rate >= 2 * config_.snapshot_rate && in_phase_[1] < in_phase_[0])
    s->snapshot_phase = 1;
  if (asked.role == net::Role::Player) {
    s->runner = match_.add_player(asked.name);
    if (!s->runner) {
      return refuse_verified(net::RefusalReason::ServerFull, "no runner ids left in this match");
    }
    ++players_;
    ++per_address_[from.ip].players;
  } else {
    ++spectators_;
    ++per_address_[from.ip].spectators;
  }
  net::Welcome& w = s->welcome;
  w.client_id = s->id;
  w.session_key = s->key;
  w.server_tick = match_.tick();
  w.tick_rate = static_cast<std::uint16_t>(config_.tick_rate);
  w.snapshot_rate = static_cast<std::uint16_t>(config_.snapshot_rate);
  w.course_seed = config_.seed;
  w.role = s->role;
  w.runner_id = s->runner;

  ClientRecord& record = s->record;
  record.join_order = ++joins_;
  record.client = s->id;
  record.name = s->name;
  record.role = s->role;
  if (s->runner) {
    record.wire_runner = *s->runner;
    record.runner = match_.sim_id(*s->runner);
  }
  record.joined_at = record.left_at = now;

  stats_.count_handshake(HandshakeOutcome::Accepted);
  events_.push_back({SessionEvent::Kind::Joined, s->id, s->role, s->name, from,
                     s->runner ? fmt::format("runner {}", *s->runner) : std::string()});
  used_cookies_.insert(response.cookie);
  used_cookie_order_.push_back({now, response.cookie});
  Session& added = *s;
  ++in_phase_[s->snapshot_phase];
  sessions_.emplace(from, std::move(s));
  send(added, added.welcome, out);
}

void SessionTable::forget_used_cookies(double now) {
  // A cookie verifies for two windows at most; kept a second longer.
  constexpr double kKeep = 2 * net::kCookieWindowSeconds + 1.0;
  while (!used_cookie_order_.empty() && now - used_cookie_order_.front().first > kKeep) {
    used_cookies_.erase(used_cookie_order_.front().second);
    used_cookie_order_.pop_front();
  }
}

void SessionTable::on_session_packet(Session& s, net::Packet& packet, double now, Outbox& out) {
  (void)out;
  if (!s.replay.accept(packet.sequence)) return stats_.drops.add(DropReason::Replayed);
  s.last_heard = now;

  ClientRecord& record = s.record;
  record.left_at = now;
  if (auto* input = std::get_if<net::Input>(&packet.message)) {
    ++record.input_datagrams;
    if (input->ack_tick) s.encoder.acknowledge(*input->ack_tick);
    if (input->view && packet.sequence > s.view_sequence) {  // an older one arriving late: not
      s.view = input->view;
      s.view_sequence = packet.sequence;
    }
    // Spectators steer nothing: their frames are read by no one.
    if (s.role == net::Role::Player && s.runner && !input->frames.empty()) {
      const InputCounts counts = match_.submit(*s.runner, input->frames);
      record.inputs += counts;
      stats_.inputs += counts;
    }
    return;
  }
  if (std::holds_alternative<net::Disconnect>(packet.message)) {
    ++stats_.disconnects;
    events_.push_back({SessionEvent::Kind::Left, s.id, s.role, s.name, s.address, "disconnected"});
    remove(s.address, LeaveReason::Disconnected, now);
    return;
  }
  stats_.drops.add(DropReason::Unexpected);
}

void SessionTable::refuse(const net::PeerAddress& to, net::RefusalReason reason, std::string text,
                          std::size_t max_bytes, Outbox& out,
                          std::optional<HandshakeOutcome> outcome, const net::SessionKeys* keys) {
  stats_.count_handshake(outcome.value_or(outcome_of(reason)));
  events_.push_back({SessionEvent::Kind::Refused, 0, net::Role::Player, {}, to, text, reason});
  const net::Sequence counter = sessionless_sequence_++;
  const net::Sequence sequence =
      keys ? net::kMaxSessionSequence | (counter & (net::kMaxSessionSequence - 1)) : counter;
  const auto encode = [&](std::string words) {
    net::Packet reply;
    reply.sequence = keys ? 0 : sequence;
    reply.message = net::Refusal{reason, std::move(words)};
    auto bytes = net::encode_packet(reply);
    return keys ? net::seal_datagram(keys->tx, sequence, bytes) : bytes;
  };
  auto bytes = encode(std::move(text));
  if (bytes.size() > max_bytes) {
    // Too big to send to an unverified address: retry with no text (the reason still shows).
    bytes = encode({});
    if (bytes.size() > max_bytes) return;
  }
  out.push_back({to, std::move(bytes)});
}

void SessionTable::send(Session& s, net::Message message, Outbox& out) {
  if (s.next_sequence >= net::kMaxSessionSequence) return;  // spent: it times out
  net::Packet p;
  p.message = std::move(message);
  out.push_back(
      {s.address, net::seal_datagram(s.keys.tx, s.next_sequence++, net::encode_packet(p))});
}

void SessionTable::remove(const net::PeerAddress& address, std::optional<LeaveReason> reason,
                          double now) {
  const auto it = sessions_.find(address);
  if (it == sessions_.end()) return;
  Session& s = *it->second;
  ClientRecord& record = s.record;
  record.left = reason;
  record.left_at = std::max(record.left_at, now);
  AddressSessions& mine = per_address_[address.ip];
  if (s.role == net::Role::Player) {
    --players_;
    --mine.players;
    if (s.runner) match_.remove_runner(*s.runner);
  } else {
    --spectators_;
    --mine.spectators;
  }
  if (mine.players <= 0 && mine.spectators <= 0) per_address_.erase(address.ip);
  finished_.push_back(std::move(record));
  while (finished_.size() > config_.finished_records) {
    folded_.add(finished_.front());
    finished_.pop_front();
  }
  --in_phase_[s.snapshot_phase];
  sessions_.erase(it);
}

void SessionTable::expire(double now, Outbox& out) {
  std::vector<net::PeerAddress> silent;
  for (const auto& [address, s] : sessions_) {
    if (now - s->last_heard > config_.client_timeout) silent.push_back(address);
  }
  for (const net::PeerAddress& address : silent) {
    Session& s = *sessions_.at(address);
    ++stats_.timeouts;
    events_.push_back({SessionEvent::Kind::TimedOut, s.id, s.role, s.name, address,
                       fmt::format("silent for {:.1f} s", now - s.last_heard)});
    send(s, net::Disconnect{net::DisconnectReason::TimedOut}, out);
    remove(address, LeaveReason::TimedOut, now);
  }
}

bool SessionTable::waiting_for_snapshot() const {
  for (const auto& [address, s] : sessions_)
    if (!s->had_snapshot) return true;
  return false;
}

void SessionTable::send_snapshots(const net::Snapshot& base, Outbox& out, bool waiting_only,
                                  std::optional<std::uint8_t> phase) {
  if (phase && *phase >= kSnapshotPhases) return;
  // Every runner quantized and encoded once for everyone; per client only an order.
  auto& last = last_frame_[phase.value_or(0)];
  // Bridge residuals only while some recipient is sent them (a lossy path, or a new client).
  bool bridges = false;
  for (const auto& [address, sp] : sessions_) {
    const Session& s = *sp;
    if ((waiting_only && s.had_snapshot) || (phase && s.snapshot_phase != *phase)) continue;
    bridges = bridges || s.encoder.sends_bridges();
  }
  const auto frame = std::make_shared<const net::SnapshotFrame>(
      base, last.get(), net::PoseCodecMode::BoneAngles, bridges);
  last = frame;
  const std::size_t n = frame->size();
  const std::size_t per_snapshot = std::min(n, net::kMaxRunnersPerSnapshot);
  // The runners along the course, once for everyone: each client's order is read off it
  // outwards from the runner it centres on.
  std::vector<std::uint32_t> along(n);
  std::iota(along.begin(), along.end(), 0u);
  std::stable_sort(along.begin(), along.end(), [&](std::uint32_t a, std::uint32_t b) {
    return frame->distance(a) < frame->distance(b);
  });
  std::vector<std::uint32_t> place(n);
  for (std::uint32_t k = 0; k < n; ++k) place[along[k]] = k;
  std::vector<std::uint32_t> order;
  order.reserve(n);
  for (auto& [address, sp] : sessions_) {
    Session& s = *sp;
    if (waiting_only && s.had_snapshot) continue;
    if (phase && s.snapshot_phase != *phase) continue;
    s.had_snapshot = true;
    std::optional<net::OwnRunnerState> own;
    const auto mine = s.runner ? frame->index_of(*s.runner) : std::nullopt;
    if (mine) own = match_.own_runner_state(*s.runner, base.tick);
    // The runner the client's view follows (its own unless it said otherwise), then the others
    // nearest to it along the course, the player's own runner always first: the encoder leaves
    // out the last ones when the datagram is full.
    std::optional<std::size_t> centre = mine;
    if (s.view && s.view->followed) {
      if (const auto f = frame->index_of(*s.view->followed)) centre = *f;
    }
    // A spectator that has not said what it follows (or follows a runner that left) is centred
    // on the first runner by id, where a client's view starts.
    if (!centre && n > 0) centre = frame->id_order().front();
    std::span<const std::uint32_t> chosen;
    net::SnapshotFocus focus;
    if (centre) {
      order.clear();
      if (mine) order.push_back(static_cast<std::uint32_t>(*mine));
      const double d = frame->distance(*centre);
      std::size_t lo = place[*centre], hi = place[*centre] + 1;  // [lo, hi) taken
      if (!mine || *mine != *centre) order.push_back(static_cast<std::uint32_t>(*centre));
      focus.pinned = focus.reserved = order.size();
      // Near: within reach of the view's wider side, plus a margin to cover the time a runner
      // needs to cross it (PROTOCOL.md "Roll call").
      const double reach = net::kNearViewShare * (s.view ? s.view->width : net::kDefaultViewWidth) +
                           net::kNearMargin;
      focus.near = order.size();
      const std::size_t pinned_to = focus.pinned + net::kPinnedNeighbours;
      while (order.size() < per_snapshot && (lo > 0 || hi < n)) {
        const bool down = lo > 0 && (hi >= n || d - frame->distance(along[lo - 1]) <=
                                                    frame->distance(along[hi]) - d);
        const std::uint32_t next = down ? along[--lo] : along[hi++];
        if (mine && next == *mine) continue;
        order.push_back(next);
        if (std::abs(frame->distance(next) - d) <= reach) {
          focus.near = order.size();
          // The nearest few neighbours never wait their turn.
          if (order.size() <= pinned_to) focus.pinned = order.size();
        }
      }
      chosen = order;
    }
    net::SnapshotMessage msg = s.encoder.encode(frame, chosen, own, focus);
    ++stats_.snapshots_sent;
    send(s, std::move(msg), out);
  }
}

void SessionTable::begin_shutdown(net::DisconnectReason reason, Outbox& out) {
  shutting_down_ = true;
  for (auto& [address, s] : sessions_) send(*s, net::Disconnect{reason}, out);
}

void SessionTable::clear(double now) {
  std::vector<net::PeerAddress> all;
  for (const auto& [address, s] : sessions_) all.push_back(address);
  for (const auto& a : all) remove(a, std::nullopt, now);
}

std::vector<ClientRecord> SessionTable::clients(double now) const {
  std::vector<ClientRecord> out(finished_.begin(), finished_.end());
  for (const auto& [address, s] : sessions_) {
    out.push_back(s->record);
    out.back().left_at = std::max(out.back().left_at, now);
  }
  std::sort(out.begin(), out.end(), [](const ClientRecord& a, const ClientRecord& b) {
    return a.join_order < b.join_order;
  });
  return out;
}

net::ClientId SessionTable::next_client_id() {
  // 1 .. 65535, skipping ids still in use (a long-lived server wraps around).
  for (;;) {
    last_client_id_ = static_cast<net::ClientId>(last_client_id_ + 1);
    if (last_client_id_ == 0) continue;
    if (!find_client(last_client_id_)) return last_client_id_;
  }
}

}  // namespace spear::server
