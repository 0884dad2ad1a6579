#include "gateway_options.hpp"

#include <filesystem>
#include <iostream>

#include "cli/strict_options.hpp"
#include "net/name_text.hpp"

#ifndef SPEAR_WEB_BUILD_ROOT
#define SPEAR_WEB_BUILD_ROOT ""
#endif

namespace spear::web {

std::string default_web_root() {
  const std::string built = SPEAR_WEB_BUILD_ROOT;
  std::error_code ec;
  if (!built.empty() && std::filesystem::exists(built + "/index.html", ec)) return built;
  return "/usr/share/spear-run/web";
}

std::variant<GatewayOptions, int> parse_gateway_options(int argc, char** argv) {
  GatewayOptions o;
  o.web_root = default_web_root();
  CLI::App app{
      "Spear Run: the browser viewer's gateway. Watches a game server as one spectator and "
      "serves the live race to browsers (HTTP and WebSocket on one port)."};
  app.set_version_flag("--version", "spear-web 1 (viewer stream version 1)");
  std::string server_key;
  app.add_option("--connect", o.connect, "the game server to watch, HOST[:PORT] (port 27600)")
      ->required()
      ->check(cli::NonEmpty);
  app.add_option("--http-port", o.http_port, "the port browsers open (0: any free one)")
      ->capture_default_str()
      ->check(cli::IntegerRange(0, 65535));
  app.add_option("--bind", o.bind, "the address to listen on for browsers")
      ->capture_default_str()
      ->check(cli::NonEmpty);
  app.add_option("--web-root", o.web_root, "the directory with the page (index.html, app.js)")
      ->capture_default_str()
      ->check(CLI::ExistingDirectory);
  app.add_option("--max-browsers", o.max_browsers, "browsers watching at once; more are refused")
      ->capture_default_str()
      ->check(cli::IntegerRange(1, 10000));
  app.add_option("--max-browsers-per-address", o.max_browsers_per_address,
                 "browsers watching at once from one IP address; more from it are refused")
      ->capture_default_str()
      ->check(cli::IntegerRange(1, 10000));
  app.add_option("--max-connections", o.max_connections,
                 "TCP connections at once (browsers, page loads, idle ones; 0: twice "
                 "--max-browsers and 64 more); lowered to fit the open-file limit")
      ->capture_default_str()
      ->check(cli::IntegerRange(0, 100000));
  app.add_option("--max-connections-per-address", o.max_connections_per_address,
                 "TCP connections at once from one IP address")
      ->capture_default_str()
      ->check(cli::IntegerRange(1, 100000));
  app.add_option("--allow-host", o.allowed_hosts,
                 "a host name browsers reach this gateway by (e.g. race.example.org; * for any). "
                 "IP addresses and localhost always may; requests naming any other host are "
                 "refused (DNS rebinding).")
      ->check(cli::NonEmpty);
  app.add_option("--max-buffered-kib", o.max_buffered_kib,
                 "a browser with more unsent KiB than this is dropped (too slow)")
      ->capture_default_str()
      ->check(cli::IntegerRange(16, 65536));
  app.add_option("--allow-origin", o.allowed_origins,
                 "another site whose pages may open the stream (e.g. https://race.example.org; "
                 "* for any). The page this gateway serves always may.")
      ->check(cli::NonEmpty);
  app.add_option("--name", o.name, "the spectator name the game server sees")
      ->capture_default_str();
  app.add_option("--password", o.password, "the game server's password, if it has one");
  app.add_option("--server-key", server_key,
                 "refuse a game server that does not hold this key (64 hex digits)")
      ->check(cli::ServerKeyText);
  app.add_option("--duration", o.duration, "stop after this many seconds (0: run until stopped)")
      ->check(cli::FiniteRange(0.0, 1e9));
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;
  }
  const std::string cut = net::cut_at_character(o.name, net::kMaxNameBytes);
  if (!net::is_valid_name(cut)) {
    std::cerr << "spear-web: --name needs 1 to " << net::kMaxNameBytes
              << " bytes of UTF-8 with no control characters\n";
    return 2;
  }
  o.name = cut;
  if (o.max_connections_per_address < o.max_browsers_per_address) {
    std::cerr << "spear-web: --max-connections-per-address (" << o.max_connections_per_address
              << ") must be at least --max-browsers-per-address (" << o.max_browsers_per_address
              << ")\n";
    return 2;
  }
  if (o.max_connections == 0) o.max_connections = 2 * o.max_browsers + 64;
  if (o.max_connections <= o.max_browsers) {
    std::cerr << "spear-web: --max-connections (" << o.max_connections
              << ") must be more than --max-browsers (" << o.max_browsers
              << "): page loads need room too\n";
    return 2;
  }
  if (!server_key.empty()) o.server_key = net::key_from_hex(server_key);
  return o;
}

}  // namespace spear::web
