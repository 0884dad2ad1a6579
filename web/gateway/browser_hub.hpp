#pragma once
// The browsers' side of spear-web: one HTTP + WebSocket port on its own thread. GET serves the
// page (static_files.hpp) and a few status paths; a WebSocket on /stream gets the greeting (the
// newest Hello and the whole roster), then every message broadcast. Browsers are untrusted:
// their number is bounded, an origin other than the page's own is refused unless allowed, what
// they send is bounded in size and rate, and a browser that does not keep up (its unsent bytes
// pass a bound) is dropped instead of being buffered for.
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
  std::uint64_t browsers = 0;        // WebSockets open now
  std::uint64_t browsers_peak = 0;   // most open at once
  std::uint64_t accepted = 0;        // WebSockets opened, ever
  std::uint64_t refused_full = 0;    // max_browsers were open
  std::uint64_t refused_origin = 0;  // another site's page
  std::uint64_t refused_path = 0;    // a WebSocket on another path than /stream
  std::uint64_t dropped_slow = 0;    // did not keep up
  std::uint64_t dropped_rude = 0;    // sent too much or too often
  std::uint64_t http_requests = 0;   // plain GETs answered (any status)
  std::uint64_t messages_sent = 0;   // WebSocket messages queued to browsers
  std::uint64_t bytes_sent = 0;      // their payload bytes
  std::uint64_t broadcasts = 0;      // broadcast() calls carried out
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
  HubStats stats() const;

  class Impl;

 private:
  explicit BrowserHub(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace spear::web
