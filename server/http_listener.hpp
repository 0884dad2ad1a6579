#pragma once
// A minimal HTTP/1.0-style listener over Asio TCP for /metrics, /healthz and /leaderboard: one
// request per
// connection, GET or HEAD only, request head capped at 8 KiB, a short deadline for the request
// head and a cap on connections at once, so a slow or hostile scraper cannot hold memory or the
// loop. At the cap a new connection is still taken: the oldest one still waiting for its request
// head is closed to make room, so slow clients that send nothing cannot starve /healthz.
#include <asio.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace spear::server {

struct HttpResponse {
  int status = 200;
  std::string content_type = "text/plain; charset=utf-8";
  std::string body;
};

// Called on the io_context's thread with the request path (query string removed).
using HttpHandler = std::function<HttpResponse(std::string_view path)>;
// The same with the query string too: what follows the first '?' of the request target, as
// sent (not decoded; empty when there is none).
using HttpQueryHandler = std::function<HttpResponse(std::string_view path, std::string_view query)>;

class HttpListener {
 public:
  HttpListener(asio::io_context& io, HttpHandler handler);
  HttpListener(asio::io_context& io, HttpQueryHandler handler);
  ~HttpListener();
  HttpListener(const HttpListener&) = delete;
  HttpListener& operator=(const HttpListener&) = delete;

  // Binds and starts accepting. False with a message when the address or port is unusable.
  bool listen(const std::string& address, std::uint16_t port, std::string& error);
  std::uint16_t port() const { return port_; }
  void close();

  static constexpr std::size_t kMaxRequestBytes = 8192;
  static constexpr int kMaxConnections = 32;
  static constexpr double kDeadlineSeconds = 1.0;  // to send the whole request head

 private:
  struct Connection;
  struct Shared;
  void accept_next();

  asio::ip::tcp::acceptor acceptor_;
  std::shared_ptr<const HttpQueryHandler> handler_;
  std::shared_ptr<Shared> shared_;
  std::uint16_t port_ = 0;
};

}  // namespace spear::server
