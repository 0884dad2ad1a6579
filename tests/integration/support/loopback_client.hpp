#pragma once
// A real client over a real UDP socket on loopback: net's ClientConnection state machine plus
// a UdpEndpoint bound to 127.0.0.1 on a free port. Tests pump it by hand.
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include "net/client_connection.hpp"
#include "net/udp_endpoint.hpp"

namespace spear::test {

// Seconds on the steady clock (the ClientConnection's time base in these tests).
double seconds_now();

class LoopbackClient {
 public:
  LoopbackClient(net::ClientConfig config, std::uint16_t server_port);

  // Starts the handshake.
  void start();
  // Reads every datagram waiting (from the server only), then polls and sends.
  void pump();
  // Sends bytes to the server as they are (forged or replayed datagrams).
  void send_raw(std::span<const std::uint8_t> bytes);

  net::ClientConnection& connection() { return connection_; }
  net::ConnectionState state() const { return connection_.state(); }
  net::UdpEndpoint& socket() { return *socket_; }
  const net::PeerAddress& server() const { return server_; }

  // Every datagram this client sent so far (for replay tests), when recording is on.
  void record_sent(bool on) { record_ = on; }
  const std::vector<std::vector<std::uint8_t>>& sent() const { return sent_; }
  // Snapshots decoded so far, all of them (take_snapshots() is called by pump()).
  std::vector<net::Snapshot>& snapshots() { return snapshots_; }

 private:
  net::ClientConnection connection_;
  std::unique_ptr<net::UdpEndpoint> socket_;
  net::PeerAddress server_;
  bool record_ = false;
  std::vector<std::vector<std::uint8_t>> sent_;
  std::vector<net::Snapshot> snapshots_;
};

// Pumps `clients` every millisecond until `done()` holds or `timeout_s` passes. True if done.
bool pump_until(std::initializer_list<LoopbackClient*> clients, const std::function<bool()>& done,
                double timeout_s);

}  // namespace spear::test
