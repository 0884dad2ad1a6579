#include "net/client_connection.hpp"

#include <algorithm>

#include "net/name_text.hpp"
#include "net/password_proof.hpp"
#include "net/session_crypto.hpp"

namespace spear::net {
namespace {
constexpr std::size_t kMaxPendingInputs = 64;  // ~1 s at 60 Hz; older ones are lost anyway
}

std::string_view connection_state_name(ConnectionState s) {
  switch (s) {
    case ConnectionState::Idle:
      return "idle";
    case ConnectionState::Connecting:
      return "connecting";
    case ConnectionState::Challenged:
      return "challenged";
    case ConnectionState::Connected:
      return "connected";
    case ConnectionState::Refused:
      return "refused";
    case ConnectionState::TimedOut:
      return "timed_out";
    case ConnectionState::Disconnected:
      return "disconnected";
    case ConnectionState::WrongServerKey:
      return "wrong_server_key";
  }
  return "unknown";
}

ClientConnection::ClientConnection(ClientConfig config) : config_(std::move(config)) {
  // Too long a name is cut at a character boundary, never inside a character ("é").
  if (config_.name.size() > kMaxNameBytes)
    config_.name = cut_at_character(config_.name, kMaxNameBytes);
  config_.input_redundancy = std::clamp<std::size_t>(config_.input_redundancy, 1, kMaxInputFrames);
}

void ClientConnection::start(double now) {
  own_keys_ = KeyPair::generate();
  server_key_.reset();
  keys_.reset();
  cookie_.reset();
  state_ = ConnectionState::Connecting;
  started_at_ = state_since_ = now;
  last_sent_ = -1e9;
  view_sent_at_ = -1e9;  // the new session hears the view with its first Input
}

void ClientConnection::send(Message message, std::vector<std::vector<std::uint8_t>>& out,
                            double now) {
  // After the Welcome everything is sealed; the Packet inside carries no sequence of its own.
  const bool sealed = welcome_.has_value() && keys_.has_value();
  if (next_sequence_ >= kMaxSessionSequence) return;  // spent: never a nonce twice
  Packet p;
  p.sequence = sealed ? 0 : next_sequence_;
  p.message = std::move(message);
  auto bytes = encode_packet(p);
  if (sealed) bytes = seal_datagram(keys_->tx, next_sequence_, bytes);
  ++next_sequence_;
  ++stats_.datagrams_out;
  stats_.bytes_out += bytes.size();
  out.push_back(std::move(bytes));
  last_sent_ = now;
}

std::vector<std::vector<std::uint8_t>> ClientConnection::poll(double now) {
  std::vector<std::vector<std::uint8_t>> out;
  switch (state_) {
    case ConnectionState::Connecting:
    case ConnectionState::Challenged:
      if (now - started_at_ >= config_.timeout_s) {
        state_ = ConnectionState::TimedOut;
        break;
      }
      if (now - last_sent_ >= config_.resend_s) {
        if (state_ == ConnectionState::Connecting) {
          send(Hello{config_.role, own_keys_.public_key}, out, now);
        } else {
          send(Response{*cookie_, own_keys_.public_key, response_sealed_}, out, now);
        }
      }
      break;
    case ConnectionState::Connected: {
      if (now - last_snapshot_time_ >= config_.timeout_s) {
        state_ = ConnectionState::TimedOut;
        break;
      }
      if (input_dirty_ || ack_dirty_ || now - last_sent_ >= config_.ack_interval_s) {
        Input in;
        in.ack_tick = decoder_.newest_tick();
        const std::size_t n = std::min(pending_inputs_.size(), config_.input_redundancy);
        in.frames.assign(pending_inputs_.end() - static_cast<std::ptrdiff_t>(n),
                         pending_inputs_.end());
        // Acks ride on inputs; a spectator (no inputs) acks each new snapshot, at most twice an
        // ack interval (snapshots come once an interval: acking on a fixed clock instead would
        // skip every third one at 60 frames a second, and the server would take the path for
        // a lossy one), and at least once an interval.
        const double since = now - last_sent_;
        if (input_dirty_ || (ack_dirty_ && since >= 0.5 * config_.ack_interval_s) ||
            since >= config_.ack_interval_s) {
          if (view_ && (now - view_changed_at_ < kViewRepeatSeconds ||
                        now - view_sent_at_ >= kViewRefreshSeconds)) {
            in.view = view_;
            view_sent_at_ = now;
          }
          send(std::move(in), out, now);
          input_dirty_ = ack_dirty_ = false;
        }
      }
      break;
    }
    case ConnectionState::Disconnected:
      if (disconnects_left_ > 0) {
        --disconnects_left_;
        send(Disconnect{DisconnectReason::ClientQuit}, out, now);
      }
      break;
    case ConnectionState::Idle:
    case ConnectionState::Refused:
    case ConnectionState::TimedOut:
    case ConnectionState::WrongServerKey:
      break;
  }
  return out;
}

void ClientConnection::push_input(const InputFrame& frame) {
  if (state_ != ConnectionState::Connected || config_.role != Role::Player) return;
  if (!pending_inputs_.empty() && frame.tick <= pending_inputs_.back().tick) return;
  if (last_applied_input_ && frame.tick <= *last_applied_input_) return;
  pending_inputs_.push_back(frame);
  while (pending_inputs_.size() > kMaxPendingInputs) pending_inputs_.pop_front();
  input_dirty_ = true;
}

void ClientConnection::set_view(const InputView& view, double now) {
  if (view_ == view) return;
  view_ = view;
  view_changed_at_ = now;
}

void ClientConnection::disconnect(double now) {
  (void)now;
  if (state_ == ConnectionState::Connected) disconnects_left_ = kDisconnectRepeats;
  if (state_ == ConnectionState::Connected || state_ == ConnectionState::Connecting ||
      state_ == ConnectionState::Challenged) {
    state_ = ConnectionState::Disconnected;
    disconnect_reason_ = DisconnectReason::ClientQuit;
  }
}

std::vector<Snapshot> ClientConnection::take_snapshots() {
  std::vector<Snapshot> out;
  out.swap(decoded_);
  return out;
}

void ClientConnection::receive(std::span<const std::uint8_t> datagram, double now) {
  ++stats_.datagrams_in;
  stats_.bytes_in += datagram.size();
  Packet packet;
  if (is_sealed(datagram)) {
    Sequence sequence = 0;
    if (!keys_ || !open_datagram(keys_->rx, datagram, sequence, opened_)) {
      ++stats_.dropped;
      ++stats_.dropped_key;
      return;
    }
    if (decode_packet(opened_, packet) != DecodeError::None || packet.sequence != 0 ||
        packet.key != 0) {
      ++stats_.dropped;
      ++stats_.dropped_decode;
      return;
    }
    packet.sequence = sequence;
    on_packet(packet, true, now);
    return;
  }
  if (decode_packet(datagram, packet) != DecodeError::None) {
    ++stats_.dropped;
    ++stats_.dropped_decode;
    return;
  }
  on_packet(packet, false, now);
}

void ClientConnection::on_challenge(const Challenge& c, double now) {
  if (config_.server_key && *config_.server_key != c.server_key) {
    // An impostor (or another server at that address): tell the user, send it nothing more.
    server_key_ = c.server_key;
    state_ = ConnectionState::WrongServerKey;
    state_since_ = now;
    return;
  }
  if (server_key_ && *server_key_ != c.server_key) {
    ++stats_.dropped;  // a second server answering for the first: keep talking to the first
    ++stats_.dropped_key;
    return;
  }
  // The session's keys come from the cookie answered (net/session_crypto.hpp): the first one is
  // answered, and a Challenge with another (the answer to a repeated Hello) changes nothing.
  if (cookie_ && *cookie_ != c.cookie) return;
  const bool fresh = !cookie_;
  if (fresh) {
    const auto keys = client_session_keys(own_keys_, c.server_key, c.cookie);
    if (!keys) {
      ++stats_.dropped;
      ++stats_.dropped_key;
      return;
    }
    keys_ = keys;
    server_key_ = c.server_key;
    cookie_ = c.cookie;
    ResponseSecret secret;
    secret.role = config_.role;
    secret.name = config_.name;
    secret.password_proof = make_password_proof(derive_password_key(config_.password, c.server_key),
                                                c.cookie, own_keys_.public_key, c.server_key);
    response_sealed_ = seal_response(keys_->tx, c.cookie, own_keys_.public_key, secret);
  }
  if (fresh || state_ == ConnectionState::Connecting) last_sent_ = -1e9;  // answer now
  state_ = ConnectionState::Challenged;
  state_since_ = now;
}

void ClientConnection::on_packet(Packet& packet, bool sealed, double now) {
  auto drop_key = [&] {
    ++stats_.dropped;
    ++stats_.dropped_key;
  };
  if (packet.key != 0) return drop_key();
  const bool handshaking =
      state_ == ConnectionState::Connecting || state_ == ConnectionState::Challenged;

  if (handshaking) {
    if (auto* c = std::get_if<Challenge>(&packet.message)) {
      if (sealed) return drop_key();
      on_challenge(*c, now);
      return;
    }
    if (auto* w = std::get_if<Welcome>(&packet.message)) {
      // Only a Welcome sealed with this handshake's keys: the server proved it holds its key.
      if (!sealed || state_ != ConnectionState::Challenged) return drop_key();
      if (w->role != config_.role) return drop_key();
      welcome_ = *w;
      state_ = ConnectionState::Connected;
      state_since_ = now;
      stats_.handshake_seconds = now - started_at_;
      last_snapshot_time_ = now;
      replay_.reset();
      replay_.record(packet.sequence);
      last_sent_ = -1e9;  // first ack right away: the server learns we are here
      return;
    }
    if (auto* r = std::get_if<Refusal>(&packet.message)) {
      // A Hello is refused plain; a Response, once the server opened it, sealed.
      if (sealed != (state_ == ConnectionState::Challenged)) return drop_key();
      refusal_ = *r;
      // The server's words go to a terminal or a log: escape codes and newlines are defused.
      refusal_->text = printable_text(refusal_->text);
      state_ = ConnectionState::Refused;
      state_since_ = now;
      return;
    }
    return drop_key();
  }

  if (state_ != ConnectionState::Connected) return;  // finished: nothing changes any more
  if (!sealed) return drop_key();                    // a session speaks sealed only
  if (replay_.is_replay(packet.sequence)) {
    ++stats_.dropped;
    ++stats_.dropped_replay;
    return;
  }

  if (auto* s = std::get_if<SnapshotMessage>(&packet.message)) {
    Snapshot snap;
    const SnapshotDecodeError e = decoder_.decode(*s, snap);
    replay_.record(packet.sequence);
    if (e == SnapshotDecodeError::Duplicate) return;
    if (e != SnapshotDecodeError::None) {
      ++stats_.snapshots_undecodable;
      return;
    }
    ++stats_.snapshots;
    stats_.snapshot_runners += snap.runners.size();
    stats_.snapshot_others += snap.others.size();
    stats_.snapshot_runner_bytes += s->runner_block.size();
    last_snapshot_time_ = now;
    ack_dirty_ = true;
    for (const auto& e2 : snap.roster) roster_[e2.runner] = e2;
    if (snap.own && welcome_->runner_id && snap.own->id == *welcome_->runner_id) {
      const Tick applied = snap.own->last_input_tick;
      if (!last_applied_input_ || applied > *last_applied_input_) last_applied_input_ = applied;
      while (!pending_inputs_.empty() && pending_inputs_.front().tick <= *last_applied_input_)
        pending_inputs_.pop_front();
    }
    decoded_.push_back(std::move(snap));
    // Bounded even if the owner forgets to take them (about 2 s at 30 Hz).
    if (decoded_.size() > 64) decoded_.erase(decoded_.begin());
    return;
  }
  if (auto* d = std::get_if<Disconnect>(&packet.message)) {
    replay_.record(packet.sequence);
    state_ = ConnectionState::Disconnected;
    disconnect_reason_ = d->reason;
    state_since_ = now;
    return;
  }
  if (std::holds_alternative<Welcome>(packet.message)) {
    // A repeated Welcome (our Response crossed it): harmless, ignored.
    replay_.record(packet.sequence);
    return;
  }
  drop_key();  // nothing else is legal from a server once connected
}

}  // namespace spear::net
