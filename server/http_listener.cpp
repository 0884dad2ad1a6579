#include "server/http_listener.hpp"

#include <fmt/format.h>

namespace spear::server {

namespace {

std::string_view status_text(int status) {
  switch (status) {
    case 200:
      return "OK";
    case 400:
      return "Bad Request";
    case 404:
      return "Not Found";
    case 405:
      return "Method Not Allowed";
    case 503:
      return "Service Unavailable";
    default:
      return "Error";
  }
}

}  // namespace

struct HttpListener::Connection : std::enable_shared_from_this<HttpListener::Connection> {
  Connection(asio::ip::tcp::socket s, std::shared_ptr<const HttpHandler> h,
             std::shared_ptr<int> open)
      : socket(std::move(s)),
        timer(socket.get_executor()),
        handler(std::move(h)),
        open_count(std::move(open)) {
    ++*open_count;
  }
  ~Connection() { --*open_count; }

  void start() {
    auto self = shared_from_this();
    timer.expires_after(std::chrono::milliseconds(static_cast<int>(kDeadlineSeconds * 1000)));
    timer.async_wait([self](const asio::error_code& ec) {
      if (!ec) {
        asio::error_code ignored;
        self->socket.close(ignored);
      }
    });
    asio::async_read_until(socket, asio::dynamic_buffer(request, kMaxRequestBytes), "\r\n\r\n",
                           [self](const asio::error_code& ec, std::size_t) {
                             if (ec) {
                               // Too long, closed early or timed out: answer 400 if still open.
                               if (ec == asio::error::not_found) {
                                 self->respond({400, "text/plain", "request too large\n"}, false);
                               } else {
                                 self->finish();
                               }
                               return;
                             }
                             self->handle();
                           });
  }

  void handle() {
    const auto line_end = request.find("\r\n");
    const std::string_view line = std::string_view(request).substr(0, line_end);
    const auto sp1 = line.find(' ');
    const auto sp2 = sp1 == std::string_view::npos ? sp1 : line.find(' ', sp1 + 1);
    if (sp1 == std::string_view::npos || sp2 == std::string_view::npos) {
      respond({400, "text/plain", "bad request\n"}, false);
      return;
    }
    const std::string_view method = line.substr(0, sp1);
    std::string_view path = line.substr(sp1 + 1, sp2 - sp1 - 1);
    if (const auto q = path.find('?'); q != std::string_view::npos) path = path.substr(0, q);
    if (method != "GET" && method != "HEAD") {
      respond({405, "text/plain", "only GET and HEAD\n"}, false);
      return;
    }
    respond((*handler)(path), method == "HEAD");
  }

  void respond(const HttpResponse& r, bool head_only) {
    reply = fmt::format(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        r.status, status_text(r.status), r.content_type, r.body.size());
    if (!head_only) reply += r.body;
    auto self = shared_from_this();
    asio::async_write(socket, asio::buffer(reply),
                      [self](const asio::error_code&, std::size_t) { self->finish(); });
  }

  void finish() {
    asio::error_code ignored;
    socket.shutdown(asio::ip::tcp::socket::shutdown_both, ignored);
    socket.close(ignored);
    timer.cancel();
  }

  asio::ip::tcp::socket socket;
  asio::steady_timer timer;
  std::shared_ptr<const HttpHandler> handler;
  std::shared_ptr<int> open_count;
  std::string request;
  std::string reply;
};

HttpListener::HttpListener(asio::io_context& io, HttpHandler handler)
    : acceptor_(io), handler_(std::make_shared<const HttpHandler>(std::move(handler))) {}

HttpListener::~HttpListener() { close(); }

bool HttpListener::listen(const std::string& address, std::uint16_t port, std::string& error) {
  asio::error_code ec;
  const auto addr = asio::ip::make_address(address, ec);
  if (ec) {
    error = fmt::format("metrics address '{}' is not an IP address", address);
    return false;
  }
  const asio::ip::tcp::endpoint endpoint(addr, port);
  acceptor_.open(endpoint.protocol(), ec);
  if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
  if (!ec) acceptor_.bind(endpoint, ec);
  if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
  if (ec) {
    error = fmt::format("cannot listen for metrics on {}:{}: {}", address, port, ec.message());
    asio::error_code ignored;
    acceptor_.close(ignored);
    return false;
  }
  port_ = acceptor_.local_endpoint().port();
  accept_next();
  return true;
}

void HttpListener::accept_next() {
  acceptor_.async_accept([this](const asio::error_code& ec, asio::ip::tcp::socket socket) {
    if (ec == asio::error::operation_aborted || !acceptor_.is_open()) return;
    if (!ec) {
      if (*open_connections_ >= kMaxConnections) {
        asio::error_code ignored;
        socket.close(ignored);  // over the cap: refuse by closing, hold nothing
      } else {
        std::make_shared<Connection>(std::move(socket), handler_, open_connections_)->start();
      }
    }
    accept_next();
  });
}

void HttpListener::close() {
  asio::error_code ignored;
  acceptor_.close(ignored);
}

}  // namespace spear::server
