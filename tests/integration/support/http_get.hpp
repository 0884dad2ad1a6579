#pragma once
// A blocking HTTP GET over loopback TCP (Asio), for scraping the metrics endpoint in tests.
#include <cstdint>
#include <string>

namespace spear::test {

struct HttpResult {
  int status = 0;       // 0: no answer
  std::string headers;  // the head, status line included
  std::string body;
};

HttpResult http_get(std::uint16_t port, const std::string& path, double timeout_s = 3.0);

}  // namespace spear::test
