#include "server/http_listener.hpp"

#include <fmt/format.h>

#include <deque>

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

// What the listener and its connections share: how many are open, and those still waiting for
// their request head, oldest first (weak: a finished connection is simply expired).
struct HttpListener::Shared {
  int open = 0;
  std::deque<std::weak_ptr<Connection>> waiting;
};

struct HttpListener::Connection : std::enable_shared_from_this<HttpListener::Connection> {
  Connection(asio::ip::tcp::socket s, std::shared_ptr<const HttpQueryHandler> h,
             std::shared_ptr<Shared> sh)
      : socket(std::move(s)),
        timer(socket.get_executor()),
        handler(std::move(h)),
        shared(std::move(sh)) {
    ++shared->open;
  }
  ~Connection() { --shared->open; }

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
                             self->waiting = false;
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
    std::string_view query;
    if (const auto q = path.find('?'); q != std::string_view::npos) {
      query = path.substr(q + 1);
      path = path.substr(0, q);
    }
    if (method != "GET" && method != "HEAD") {
      respond({405, "text/plain", "only GET and HEAD\n"}, false);
      return;
    }
    respond((*handler)(path, query), method == "HEAD");
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
  std::shared_ptr<const HttpQueryHandler> handler;
  std::shared_ptr<Shared> shared;
  bool waiting = true;  // for its request head
  std::string request;
  std::string reply;
};

HttpListener::HttpListener(asio::io_context& io, HttpHandler handler)
    : HttpListener(
          io, HttpQueryHandler([h = std::move(handler)](std::string_view path, std::string_view) {
            return h(path);
          })) {}

HttpListener::HttpListener(asio::io_context& io, HttpQueryHandler handler)
    : acceptor_(io),
      handler_(std::make_shared<const HttpQueryHandler>(std::move(handler))),
      shared_(std::make_shared<Shared>()) {}

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
      auto& waiting = shared_->waiting;
      const auto done = [](const std::weak_ptr<Connection>& w) {
        const auto c = w.lock();
        return !c || !c->waiting;
      };
      while (!waiting.empty() && done(waiting.front())) waiting.pop_front();
      if (waiting.size() > 4 * static_cast<std::size_t>(kMaxConnections))
        std::erase_if(waiting, done);
      if (shared_->open >= kMaxConnections) {
        if (!waiting.empty()) {
          // Make room: the oldest connection that has not sent its request head goes.
          if (const auto oldest = waiting.front().lock()) oldest->finish();
          waiting.pop_front();
          auto c = std::make_shared<Connection>(std::move(socket), handler_, shared_);
          waiting.push_back(c);
          c->start();
        } else {
          asio::error_code ignored;
          socket.close(ignored);  // every slot is busy answering: refuse, hold nothing
        }
      } else {
        auto c = std::make_shared<Connection>(std::move(socket), handler_, shared_);
        waiting.push_back(c);
        c->start();
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
