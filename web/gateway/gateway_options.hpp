#pragma once
// spear-web's flags (README "Watch in a browser"): parsed strictly (shared/cli), so a wrong
// flag is a clear error and exit code 2 before anything starts.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "net/session_crypto.hpp"

namespace spear::web {

struct GatewayOptions {
  std::string connect;  // HOST[:PORT] of the game server
  std::string bind = "0.0.0.0";
  std::uint16_t http_port = 8080;
  std::string web_root;  // the page's files
  std::size_t max_browsers = 500;
  std::size_t max_browsers_per_address = 16;
  std::size_t max_connections = 0;  // 0: 2 * max_browsers + 64
  std::size_t max_connections_per_address = 32;
  std::vector<std::string> allowed_hosts;
  std::size_t max_buffered_kib = 1024;
  std::vector<std::string> allowed_origins;
  std::string name = "web viewer";
  std::string password;
  std::optional<net::PublicKey> server_key;
  double duration = 0.0;  // seconds; 0: until stopped
};

// The options, or the exit code to leave with (0 after --help, 2 on bad usage; the message is
// already printed).
std::variant<GatewayOptions, int> parse_gateway_options(int argc, char** argv);

// Where the page is looked for without --web-root: the build tree's copy when run from it, else
// the installed one.
std::string default_web_root();

}  // namespace spear::web
