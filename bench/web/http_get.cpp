#include "http_get.hpp"

#include <arpa/inet.h>
#include <netdb.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>

namespace spear::bench {
namespace {

class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

std::optional<std::string> http_get(const std::string& host, std::uint16_t port,
                                    const std::string& path, std::string* error,
                                    double timeout_seconds) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo* found = nullptr;
  if (const int rc = ::getaddrinfo(host.c_str(), std::to_string(port).c_str(), &hints, &found);
      rc != 0) {
    *error = host + ": " + ::gai_strerror(rc);
    return std::nullopt;
  }
  Fd fd(::socket(found->ai_family, found->ai_socktype, found->ai_protocol));
  if (fd.get() < 0) {
    ::freeaddrinfo(found);
    *error = std::string("socket: ") + std::strerror(errno);
    return std::nullopt;
  }
  timeval tv{};
  tv.tv_sec = static_cast<time_t>(timeout_seconds);
  tv.tv_usec = static_cast<suseconds_t>((timeout_seconds - static_cast<double>(tv.tv_sec)) * 1e6);
  ::setsockopt(fd.get(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  ::setsockopt(fd.get(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  const int connected = ::connect(fd.get(), found->ai_addr, found->ai_addrlen);
  ::freeaddrinfo(found);
  if (connected != 0) {
    *error = "connect " + host + ":" + std::to_string(port) + ": " + std::strerror(errno);
    return std::nullopt;
  }
  const std::string request = "GET " + path + " HTTP/1.1\r\nHost: " + host + ":" +
                              std::to_string(port) + "\r\nConnection: close\r\n\r\n";
  if (::send(fd.get(), request.data(), request.size(), MSG_NOSIGNAL) !=
      static_cast<ssize_t>(request.size())) {
    *error = std::string("send: ") + std::strerror(errno);
    return std::nullopt;
  }
  std::string answer;
  char buffer[4096];
  std::size_t body_at = std::string::npos;
  std::size_t length = std::string::npos;
  for (;;) {
    const ssize_t n = ::recv(fd.get(), buffer, sizeof buffer, 0);
    if (n < 0) {
      *error = std::string("recv: ") + std::strerror(errno);
      return std::nullopt;
    }
    if (n == 0) break;
    answer.append(buffer, static_cast<std::size_t>(n));
    if (body_at == std::string::npos) {
      const std::size_t end = answer.find("\r\n\r\n");
      if (end == std::string::npos) continue;
      body_at = end + 4;
      std::string head = answer.substr(0, end);
      for (char& c : head) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      if (const std::size_t at = head.find("\r\ncontent-length:"); at != std::string::npos)
        length = std::stoul(head.substr(at + 17));
    }
    if (length != std::string::npos && answer.size() >= body_at + length) break;
  }
  if (body_at == std::string::npos) {
    *error = "no HTTP answer from " + host + ":" + std::to_string(port) + path;
    return std::nullopt;
  }
  if (answer.compare(0, 12, "HTTP/1.1 200") != 0 && answer.compare(0, 12, "HTTP/1.0 200") != 0) {
    *error = path + ": " + answer.substr(0, answer.find("\r\n"));
    return std::nullopt;
  }
  return answer.substr(body_at, length == std::string::npos ? std::string::npos : length);
}

}  // namespace spear::bench
