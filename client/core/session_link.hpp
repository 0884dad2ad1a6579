#pragma once
// The session's link to its server, with no socket: the connection state machine of the current
// attempt (a retry starts a fresh one), datagrams in, datagrams out into an outbox, and the
// byte totals over every attempt. Whoever owns the socket (core/server_socket.hpp in the app,
// a simulated network in tests) carries the outbox to the server and the server's datagrams
// here, the way the server core is pumped (server/match_loop.hpp). The one place the client's
// inputs (sim::Input) become the wire's (net/sim_wire.hpp).
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "net/client_connection.hpp"
#include "sim/input.hpp"

namespace spear::client {

// Datagrams for the server, in the order they are to be sent.
using Outbox = std::vector<std::vector<std::uint8_t>>;

class SessionLink {
 public:
  explicit SessionLink(net::ClientConfig config) : config_(std::move(config)) {}

  // Forgets the previous attempt (its bytes stay counted) and starts a new one at `now`.
  void connect(double now);
  // A datagram from the server's address (dropped before the first attempt).
  void receive(std::span<const std::uint8_t> datagram, double now);
  // What the connection sends at `now` (handshake, acks, inputs pushed since), into `out`.
  void flush(double now, Outbox& out);
  // New input ticks for the server, ascending, each converted to the wire once. An Input carries
  // only the newest input_redundancy unapplied frames, so a longer catch-up (after a stall) goes
  // out in as many datagrams as it needs and no frame is left unsent.
  void send_inputs(std::span<const sim::Input> inputs, double now, Outbox& out);
  // Says goodbye: the Disconnect and its repeats go into `out` at once.
  void close(double now, Outbox& out);

  net::ClientConnection* connection() { return connection_.get(); }
  const net::ClientConnection* connection() const { return connection_.get(); }
  bool connected() const {
    return connection_ && connection_->state() == net::ConnectionState::Connected;
  }
  // Totals over every attempt (the connection's own stats restart with each attempt).
  std::uint64_t bytes_in() const {
    return bytes_in_base_ + (connection_ ? connection_->stats().bytes_in : 0);
  }
  std::uint64_t bytes_out() const {
    return bytes_out_base_ + (connection_ ? connection_->stats().bytes_out : 0);
  }

 private:
  net::ClientConfig config_;
  std::unique_ptr<net::ClientConnection> connection_;
  std::uint64_t bytes_in_base_ = 0, bytes_out_base_ = 0;
};

}  // namespace spear::client
