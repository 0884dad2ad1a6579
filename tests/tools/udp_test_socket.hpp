#pragma once

// A blocking loopback UDP socket for tests, with receive timeouts (poll) so a lost datagram ends
// a wait instead of hanging the test.
#include <poll.h>

#include <asio/io_context.hpp>
#include <asio/ip/udp.hpp>
#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

namespace spear::test {

class UdpTestSocket {
 public:
  explicit UdpTestSocket(asio::io_context& io)
      : socket_(io, asio::ip::udp::endpoint(asio::ip::address_v4::loopback(), 0)) {
    socket_.set_option(asio::socket_base::receive_buffer_size(1 << 20));
  }

  asio::ip::udp::endpoint endpoint() const { return socket_.local_endpoint(); }

  void send_to(const std::vector<std::uint8_t>& data, const asio::ip::udp::endpoint& to) {
    socket_.send_to(asio::buffer(data), to);
  }

  struct Received {
    std::vector<std::uint8_t> data;
    asio::ip::udp::endpoint from;
  };

  std::optional<Received> receive(std::chrono::milliseconds timeout) {
    pollfd fd{socket_.native_handle(), POLLIN, 0};
    if (::poll(&fd, 1, static_cast<int>(timeout.count())) <= 0) return std::nullopt;
    Received r;
    r.data.resize(65536);
    asio::error_code ec;
    const std::size_t n = socket_.receive_from(asio::buffer(r.data), r.from, 0, ec);
    if (ec) return std::nullopt;
    r.data.resize(n);
    return r;
  }

 private:
  asio::ip::udp::socket socket_;
};

}  // namespace spear::test
