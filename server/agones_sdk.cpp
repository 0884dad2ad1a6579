#include "server/agones_sdk.hpp"

#include <spdlog/spdlog.h>

#include "server/http_request.hpp"

namespace spear::server {

namespace {
constexpr double kRequestTimeout = 0.5;  // seconds; the sidecar is on localhost
constexpr double kReadyRetry = 1.0;      // seconds between Ready attempts
constexpr int kShutdownAttempts = 3;
constexpr double kShutdownRetry = 0.1;

std::chrono::milliseconds ms(double seconds) {
  return std::chrono::milliseconds(static_cast<long>(seconds * 1000));
}
bool accepted(int status) { return status >= 200 && status < 300; }
}  // namespace

AgonesSdk::AgonesSdk(asio::io_context& io, std::uint16_t port, double health_interval_seconds)
    : io_(io),
      sidecar_(asio::ip::make_address("127.0.0.1"), port),
      health_interval_(health_interval_seconds),
      ready_timer_(io),
      health_timer_(io),
      shutdown_timer_(io) {}

void AgonesSdk::start() {
  spdlog::info("agones: SDK sidecar at localhost:{}", sidecar_.port());
  send_ready();
  schedule_health();
}

void AgonesSdk::send_ready() {
  if (stopping_ || ready_accepted_) return;
  async_http_request(io_, sidecar_, "POST", "/ready", "{}", kRequestTimeout, [this](int status) {
    if (stopping_) return;
    if (accepted(status)) {
      ready_accepted_ = true;
      ++counts_.ready_ok;
      spdlog::info("agones: Ready accepted");
      return;
    }
    ++counts_.failures;
    spdlog::warn("agones: Ready failed (status {}), retrying", status);
    ready_timer_.expires_after(ms(kReadyRetry));
    ready_timer_.async_wait([this](const asio::error_code& ec) {
      if (!ec) send_ready();
    });
  });
}

void AgonesSdk::schedule_health() {
  if (stopping_) return;
  // The first Health goes out at once so a slow first period never counts as unhealthy.
  async_http_request(io_, sidecar_, "POST", "/health", "{}", kRequestTimeout, [this](int status) {
    if (accepted(status)) {
      ++counts_.health_ok;
    } else {
      ++counts_.failures;
      spdlog::debug("agones: Health failed (status {})", status);
    }
  });
  health_timer_.expires_after(ms(health_interval_));
  health_timer_.async_wait([this](const asio::error_code& ec) {
    if (!ec) schedule_health();
  });
}

void AgonesSdk::shutdown(std::function<void(bool)> done) {
  stopping_ = true;
  ready_timer_.cancel();
  health_timer_.cancel();
  shutdown_done_ = std::move(done);
  send_shutdown(kShutdownAttempts);
}

void AgonesSdk::send_shutdown(int attempts_left) {
  async_http_request(
      io_, sidecar_, "POST", "/shutdown", "{}", kRequestTimeout, [this, attempts_left](int status) {
        if (accepted(status)) {
          ++counts_.shutdown_ok;
          spdlog::info("agones: Shutdown accepted");
          if (shutdown_done_) std::exchange(shutdown_done_, nullptr)(true);
          return;
        }
        ++counts_.failures;
        if (attempts_left <= 1) {
          spdlog::warn("agones: Shutdown not accepted (status {}), giving up", status);
          if (shutdown_done_) std::exchange(shutdown_done_, nullptr)(false);
          return;
        }
        shutdown_timer_.expires_after(ms(kShutdownRetry));
        shutdown_timer_.async_wait([this, attempts_left](const asio::error_code& ec) {
          if (!ec) send_shutdown(attempts_left - 1);
        });
      });
}

}  // namespace spear::server
