#pragma once
// What the client tells its user about the connection and the own runner (client.md: "connecting…",
// "server full", "wrong password", "connection lost", "press Space to run again"), when to try
// connecting again, and when a headless run must give up. Pure: state and time in, text out.
#include <cstdint>
#include <optional>
#include <string>

#include "net/client_connection.hpp"
#include "net/messages.hpp"

namespace spear::client {

enum class SessionPhase : std::uint8_t {
  BadAddress,      // the address did not parse or resolve: nothing to retry
  Connecting,      // handshake under way
  Connected,       // snapshots flowing
  Refused,         // the server said no (see refusal)
  ConnectionLost,  // silence for the timeout, or the server went away
  Disconnected,    // we left
  WrongServer,     // the server's key is not the one given (--server-key): nothing to retry
};

enum class Severity : std::uint8_t { Info, Hint, Warning, Error };

struct StatusMessage {
  std::string headline;  // big text in the middle of the screen; empty: nothing to show
  std::string detail;    // a smaller line under it
  Severity severity = Severity::Info;
};

// Seconds between connection attempts after a loss or a refusal that may pass (server full).
inline constexpr double kRetrySeconds = 2.0;
// Seconds without a snapshot before the client says "waiting for the server" and holds the
// own runner (core/client_session.hpp).
inline constexpr double kStallSeconds = 0.5;

class SessionStatus {
 public:
  // `server` is how the user named the server ("localhost:27600", "built-in server").
  explicit SessionStatus(std::string server) : server_(std::move(server)) {}

  void set_bad_address(std::string why);
  // A connection attempt starts now.
  void on_attempt(double now);
  // The connection's state after this frame's datagrams.
  void on_connection(const net::ClientConnection& c, double now);
  // The own runner's mode from the newest view (nullopt: spectator or not yet seen).
  void on_own_runner(std::optional<net::RunnerMode> mode, bool in_lab);

  SessionPhase phase() const { return phase_; }
  StatusMessage message(double now) const;
  // True when a new attempt should start now (the caller then calls on_attempt).
  bool retry_due(double now) const;
  // Whether this phase is one that is tried again (a loss, a full server), not the end.
  bool retries() const { return retry_allowed_; }
  // Why a headless run has to stop with a failure, if it has to.
  std::optional<std::string> failure() const;
  int attempts() const { return attempts_; }
  bool ever_connected() const { return ever_connected_; }

 private:
  std::string server_;
  SessionPhase phase_ = SessionPhase::Connecting;
  std::string bad_address_;
  std::optional<net::RefusalReason> refusal_;
  std::string refusal_text_;
  std::optional<net::DisconnectReason> disconnect_;
  double attempt_at_ = 0.0;
  double phase_since_ = 0.0;
  double last_snapshot_ = 0.0;
  double now_ = 0.0;
  int attempts_ = 0;
  bool ever_connected_ = false;
  bool retry_allowed_ = false;
  std::optional<net::RunnerMode> own_mode_;
  bool in_lab_ = false;
};

// Words for a refusal reason ("server full", "wrong password", ...).
std::string refusal_words(net::RefusalReason reason);

}  // namespace spear::client
