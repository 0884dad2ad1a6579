#pragma once
// One HTTP POST over Asio TCP with a deadline, for talking to a local sidecar (Agones SDK).
// The callback gets the HTTP status (0 when no valid answer came: refused, timed out, garbage).
#include <asio.hpp>
#include <functional>
#include <string>

namespace spear::server {

void async_http_post(asio::io_context& io, const asio::ip::tcp::endpoint& to, std::string path,
                     std::string json_body, double timeout_seconds,
                     std::function<void(int status)> done);

}  // namespace spear::server
