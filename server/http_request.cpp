#include "server/http_request.hpp"

#include <fmt/format.h>

#include <memory>

namespace spear::server {

namespace {

struct RequestOperation : std::enable_shared_from_this<RequestOperation> {
  RequestOperation(asio::io_context& io, std::function<void(int)> cb)
      : socket(io), timer(io), done(std::move(cb)) {}

  void start(const asio::ip::tcp::endpoint& to, double timeout_seconds) {
    auto self = shared_from_this();
    timer.expires_after(std::chrono::milliseconds(static_cast<long>(timeout_seconds * 1000)));
    timer.async_wait([self](const asio::error_code& ec) {
      if (!ec) self->complete(0);
    });
    socket.async_connect(to, [self](const asio::error_code& ec) {
      if (ec) return self->complete(0);
      asio::async_write(self->socket, asio::buffer(self->request),
                        [self](const asio::error_code& wec, std::size_t) {
                          if (wec) return self->complete(0);
                          self->read_status();
                        });
    });
  }

  void read_status() {
    auto self = shared_from_this();
    // The status line is all we need; 4 KiB bounds what a confused peer can make us hold.
    asio::async_read_until(socket, asio::dynamic_buffer(response, 4096), "\r\n",
                           [self](const asio::error_code& ec, std::size_t) {
                             if (ec) return self->complete(0);
                             self->complete(self->parse_status());
                           });
  }

  int parse_status() const {
    // "HTTP/1.1 200 OK"
    if (response.rfind("HTTP/", 0) != 0) return 0;
    const auto sp = response.find(' ');
    if (sp == std::string::npos || sp + 4 > response.size()) return 0;
    int status = 0;
    for (std::size_t i = sp + 1; i < sp + 4; ++i) {
      const char c = response[i];
      if (c < '0' || c > '9') return 0;
      status = status * 10 + (c - '0');
    }
    return status;
  }

  void complete(int status) {
    if (finished) return;
    finished = true;
    asio::error_code ignored;
    socket.close(ignored);
    timer.cancel();
    if (done) done(status);
  }

  asio::ip::tcp::socket socket;
  asio::steady_timer timer;
  std::function<void(int)> done;
  std::string request;
  std::string response;
  bool finished = false;
};

}  // namespace

void async_http_request(asio::io_context& io, const asio::ip::tcp::endpoint& to, std::string method,
                        std::string path, std::string json_body, double timeout_seconds,
                        std::function<void(int status)> done) {
  auto op = std::make_shared<RequestOperation>(io, std::move(done));
  if (method == "POST") {
    op->request = fmt::format(
        "POST {} HTTP/1.1\r\nHost: localhost:{}\r\nContent-Type: application/json\r\n"
        "Content-Length: {}\r\nConnection: close\r\n\r\n{}",
        path, to.port(), json_body.size(), json_body);
  } else {
    op->request = fmt::format("{} {} HTTP/1.1\r\nHost: localhost:{}\r\nConnection: close\r\n\r\n",
                              method, path, to.port());
  }
  op->start(to, timeout_seconds);
}

}  // namespace spear::server
