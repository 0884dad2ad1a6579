#pragma once
// The edge between a ClientSession and the network: the client's one UDP socket, talking to one
// server address. Each frame it hands the session every datagram waiting from that address
// (datagrams from anyone else are dropped and counted), runs the session's update and sends
// what the update put in its outbox. The session itself has no socket (core/session_link.hpp):
// tests drive it with datagrams of their own.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/client_session.hpp"
#include "net/peer_address.hpp"
#include "net/udp_endpoint.hpp"

namespace spear::client {

class ServerSocket {
 public:
  // Binds a local socket for talking to `server`. nullptr with *error on failure.
  static std::unique_ptr<ServerSocket> open(const net::PeerAddress& server, std::string* error);

  // Everything waiting from the server's address, into `session` at wall time `wall`.
  void deliver(ClientSession& session, double wall);
  // Sends `out` in order and empties it.
  void send(Outbox& out);

  // Blocks up to timeout_s for a datagram to arrive (from anyone); true if one is waiting. For a
  // loop with nothing else to do between datagrams (spear-web's spectator).
  bool wait_readable(double timeout_s) { return socket_->wait_readable(timeout_s); }

  const net::PeerAddress& server() const { return server_; }
  // Datagrams from other addresses, dropped here.
  std::uint64_t strangers() const { return strangers_; }

 private:
  ServerSocket(std::unique_ptr<net::UdpEndpoint> socket, net::PeerAddress server)
      : socket_(std::move(socket)), server_(server) {}

  std::unique_ptr<net::UdpEndpoint> socket_;
  net::PeerAddress server_;
  std::vector<std::uint8_t> buffer_ = std::vector<std::uint8_t>(net::kMaxDatagramBytes + 1);
  std::uint64_t strangers_ = 0;
};

// One frame of `session` over `socket` (null: no way to the server, the session only updates):
// what arrived goes in, the session updates, what it sends goes out.
void pump_session(ClientSession& session, ServerSocket* socket, double wall, float dt_cosmetic);
// Leaves politely: the Disconnect and its repeats go out at once.
void quit_session(ClientSession& session, ServerSocket* socket, double wall);

}  // namespace spear::client
