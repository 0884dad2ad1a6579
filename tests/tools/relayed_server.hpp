#pragma once
// A real spear-server on a free loopback port with a spear-netsim relay in front of it on
// another: the bad network the tool tests put between a real client and a real server.
#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <string>

#include "process_runner.hpp"

namespace spear::test {

// A UDP port on loopback that nothing is bound to right now.
inline unsigned short free_udp_port() {
  asio::io_context io;
  asio::ip::udp::socket probe(io, asio::ip::udp::endpoint(asio::ip::address_v4::loopback(), 0));
  return probe.local_endpoint().port();
}

class RelayedServer {
 public:
  // `server_args` follow --bind and --port; `netsim_args` (the impairments) follow --listen and
  // --to. Waits for the relay's "relaying" line.
  RelayedServer(const std::string& server_exe, const std::string& server_args,
                const std::string& netsim_exe, const std::string& netsim_args)
      : server_port(free_udp_port()),
        relay_port(other_port(server_port)),
        server(server_exe + " --bind 127.0.0.1 --port " + std::to_string(server_port) + " " +
               server_args),
        netsim(netsim_exe + " --listen 127.0.0.1:" + std::to_string(relay_port) +
               " --to 127.0.0.1:" + std::to_string(server_port) + " " + netsim_args),
        ready_(server.started() && netsim.started() &&
               netsim.read_line().find("relaying") != std::string::npos) {}

  // Both started and the relay is relaying.
  bool ready() const { return ready_; }
  // Where clients connect: through the relay.
  std::string relay_address() const { return "127.0.0.1:" + std::to_string(relay_port); }

  const unsigned short server_port;
  const unsigned short relay_port;
  RunningProcess server;
  RunningProcess netsim;

 private:
  static unsigned short other_port(unsigned short taken) {
    unsigned short p = free_udp_port();
    while (p == taken) p = free_udp_port();
    return p;
  }
  bool ready_;
};

}  // namespace spear::test
