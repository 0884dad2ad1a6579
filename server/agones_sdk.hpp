#pragma once
// The Agones game-server SDK over the sidecar's local HTTP/JSON interface (no gRPC needed):
// POST /ready once the server listens, POST /health on a timer (more often than the fleet's
// health.periodSeconds), POST /shutdown when the match ends. The sidecar may start after the
// game, so Ready is retried until it is accepted, and Shutdown a few times.
#include <asio.hpp>
#include <cstdint>
#include <functional>

namespace spear::server {

class AgonesSdk {
 public:
  struct Counts {
    std::uint64_t ready_ok = 0, health_ok = 0, shutdown_ok = 0, failures = 0;
  };

  AgonesSdk(asio::io_context& io, std::uint16_t port, double health_interval_seconds);

  // Starts the Ready retries and the Health timer.
  void start();
  // Stops Health and Ready, sends Shutdown (with retries); `done` runs when it was accepted or
  // the attempts ran out (about a second at most), so the caller can exit after it.
  void shutdown(std::function<void(bool accepted)> done);

  bool ready_sent() const { return ready_accepted_; }
  const Counts& counts() const { return counts_; }

 private:
  void send_ready();
  void schedule_health();
  void send_shutdown(int attempts_left);

  asio::io_context& io_;
  asio::ip::tcp::endpoint sidecar_;
  double health_interval_;
  asio::steady_timer ready_timer_;
  asio::steady_timer health_timer_;
  asio::steady_timer shutdown_timer_;
  bool ready_accepted_ = false;
  bool stopping_ = false;
  std::function<void(bool)> shutdown_done_;
  Counts counts_;
};

}  // namespace spear::server
