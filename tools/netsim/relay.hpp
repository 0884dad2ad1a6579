#pragma once

#include <array>
#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <asio/steady_timer.hpp>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>

#include "delay_line.hpp"
#include "impairment.hpp"
#include "relay_stats.hpp"

namespace spear::netsim {

struct RelayConfig {
  asio::ip::udp::endpoint listen;    // where clients send
  asio::ip::udp::endpoint upstream;  // the real server
  ImpairmentConfig impairment;       // applied to each direction independently
  std::uint64_t seed = 1;
  std::size_t max_clients = 256;             // each holds one upstream socket
  std::size_t max_queued_datagrams = 16384;  // both directions, all clients
  std::size_t max_queued_bytes = 32u << 20;  // 32 MiB
  std::chrono::milliseconds client_idle_timeout{30'000};
};

// A UDP relay between clients and one server that loses, delays, jitters, duplicates and
// reorders datagrams in both directions. Every client address gets its own upstream socket, so the
// server sees one distinct address per client, as it would without the relay.
//
// Runs on the io_context it is given (single-threaded use: call stats() from that thread or after
// the context has stopped). Each flow draws from its own random streams, seeded from the seed and
// the order in which clients first appeared, so a run with one client is reproducible.
class Relay {
 public:
  // Binds the listening socket; throws asio::system_error when it cannot.
  Relay(asio::io_context& io, const RelayConfig& config);
  ~Relay();
  Relay(const Relay&) = delete;
  Relay& operator=(const Relay&) = delete;

  asio::ip::udp::endpoint local_endpoint() const;
  void stop();
  const RelayStats& stats() const { return stats_; }

 private:
  struct Flow;

  void receive_from_clients();
  void receive_from_server(const std::shared_ptr<Flow>& flow);
  std::shared_ptr<Flow> flow_for(const asio::ip::udp::endpoint& client);
  void impair(Flow& flow, Direction direction, const std::uint8_t* data, std::size_t size);
  void arm_delivery_timer();
  void deliver_due();
  void sweep_idle_flows();
  std::int64_t now_us() const;

  asio::io_context& io_;
  RelayConfig config_;
  asio::ip::udp::socket listen_socket_;
  asio::steady_timer delivery_timer_;
  asio::steady_timer sweep_timer_;
  std::chrono::steady_clock::time_point start_;
  std::int64_t armed_for_us_ = INT64_MAX;
  DelayLine delay_line_;
  std::map<asio::ip::udp::endpoint, std::shared_ptr<Flow>> flows_by_client_;
  std::map<std::uint64_t, std::shared_ptr<Flow>> flows_by_id_;
  std::uint64_t next_flow_id_ = 0;
  asio::ip::udp::endpoint client_sender_;
  std::array<std::uint8_t, 65536> client_buffer_{};
  RelayStats stats_;
  bool stopped_ = false;
};

}  // namespace spear::netsim
