#pragma once
// The server side of the fuzz fixture: a SessionTable with one connected player and one
// address that holds a fresh Challenge, and the datagrams clients send it.
//
// Session keys and cookies are random on a real server, so corpus datagrams are plain Packets
// that the harness seals with the player's live keys (a hostile client holds its own), and
// Responses carry their secret in the clear that the harness seals for the live handshake: a
// mutated datagram still reaches the in-session and join code.
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "fuzz_fixture.hpp"
#include "net/messages.hpp"
#include "net/peer_address.hpp"
#include "net/session_crypto.hpp"
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
  server::ServerConfig config_;
  server::ServerStats stats_;
  std::unique_ptr<server::MatchHost> match_;
  std::unique_ptr<server::SessionTable> table_;
  net::PeerAddress player_ = net::PeerAddress::ipv4(10, 0, 0, 1, 40001);
  net::PeerAddress challenged_ = net::PeerAddress::ipv4(10, 0, 0, 2, 40002);
  net::PeerAddress stranger_ = net::PeerAddress::ipv4(10, 0, 0, 3, 40003);
  net::SessionKeys player_keys_;
  net::Sequence next_sequence_ = 1000;
  net::KeyPair challenged_keys_;
  net::SessionKeys challenged_session_;
  net::Cookie challenged_cookie_{};
  net::PublicKey challenged_server_key_{};
  double now_ = 1.0;
};

}  // namespace spear::fuzz
