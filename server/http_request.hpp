#pragma once
// One HTTP request over Asio TCP with a deadline, for talking to a local peer: the Agones SDK
// sidecar (POST) and the server's own health endpoint (GET, spear-server --health-probe).
// The callback gets the HTTP status (0 when no valid answer came: refused, timed out, garbage).
#include <asio.hpp>
#include <functional>
#include <string>

namespace spear::server {

// `method`: "GET" or "POST"; a POST sends `json_body` as application/json.
void async_http_request(asio::io_context& io, const asio::ip::tcp::endpoint& to, std::string method,
                        std::string path, std::string json_body, double timeout_seconds,
                        std::function<void(int status)> done);

}  // namespace spear::server
