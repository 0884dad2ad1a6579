#include "support/http_get.hpp"

#include <asio.hpp>
#include <chrono>

namespace spear::test {

HttpResult http_get(std::uint16_t port, const std::string& path, double timeout_s) {
  HttpResult result;
  asio::io_context io;
  asio::ip::tcp::socket socket(io);
  std::string response;
  const std::string request =
      "GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
  socket.async_connect({asio::ip::make_address("127.0.0.1"), port}, [&](asio::error_code ec) {
    if (ec) return;
    asio::async_write(socket, asio::buffer(request), [&](asio::error_code wec, std::size_t) {
      if (wec) return;
      asio::async_read(socket, asio::dynamic_buffer(response, 1 << 20),
                       [&](asio::error_code, std::size_t) {});
    });
  });
  io.run_for(std::chrono::milliseconds(static_cast<int>(timeout_s * 1000)));
  const auto head_end = response.find("\r\n\r\n");
  if (head_end == std::string::npos || response.rfind("HTTP/1.", 0) != 0) return result;
  result.headers = response.substr(0, head_end);
  result.body = response.substr(head_end + 4);
  result.status = std::atoi(response.c_str() + response.find(' ') + 1);
  return result;
}

}  // namespace spear::test
