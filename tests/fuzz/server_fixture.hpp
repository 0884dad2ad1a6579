#pragma once
// The server side of the fuzz fixture: a SessionTable with one connected player and one
// address that holds a fresh Challenge, and the datagrams clients send it.
//
// Session keys and cookies are random on a real server, so corpus datagrams carry placeholders
// (fuzz::kSessionKey and kCookiePlaceholder) that the harness replaces with the live values
// before the table sees them: a mutated datagram still reaches the in-session code.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "fuzz_fixture.hpp"
#include "net/messages.hpp"
#include "net/peer_address.hpp"
#include "server/match_host.hpp"
#include "server/server_config.hpp"
#include "server/server_stats.hpp"
#include "server/session_table.hpp"

namespace spear::fuzz {

net::Cookie cookie_placeholder();

// Datagrams as clients send them: Hellos, Responses, inputs, acks, disconnects.
std::vector<Datagram> client_traffic();

class ServerUnderFuzz {
 public:
  ServerUnderFuzz();

  // Feeds one datagram as the connected player, as the challenged address and as a stranger,
  // then runs a snapshot round and the timeout sweep.
  void feed(std::span<const std::uint8_t> bytes);

  const server::ServerStats& stats() const { return stats_; }
  const server::SessionTable& table() const { return *table_; }

 private:
  std::vector<std::uint8_t> with_live_values(std::span<const std::uint8_t> bytes) const;

  server::ServerConfig config_;
  server::ServerStats stats_;
  std::unique_ptr<server::MatchHost> match_;
  std::unique_ptr<server::SessionTable> table_;
  net::PeerAddress player_ = net::PeerAddress::ipv4(10, 0, 0, 1, 40001);
  net::PeerAddress challenged_ = net::PeerAddress::ipv4(10, 0, 0, 2, 40002);
  net::PeerAddress stranger_ = net::PeerAddress::ipv4(10, 0, 0, 3, 40003);
  net::SessionKey player_key_ = 0;
  net::Cookie challenged_cookie_{};
  double now_ = 1.0;
};

}  // namespace spear::fuzz
