#pragma once
// The browsers' side of spear-web: one HTTP + WebSocket port on its own thread. GET serves the
// page (static_files.hpp) and a few status paths; a WebSocket on /stream gets the greeting (the
// newest Hello and the whole roster), then every message broadcast. Browsers are untrusted:
// only RFC 6455 WebSockets (version 13) are spoken; connections are bounded in number, in all
// and from one address, and a connection that has not yet become a WebSocket makes room for a
// new one when all are taken; browsers are bounded in number, in all and from one address; a
// Host that is not the gateway's (host_check.hpp) and an origin other than the page's own
// (origin_check.hpp) are refused unless allowed; what a browser sends is bounded in size and
// rate (pings count); a browser that does not keep up (its unsent bytes pass a bound) is
// dropped instead of being buffered for; and running out of file descriptors pauses accepting
// instead of retrying at once.
//
// Thread-safe: broadcast() and set_greeting() may be called from any thread; they are carried
// out on the hub's thread in the order called. The WebSocket library (websocketpp on standalone
// Asio) stays inside browser_hub.cpp, which is compiled as C++17 (the library's headers do not
// compile as C++20); this header is C++17 too.
#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "static_files.hpp"

namespace spear::web {

struct HubConfig {
  std::string bind = "0.0.0.0";
  std::uint16_t port = 8080;  // 0: any free port (port() tells)
  std::size_t max_browsers = 500;
  std::size_t max_browsers_per_address = 16;
  // TCP connections at once (browsers, page loads, connections that say nothing), in all and
  // from one address. The total is lowered to fit the open-file limit (effective_max_connections).
  std::size_t max_connections = 1024;
  std::size_t max_connections_per_address = 32;
  // Host names (besides IP addresses and localhost names) the gateway is reached as.
  std::vector<std::string> allowed_hosts;
  // A browser with more than this many bytes not yet written to its socket is dropped.
  std::size_t max_buffered_bytes = 1u << 20;
  // What a browser may send: messages up to this size, at most this many a second.
  std::size_t max_message_bytes = 1024;
  int max_messages_per_second = 20;
  std::vector<std::string> allowed_origins;  // besides the page's own (origin_check.hpp)
  StaticFiles files;
  // GET paths answered with a body made on the hub's thread at the time (e.g. "/stats.json").
  struct Dynamic {
    std::string path;
    std::string content_type;
    std::function<std::string()> body;
  };
  std::vector<Dynamic> dynamic;
};

using Bytes = std::shared_ptr<const std::vector<std::uint8_t>>;

struct HubStats {
  std::uint64_t browsers = 0;         // WebSockets open now
  std::uint64_t browsers_peak = 0;    // most open at once
  std::uint64_t accepted = 0;         // WebSockets opened, ever
  std::uint64_t refused_full = 0;     // max_browsers were open
  std::uint64_t refused_address = 0;  // the browser's address had max_browsers_per_address open
  std::uint64_t refused_version = 0;  // a WebSocket handshake other than RFC 6455's (version 13)
  std::uint64_t refused_host = 0;     // a Host header that is not the gateway's (any request)
  std::uint64_t connections = 0;      // TCP connections open now
  std::uint64_t connections_refused = 0;  // closed at accept: their address had its maximum
  std::uint64_t connections_evicted = 0;  // closed before their request to make room
  std::uint64_t accept_pauses = 0;        // accepting paused (no file descriptor left, ...)
  std::uint64_t refused_origin = 0;       // another site's page
  std::uint64_t refused_path = 0;         // a WebSocket on another path than /stream
  std::uint64_t dropped_slow = 0;         // did not keep up
  std::uint64_t dropped_rude = 0;         // sent too much or too often
  std::uint64_t http_requests = 0;        // plain GETs answered (any status)
  std::uint64_t messages_sent = 0;        // WebSocket messages queued to browsers
  std::uint64_t bytes_sent = 0;           // their payload bytes
  std::uint64_t broadcasts = 0;           // broadcast() calls carried out
};

class BrowserHub {
 public:
  // Binds and starts serving on a thread of its own; nullptr with *error when it cannot (a bad
  // address, a port in use).
  static std::unique_ptr<BrowserHub> start(HubConfig config, std::string* error);
  ~BrowserHub();  // stop()s

  // Sends `message` to every browser open now (and not to those that open later).
  void broadcast(Bytes message);
  // What every browser gets first as its WebSocket opens, in order (replaces the previous).
  void set_greeting(std::vector<Bytes> messages);
  // Closes every browser ("going away") and the port, and joins the thread. Idempotent.
  void stop();

  std::uint16_t port() const;  // the bound port
  // max_connections as lowered to fit the open-file limit.
  std::size_t effective_max_connections() const;
  HubStats stats() const;

  class Impl;

 private:
  explicit BrowserHub(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace spear::web
