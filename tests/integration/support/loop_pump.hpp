#pragma once
// A MatchLoop and any number of ClientConnections in one process, with injected time and no
// sockets: datagrams go straight from one to the other (the yojimbo-style loopback pump).
#include <deque>
#include <memory>
#include <vector>

#include "net/client_connection.hpp"
#include "server/match_loop.hpp"

namespace spear::test {

struct PumpClient {
  net::ClientConnection connection;
  net::PeerAddress address;
  std::vector<net::Snapshot> snapshots;  // every decoded snapshot
  bool silent = false;                   // sends nothing (a vanished client)
};

class LoopPump {
 public:
  explicit LoopPump(server::ServerConfig config);

  PumpClient& add_client(net::ClientConfig config);
  // A client at a chosen address (several on one IP with other ports: one host).
  PumpClient& add_client_at(net::ClientConfig config, const net::PeerAddress& address);
  // Forgets every client (after they said goodbye): long churn runs stay cheap.
  void drop_clients() { clients_.clear(); }
  // Polls every client once and feeds what they send to the server at the current time.
  void exchange();
  // One server tick, deliveries, then time moves on by one tick.
  void tick();
  void ticks(int n) {
    for (int i = 0; i < n; ++i) tick();
  }
  // Delivers one datagram to the server as if from `from`; replies go to the outbox.
  void inject(const net::PeerAddress& from, const std::vector<std::uint8_t>& bytes);
  // Hands one server datagram to the client it is addressed to (or to strays()).
  void inject_reply(server::OutDatagram& d);
  // Ticks until no client is still handshaking (at most max_ticks).
  void connect_all(int max_ticks = 60);
  // Replies addressed to no known client (e.g. to a forged source), oldest first.
  std::vector<server::OutDatagram>& strays() { return strays_; }

  double now = 1000.0;  // seconds, server and clients alike
  // When set, every datagram between the clients and the server, both ways (an observer on the
  // path).
  std::vector<std::vector<std::uint8_t>>* tap = nullptr;
  server::ServerConfig config;
  server::ServerStats stats;
  std::unique_ptr<server::MatchLoop> loop;

 private:
  void deliver();
  std::deque<std::unique_ptr<PumpClient>> clients_;
  server::Outbox out_;
  std::vector<server::OutDatagram> strays_;
  std::uint16_t next_port_ = 0;  // clients made so far
};

}  // namespace spear::test
