#pragma once
// The client side of a connection as a state machine with no socket and no clock: feed it the
// datagrams from the server and the time, take from it the datagrams to send. spear-client,
// spear-load and the tests drive the same code.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "net/codec.hpp"
#include "net/messages.hpp"
#include "net/replay_window.hpp"
#include "net/session_crypto.hpp"
#include "net/snapshot_decoder.hpp"

namespace spear::net {

struct ClientConfig {
  Role role = Role::Player;
  std::string name = "runner";
  std::string password;  // "" when the server has none
  // The server's public key, when the user knows it (--server-key): a server that answers with
  // another one is an impostor, and nothing is sent to it after its Challenge.
  std::optional<PublicKey> server_key;
  double timeout_s = kTimeoutSeconds;  // handshake or snapshot silence -> TimedOut
  double resend_s = kHandshakeResendSeconds;
  double ack_interval_s = 1.0 / 30.0;  // ack-only Inputs: at least this often, each new snapshot
  std::size_t input_redundancy = 8;    // frames per Input (newest and older unapplied ones)
};

enum class ConnectionState : std::uint8_t {
  Idle,        // not started
  Connecting,  // sending Hello
  Challenged,  // sending Response
  Connected,
  Refused,         // see refusal()
  TimedOut,        // no answer / no snapshot for timeout_s ("connection lost")
  Disconnected,    // by us or by the server (see disconnect_reason())
  WrongServerKey,  // the server's key is not ClientConfig::server_key (see offered_server_key())
};
std::string_view connection_state_name(ConnectionState s);

struct ClientConnectionStats {
  std::uint64_t datagrams_in = 0, datagrams_out = 0;
  std::uint64_t bytes_in = 0, bytes_out = 0;
  std::uint64_t dropped = 0;         // any reason below
  std::uint64_t dropped_decode = 0;  // failed verification/decoding
  std::uint64_t dropped_key = 0;     // did not open with the session's keys, or unexpected
  std::uint64_t dropped_replay = 0;
  std::uint64_t snapshots = 0;              // decoded
  std::uint64_t snapshots_undecodable = 0;  // unknown baseline or corrupt block
  std::uint64_t snapshot_runners = 0;       // runners with a pose in decoded snapshots
  std::uint64_t snapshot_others = 0;        // runners in their roll calls without a pose
  std::uint64_t snapshot_runner_bytes = 0;  // bytes of their runner blocks
  std::optional<double> handshake_seconds;  // Hello sent -> Welcome received
};

class ClientConnection {
 public:
  explicit ClientConnection(ClientConfig config);

  // Starts connecting (sends Hello on the next poll).
  void start(double now);
  // A datagram from the server's address (the caller drops datagrams from anyone else).
  void receive(std::span<const std::uint8_t> datagram, double now);
  // Datagrams to send now: handshake repeats, acks, disconnect repeats. Call every frame.
  std::vector<std::vector<std::uint8_t>> poll(double now);
  // Records this tick's input; the next poll sends it with the older unapplied frames.
  // Ignored unless connected as a player. Frames must have increasing ticks.
  void push_input(const InputFrame& frame);
  // What this client shows (the runner its view follows, its width), for the server's choice of
  // runners. Inputs carry it for kViewRepeatSeconds after it changes and every
  // kViewRefreshSeconds besides, so a lost Input loses it only for a moment.
  void set_view(const InputView& view, double now);
  static constexpr double kViewRepeatSeconds = 0.25;
  static constexpr double kViewRefreshSeconds = 0.5;
  // Says goodbye (kDisconnectRepeats datagrams over the next polls).
  void disconnect(double now);

  ConnectionState state() const { return state_; }
  const std::optional<Welcome>& welcome() const { return welcome_; }
  const std::optional<Refusal>& refusal() const { return refusal_; }
  std::optional<DisconnectReason> disconnect_reason() const { return disconnect_reason_; }

  // Snapshots decoded since the last call, in arrival order (ticks may go backwards on
  // reordering; duplicates never appear).
  std::vector<Snapshot> take_snapshots();
  std::optional<Tick> newest_snapshot_tick() const { return decoder_.newest_tick(); }
  // Time of the last decoded snapshot (or of Welcome), for "connection lost" displays.
  double last_snapshot_time() const { return last_snapshot_time_; }
  // Runner names received so far (snapshots send each name until it is acknowledged).
  const std::map<RunnerId, RosterEntry>& roster() const { return roster_; }
  // Newest input tick the server has applied to our runner (from OwnRunnerState).
  std::optional<Tick> last_applied_input_tick() const { return last_applied_input_; }

  const ClientConnectionStats& stats() const { return stats_; }

  // The key the server's Challenge offered (after a Challenge).
  const std::optional<PublicKey>& offered_server_key() const { return server_key_; }
  // This connection's keys once challenged: for tests and tools that speak for this client (to
  // forge its datagrams, say). Whoever holds them can read and write the session.
  const std::optional<SessionKeys>& session_keys() const { return keys_; }

 private:
  void send(Message message, std::vector<std::vector<std::uint8_t>>& out, double now);
  void on_packet(Packet& packet, bool sealed, double now);
  void on_challenge(const Challenge& c, double now);

  ClientConfig config_;
  ConnectionState state_ = ConnectionState::Idle;
  Sequence next_sequence_ = 1;
  ReplayWindow replay_;
  SnapshotDecoder decoder_;
  double started_at_ = 0.0;
  double state_since_ = 0.0;
  double last_sent_ = -1e9;
  double last_snapshot_time_ = 0.0;
  bool ack_dirty_ = false;
  std::optional<Cookie> cookie_;
  KeyPair own_keys_;                     // fresh for each start()
  std::optional<PublicKey> server_key_;  // from the Challenge
  std::optional<SessionKeys> keys_;
  std::vector<std::uint8_t> response_sealed_;  // for the current cookie
  std::vector<std::uint8_t> opened_;           // scratch: an opened datagram
  std::optional<Welcome> welcome_;
  std::optional<Refusal> refusal_;
  std::optional<DisconnectReason> disconnect_reason_;
  int disconnects_left_ = 0;
  std::deque<InputFrame> pending_inputs_;  // not yet applied by the server, ascending ticks
  bool input_dirty_ = false;
  std::optional<InputView> view_;
  double view_changed_at_ = -1e9;
  double view_sent_at_ = -1e9;
  std::optional<Tick> last_applied_input_;
  std::vector<Snapshot> decoded_;
  std::map<RunnerId, RosterEntry> roster_;
  ClientConnectionStats stats_;
};

}  // namespace spear::net
