#pragma once
// One blocking HTTP/1.1 GET over TCP (Asio), with a timeout: how the tests and the benches read
// the server's and the gateway's HTTP endpoints.
#include <cstdint>
#include <string>

namespace spear::http {

struct GetResult {
  int status = 0;       // the status code; 0: no answer (see error)
  std::string headers;  // the head, status line included
  std::string body;
  std::string error;  // why there is no answer (status 0)
};

// GETs `path` from host:port (a name or an address) and returns the answer once it is whole
// (Content-Length, or the server closing), or what came when `timeout_s` ran out.
GetResult get(const std::string& host, std::uint16_t port, const std::string& path,
              double timeout_s = 3.0);

}  // namespace spear::http
