#pragma once
// The sessions of a server and the handshake that creates them, with no socket and no clock:
// datagrams and the time go in, datagrams to send come out (Outbox). The server's loop and the
// tests drive the same code.
//
// What it enforces (net.md): Hello → Challenge (stateless cookie, never more bytes than the
// Hello) → Response (its request sealed) → Welcome; caps and password for players; spectators on
// or off; clear refusals; every later datagram must open with the session's keys
// (net/session_crypto.hpp) and come from the session's address and port, with a fresh sequence
// number; a spectator's inputs move nothing; silence
// for the timeout frees the session and its runner. Every dropped datagram is counted by reason.
// Every accepted session leaves a ClientRecord (its input accounting, why it left) for the summary;
// past config.finished_records finished ones, the oldest are folded into totals (FoldedClients).
// Fair slots: an address holds at most config.max_*_per_address sessions, handshakes are
// budgeted per address and in total, password guesses are slowed (server/password_guard.hpp).
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "net/cookie.hpp"
#include "net/messages.hpp"
#include "net/password_proof.hpp"
#include "net/peer_address.hpp"
#include "net/session_crypto.hpp"
#include "net/snapshot_frame.hpp"
#include "server/address_rate_limiter.hpp"
#include "server/client_record.hpp"
#include "server/match_host.hpp"
#include "server/password_guard.hpp"
#include "server/server_config.hpp"
#include "server/server_stats.hpp"
#include "server/session.hpp"
#include "server/token_bucket.hpp"

namespace spear::server {

struct OutDatagram {
  net::PeerAddress to;
  std::vector<std::uint8_t> bytes;
};
using Outbox = std::vector<OutDatagram>;

// Something worth a log line (joins, leaves, refusals); the caller logs.
struct SessionEvent {
  enum class Kind { Joined, Left, TimedOut, Refused } kind;
  net::ClientId client = 0;
  net::Role role = net::Role::Player;
  std::string name;
  net::PeerAddress address;
  std::string detail;                                           // refusal text
  net::RefusalReason refusal = net::RefusalReason::ServerFull;  // Refused: why
};

// The sessions one address (IP, any port) holds, for the per-address caps.
struct AddressSessions {
  int players = 0;
  int spectators = 0;
};
struct AddressBytesHash {
  std::size_t operator()(const AddressBytes& a) const noexcept;
};

class SessionTable {
 public:
  SessionTable(const ServerConfig& config, MatchHost& match, ServerStats& stats);

  // One received datagram (its UDP payload) from `from` at server time `now` (seconds).
  void receive(const net::PeerAddress& from, std::span<const std::uint8_t> bytes, double now,
               Outbox& out);

  // Frees sessions silent for longer than the timeout (told with a Disconnect) and their runners.
  void expire(double now, Outbox& out);

  // Sends this tick's snapshot to every session (delta against its newest acked snapshot), or
  // with `phase` to the sessions of that snapshot phase only.
  // waiting_only: only to the sessions that have had no snapshot yet (a paused match).
  void send_snapshots(const net::Snapshot& base, Outbox& out, bool waiting_only = false,
                      std::optional<std::uint8_t> phase = std::nullopt);
  // Snapshot phases: with at least two ticks a snapshot interval (config), sessions are spread
  // over two phases, the second sent its snapshots one tick after the first (so the encoding
  // work is shared by two ticks); else every session is in phase 0.
  static constexpr std::size_t kSnapshotPhases = 2;
  std::size_t sessions_in_phase(std::uint8_t phase) const {
    return phase < kSnapshotPhases ? in_phase_[phase] : 0;
  }
  // Some session has had no snapshot yet.
  bool waiting_for_snapshot() const;

  // From now on refuse joins; send every session a Disconnect (call again to repeat it).
  void begin_shutdown(net::DisconnectReason reason, Outbox& out);
  // Removes every session (after the last Disconnect repeat) at server time `now`; their
  // records say they were still connected.
  void clear(double now);
  bool shutting_down() const { return shutting_down_; }

  // The server's public key (clients may check it with --server-key).
  const net::PublicKey& public_key() const { return keys_.public_key; }

  int players() const { return players_; }
  int spectators() const { return spectators_; }
  std::size_t size() const { return sessions_.size(); }
  const Session* find(const net::PeerAddress& address) const;
  const Session* find_client(net::ClientId id) const;
  // The newest config.finished_records finished sessions and every connected one, in join
  // order; those still connected counted up to `now`. Older finished ones are in folded().
  std::vector<ClientRecord> clients(double now) const;
  const FoldedClients& folded() const { return folded_; }
  // Records held one by one (finished and connected): bounded by the sessions plus the cap.
  std::size_t record_count() const { return finished_.size() + sessions_.size(); }
  // The sessions `address` holds (any port).
  AddressSessions sessions_of(const net::PeerAddress& address) const;

  // Events since the last call (joins, leaves, timeouts, refusals).
  std::vector<SessionEvent> take_events() { return std::exchange(events_, {}); }

 private:
  void on_hello(const net::PeerAddress& from, const net::Packet& packet, std::size_t size,
                double now, Outbox& out);
  void on_response(const net::PeerAddress& from, const net::Packet& packet, double now,
                   Outbox& out);
  // A sealed datagram from the address of `s` (of no session: `s` null).
  void on_sealed(Session* s, std::span<const std::uint8_t> bytes, double now, Outbox& out);
  void on_session_packet(Session& s, net::Packet& packet, double now, Outbox& out);
  // `keys`: the Response's, so the Refusal travels sealed; none for a Hello's (plain).
  void refuse(const net::PeerAddress& to, net::RefusalReason reason, std::string text,
              std::size_t max_bytes, Outbox& out,
              std::optional<HandshakeOutcome> outcome = std::nullopt,
              const net::SessionKeys* keys = nullptr);
  void send(Session& s, net::Message message, Outbox& out);
  // Drops the cookies that opened sessions and can no longer verify.
  void forget_used_cookies(double now);
  void remove(const net::PeerAddress& address, std::optional<LeaveReason> reason, double now);
  net::ClientId next_client_id();

  const ServerConfig& config_;
  MatchHost& match_;
  ServerStats& stats_;
  net::ChallengeCookies cookies_;
  // Per phase, the last frame sent: shares its name table with the next and is what that
  // phase's next frame bridges (its sessions' previous snapshot).
  std::array<std::shared_ptr<const net::SnapshotFrame>, kSnapshotPhases> last_frame_;
  std::array<std::size_t, kSnapshotPhases> in_phase_{};
  AddressRateLimiter handshake_limit_;
  AddressRateLimiter unknown_limit_;
  TokenBucket handshake_total_;
  PasswordGuard password_guard_;
  net::KeyPair keys_;                 // the server's (config.secret_key, or fresh)
  net::PasswordKey password_key_;     // config.password stretched for keys_ (net/password_proof)
  std::vector<std::uint8_t> opened_;  // scratch: an opened datagram
  std::unordered_map<AddressBytes, AddressSessions, AddressBytesHash> per_address_;
  std::unordered_map<net::PeerAddress, std::unique_ptr<Session>, net::PeerAddressHash> sessions_;
  int players_ = 0;
  int spectators_ = 0;
  net::ClientId last_client_id_ = 0;
  // Challenges and Refusals: plain ones' sequence, and sealed Refusals' (never twice under one
  // key: each handshake has its own keys, and this counter never repeats).
  net::Sequence sessionless_sequence_ = 1;
  bool shutting_down_ = false;
  // Cookies that opened a session, while they may still verify (with when they were used).
  struct CookieHash {
    std::size_t operator()(const net::Cookie& c) const {
      std::size_t h = 0;  // the cookie's first bytes are random
      for (int i = 0; i < 8; ++i) h = (h << 8) | c[static_cast<std::size_t>(i)];
      return h;
    }
  };
  std::unordered_set<net::Cookie, CookieHash> used_cookies_;
  std::deque<std::pair<double, net::Cookie>> used_cookie_order_;
  std::vector<SessionEvent> events_;
  std::deque<ClientRecord> finished_;  // newest config.finished_records, in join order
  FoldedClients folded_;               // the finished sessions before those
  std::uint64_t joins_ = 0;            // sessions accepted so far (their join order)
};

}  // namespace spear::server
