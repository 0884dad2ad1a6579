#pragma once
// The client's one UDP socket and its connection to one server address: drains datagrams from
// that address into the ClientConnection and sends what it asks for. A fresh attempt (after a
// loss or a refusal worth retrying) starts a new connection on the same socket.
#include <memory>
#include <string>
#include <vector>

#include "net/client_connection.hpp"
#include "net/peer_address.hpp"
#include "net/udp_endpoint.hpp"

namespace spear::client {

class ServerLink {
 public:
  // Binds a local socket for talking to `server`. nullptr with *error on failure.
  static std::unique_ptr<ServerLink> open(const net::PeerAddress& server, std::string* error);

  // Forgets any previous connection and starts a new one now.
  void connect(const net::ClientConfig& config, double now);
  // Receives everything waiting, then sends what the connection asks for.
  void pump(double now);
  // Says goodbye and sends the Disconnect repeats right away.
  void close(double now);

  net::ClientConnection* connection() { return connection_.get(); }
  const net::ClientConnection* connection() const { return connection_.get(); }
  const net::PeerAddress& server() const { return server_; }
  // Datagrams from other addresses, dropped here.
  std::uint64_t strangers() const { return strangers_; }
  // Totals over every attempt (the connection's own stats restart with each attempt).
  std::uint64_t bytes_in() const {
    return bytes_in_base_ + (connection_ ? connection_->stats().bytes_in : 0);
  }
  std::uint64_t bytes_out() const {
    return bytes_out_base_ + (connection_ ? connection_->stats().bytes_out : 0);
  }

 private:
  ServerLink(std::unique_ptr<net::UdpEndpoint> socket, net::PeerAddress server)
      : socket_(std::move(socket)), server_(server) {}
  void send_all(const std::vector<std::vector<std::uint8_t>>& datagrams);

  std::unique_ptr<net::UdpEndpoint> socket_;
  net::PeerAddress server_;
  std::unique_ptr<net::ClientConnection> connection_;
  std::vector<std::uint8_t> buffer_ = std::vector<std::uint8_t>(net::kMaxDatagramBytes + 1);
  std::uint64_t strangers_ = 0;
  std::uint64_t bytes_in_base_ = 0, bytes_out_base_ = 0;
};

}  // namespace spear::client
