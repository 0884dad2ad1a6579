#pragma once
// The tests' GET to a local server's HTTP endpoints (/metrics, /healthz, /leaderboard, the
// gateway's pages): spear::http::get on 127.0.0.1.
#include <cstdint>
#include <string>

#include "http/http_get.hpp"

namespace spear::test {

using HttpResult = http::GetResult;

inline HttpResult http_get(std::uint16_t port, const std::string& path, double timeout_s = 3.0) {
  return http::get("127.0.0.1", port, path, timeout_s);
}

}  // namespace spear::test
