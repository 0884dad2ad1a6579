#include "core/session_status.hpp"

#include <cmath>

#include "core/controls_hint.hpp"

namespace spear::client {

std::string refusal_words(net::RefusalReason reason) {
  switch (reason) {
    case net::RefusalReason::ServerFull:
      return "server full";
    case net::RefusalReason::SpectatorsFull:
      return "no spectator places left";
    case net::RefusalReason::SpectatorsOff:
      return "this server takes no spectators";
    case net::RefusalReason::WrongPassword:
      return "wrong password";
    case net::RefusalReason::WrongVersion:
      return "wrong version (server and client differ)";
    case net::RefusalReason::BadName:
      return "that name is not allowed";
    case net::RefusalReason::ShuttingDown:
      return "server shutting down";
    case net::RefusalReason::Count:
      break;
  }
  return "refused";
}

namespace {
// Refusals that a later attempt may get past.
bool worth_retrying(net::RefusalReason r) {
  return r == net::RefusalReason::ServerFull || r == net::RefusalReason::SpectatorsFull ||
         r == net::RefusalReason::ShuttingDown;
}
}  // namespace

void SessionStatus::set_bad_address(std::string why) {
  phase_ = SessionPhase::BadAddress;
  bad_address_ = std::move(why);
  retry_allowed_ = false;
}

void SessionStatus::on_attempt(double now) {
  if (phase_ == SessionPhase::BadAddress) return;
  ++attempts_;
  attempt_at_ = now;
  now_ = now;
  if (phase_ != SessionPhase::Connecting) phase_since_ = now;
  // A retry after a loss keeps saying "connection lost" until it succeeds.
  if (phase_ != SessionPhase::ConnectionLost && phase_ != SessionPhase::Refused)
    phase_ = SessionPhase::Connecting;
  retry_allowed_ = false;
}

void SessionStatus::on_connection(const net::ClientConnection& c, double now) {
  now_ = now;
  if (phase_ == SessionPhase::BadAddress) return;
  const auto set = [&](SessionPhase p) {
    if (phase_ != p) phase_since_ = now;
    phase_ = p;
  };
  switch (c.state()) {
    case net::ConnectionState::Idle:
    case net::ConnectionState::Connecting:
    case net::ConnectionState::Challenged:
      break;  // keep Connecting, or the loss/refusal being retried
    case net::ConnectionState::Connected:
      set(SessionPhase::Connected);
      ever_connected_ = true;
      refusal_.reset();
      disconnect_.reset();
      last_snapshot_ = c.last_snapshot_time();
      break;
    case net::ConnectionState::Refused:
      set(SessionPhase::Refused);
      if (c.refusal()) {
        refusal_ = c.refusal()->reason;
        refusal_text_ = c.refusal()->text;
      }
      retry_allowed_ = refusal_ && worth_retrying(*refusal_);
      break;
    case net::ConnectionState::WrongServerKey:
      set(SessionPhase::WrongServer);
      retry_allowed_ = false;
      break;
    case net::ConnectionState::TimedOut:
      set(SessionPhase::ConnectionLost);
      retry_allowed_ = true;
      break;
    case net::ConnectionState::Disconnected:
      disconnect_ = c.disconnect_reason();
      if (disconnect_ == net::DisconnectReason::ClientQuit) {
        set(SessionPhase::Disconnected);
        retry_allowed_ = false;
      } else {
        set(SessionPhase::ConnectionLost);
        retry_allowed_ = true;
      }
      break;
  }
}

void SessionStatus::on_own_runner(std::optional<net::RunnerMode> mode, bool in_lab) {
  own_mode_ = mode;
  in_lab_ = in_lab;
}

bool SessionStatus::retry_due(double now) const {
  return retry_allowed_ && now - phase_since_ >= kRetrySeconds &&
         now - attempt_at_ >= kRetrySeconds;
}

std::optional<std::string> SessionStatus::failure() const {
  switch (phase_) {
    case SessionPhase::BadAddress:
      return "bad server address: " + bad_address_;
    case SessionPhase::WrongServer:
      return "the server at " + server_ + " does not hold the key given with --server-key";
    case SessionPhase::Refused:
      return "refused by " + server_ + ": " +
             (refusal_ ? refusal_words(*refusal_) : std::string("refused")) +
             (refusal_text_.empty() ? "" : " (" + refusal_text_ + ")");
    case SessionPhase::ConnectionLost:
      if (!ever_connected_) return "no answer from " + server_ + " (is a server running there?)";
      if (disconnect_ == net::DisconnectReason::ServerShutdown)
        return "the server at " + server_ + " shut down";
      if (disconnect_ == net::DisconnectReason::Kicked)
        return "removed by the server at " + server_;
      return "connection lost to " + server_;
    default:
      return std::nullopt;
  }
}

StatusMessage SessionStatus::message(double now) const {
  StatusMessage m;
  switch (phase_) {
    case SessionPhase::BadAddress:
      m = {"bad server address", bad_address_ + "  ·  Esc to quit", Severity::Error};
      break;
    case SessionPhase::WrongServer:
      m = {"not the expected server",
           server_ + " answers with another key than --server-key  ·  Esc to quit",
           Severity::Error};
      break;
    case SessionPhase::Connecting: {
      const int dots = 1 + static_cast<int>(std::fmod(std::max(0.0, now - attempt_at_) * 2.0, 3.0));
      m = {"connecting" + std::string(static_cast<std::size_t>(dots), '.'), server_,
           Severity::Info};
      if (now - attempt_at_ > 2.0) m.detail = server_ + " is not answering yet  ·  Esc to quit";
      break;
    }
    case SessionPhase::Refused: {
      m.headline = refusal_ ? refusal_words(*refusal_) : "refused";
      m.severity = Severity::Error;
      m.detail = refusal_text_.empty() ? server_ : refusal_text_;
      m.detail += retry_allowed_ ? "  ·  trying again…" : "  ·  Esc to quit";
      break;
    }
    case SessionPhase::ConnectionLost: {
      // The headline says what happened; the detail where, and what the client does about it.
      m.severity = Severity::Warning;
      std::string where = server_;
      if (!ever_connected_) {
        m.headline = "no answer from " + server_;
        where = "is a server running there?";
      } else if (disconnect_ == net::DisconnectReason::ServerShutdown) {
        m.headline = "the server shut down";
      } else if (disconnect_ == net::DisconnectReason::Kicked) {
        m.headline = "removed by the server";
      } else {
        m.headline = "connection lost";
      }
      m.detail = where + "  ·  retrying…  ·  Esc to quit";
      break;
    }
    case SessionPhase::Disconnected:
      m = {"disconnected", server_, Severity::Info};
      break;
    case SessionPhase::Connected:
      if (last_snapshot_ > 0.0 && now - last_snapshot_ > kStallSeconds) {
        m = {"waiting for the server…",
             "no snapshot for " + std::to_string(static_cast<int>(now - last_snapshot_)) + " s",
             Severity::Warning};
      } else if (own_mode_ == net::RunnerMode::Down) {
        m = {"press Space to run again", ControlsHint::all(),
             Severity::Hint};  // the controls again
      }
      break;
  }
  return m;
}

}  // namespace spear::client
