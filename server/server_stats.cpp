#include "server/server_stats.hpp"

namespace spear::server {

std::string_view handshake_outcome_name(HandshakeOutcome o) {
  switch (o) {
    case HandshakeOutcome::Challenged:
      return "challenged";
    case HandshakeOutcome::Accepted:
      return "accepted";
    case HandshakeOutcome::Rewelcomed:
      return "rewelcomed";
    case HandshakeOutcome::RefusedServerFull:
      return "server_full";
    case HandshakeOutcome::RefusedSpectatorsFull:
      return "spectators_full";
    case HandshakeOutcome::RefusedSpectatorsOff:
      return "spectators_off";
    case HandshakeOutcome::RefusedWrongPassword:
      return "wrong_password";
    case HandshakeOutcome::RefusedWrongVersion:
      return "wrong_version";
    case HandshakeOutcome::RefusedBadName:
      return "bad_name";
    case HandshakeOutcome::RefusedShuttingDown:
      return "shutting_down";
    case HandshakeOutcome::RefusedAddressFull:
      return "address_full";
    case HandshakeOutcome::RefusedPasswordThrottled:
      return "password_throttled";
    case HandshakeOutcome::Count:
      break;
  }
  return "unknown";
}

}  // namespace spear::server
