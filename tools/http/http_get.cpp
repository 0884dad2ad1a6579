#include "http/http_get.hpp"

#include <algorithm>
#include <array>
#include <asio.hpp>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <optional>

namespace spear::http {
namespace {

// Where the body starts and how long it is, once the head has come (nullopt before).
struct Head {
  std::size_t body_at = 0;
  std::optional<std::size_t> length;
};

std::optional<Head> read_head(const std::string& answer) {
  const std::size_t end = answer.find("\r\n\r\n");
  if (end == std::string::npos) return std::nullopt;
  Head head;
  head.body_at = end + 4;
  std::string lower = answer.substr(0, end);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (const std::size_t at = lower.find("\r\ncontent-length:"); at != std::string::npos)
    head.length = std::strtoul(lower.c_str() + at + 17, nullptr, 10);
  return head;
}

}  // namespace

GetResult get(const std::string& host, std::uint16_t port, const std::string& path,
              double timeout_s) {
  GetResult result;
  asio::io_context io;
  asio::ip::tcp::resolver resolver(io);
  asio::ip::tcp::socket socket(io);
  const std::string request = "GET " + path + " HTTP/1.1\r\nHost: " + host + ":" +
                              std::to_string(port) + "\r\nConnection: close\r\n\r\n";
  std::string answer;
  std::array<char, 4096> chunk{};
  bool done = false;
  std::function<void()> read_more = [&] {
    socket.async_read_some(asio::buffer(chunk), [&](asio::error_code ec, std::size_t n) {
      answer.append(chunk.data(), n);
      const auto head = read_head(answer);
      if (ec || (head && head->length && answer.size() >= head->body_at + *head->length)) {
        done = true;
        return;
      }
      read_more();
    });
  };
  resolver.async_resolve(host, std::to_string(port), [&](asio::error_code ec, auto endpoints) {
    if (ec) {
      result.error = host + ": " + ec.message();
      return;
    }
    asio::async_connect(socket, endpoints, [&](asio::error_code cec, const auto&) {
      if (cec) {
        result.error = "connect " + host + ":" + std::to_string(port) + ": " + cec.message();
        return;
      }
      asio::async_write(socket, asio::buffer(request), [&](asio::error_code wec, std::size_t) {
        if (wec) {
          result.error = "send: " + wec.message();
          return;
        }
        read_more();
      });
    });
  });
  io.run_for(std::chrono::milliseconds(static_cast<long>(timeout_s * 1000)));
  const auto head = read_head(answer);
  if (!head || answer.rfind("HTTP/1.", 0) != 0) {
    if (result.error.empty())
      result.error = (done ? "no HTTP answer from " : "no whole HTTP answer in time from ") + host +
                     ":" + std::to_string(port) + path;
    return result;
  }
  result.headers = answer.substr(0, head->body_at - 4);
  result.body = answer.substr(head->body_at, head->length.value_or(std::string::npos));
  result.status = std::atoi(answer.c_str() + answer.find(' ') + 1);
  return result;
}

}  // namespace spear::http
