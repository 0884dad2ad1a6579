#pragma once
// Stand-ins for browsers: N WebSocket connections to a spear-web gateway on one thread of their
// own, each counting what it receives (and keeping it, if asked). The load tool and the
// gateway's tests use it. Like the hub, the WebSocket library stays inside browser_probe.cpp
// (C++17); this header is C++17.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace spear::web {

struct ProbeConfig {
  std::string host = "127.0.0.1";
  std::uint16_t port = 8080;
  std::string path = "/stream";
  std::string origin;  // sent as the Origin header when not empty
  std::size_t connections = 1;
  // Each connection keeps up to this many messages it received (0: only counts them).
  std::size_t keep_messages = 0;
};

struct ProbeConnection {
  bool opened = false;
  bool failed = false;  // the connection or its handshake failed (http_status says how)
  bool closed = false;  // closed after opening
  int http_status = 0;  // of the failed handshake (403, 503 ...), 0 if none
  int close_code = 0;
  std::string close_reason;
  std::uint64_t messages = 0;
  std::uint64_t bytes = 0;
  double opened_at = 0.0;  // seconds since the probe started
  std::vector<std::vector<std::uint8_t>> kept;
};

class BrowserProbe {
 public:
  // Opens the connections (each asynchronously); nullptr with *error if it cannot start.
  static std::unique_ptr<BrowserProbe> start(const ProbeConfig& config, std::string* error);
  ~BrowserProbe();

  // A copy of every connection's state now.
  std::vector<ProbeConnection> connections() const;
  // Sends a text message on connection `index` (a browser talking to the gateway).
  void send_text(std::size_t index, const std::string& text);
  // Closes every connection and joins the thread.
  void stop();

  class Impl;

 private:
  explicit BrowserProbe(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace spear::web
