#include "net/udp_endpoint.hpp"

#include <poll.h>

#include <asio.hpp>
#include <charconv>
#include <cmath>

namespace spear::net {
namespace {

PeerAddress to_peer(const asio::ip::udp::endpoint& ep) {
  PeerAddress p;
  const asio::ip::address a = ep.address();
  if (a.is_v4()) {
    const auto b = a.to_v4().to_bytes();
    p = PeerAddress::ipv4(b[0], b[1], b[2], b[3], ep.port());
  } else {
    const auto b = a.to_v6().to_bytes();
    std::copy(b.begin(), b.end(), p.ip.begin());
    p.port = ep.port();
  }
  return p;
}

asio::ip::udp::endpoint to_endpoint(const PeerAddress& p, bool v4_socket) {
  if (p.is_ipv4() && v4_socket) {
    const asio::ip::address_v4::bytes_type b{p.ip[12], p.ip[13], p.ip[14], p.ip[15]};
    return {asio::ip::address_v4(b), p.port};
  }
  asio::ip::address_v6::bytes_type b;
  std::copy(p.ip.begin(), p.ip.end(), b.begin());
  return {asio::ip::address_v6(b), p.port};
}

void set_error(std::string* error, std::string text) {
  if (error) *error = std::move(text);
}

}  // namespace

struct UdpEndpoint::Impl {
  asio::io_context io;
  asio::ip::udp::socket socket{io};
  bool v4 = true;
};

UdpEndpoint::UdpEndpoint(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
UdpEndpoint::~UdpEndpoint() = default;

std::unique_ptr<UdpEndpoint> UdpEndpoint::bind(std::string_view address, std::uint16_t port,
                                               std::string* error) {
  asio::error_code ec;
  const asio::ip::address addr = asio::ip::make_address(std::string(address), ec);
  if (ec) {
    set_error(error, "bad bind address '" + std::string(address) + "': " + ec.message());
    return nullptr;
  }
  auto impl = std::make_unique<Impl>();
  impl->v4 = addr.is_v4();
  const asio::ip::udp::endpoint ep(addr, port);
  impl->socket.open(ep.protocol(), ec);
  if (!ec && !impl->v4) impl->socket.set_option(asio::ip::v6_only(false), ec);
  if (!ec) impl->socket.bind(ep, ec);
  if (!ec) impl->socket.non_blocking(true, ec);
  if (ec) {
    set_error(error, "cannot bind UDP " + std::string(address) + ":" + std::to_string(port) + ": " +
                         ec.message());
    return nullptr;
  }
  // Room for bursts of snapshots and floods alike; the OS may grant less.
  impl->socket.set_option(asio::socket_base::receive_buffer_size(1 << 20), ec);
  impl->socket.set_option(asio::socket_base::send_buffer_size(1 << 20), ec);
  return std::unique_ptr<UdpEndpoint>(new UdpEndpoint(std::move(impl)));
}

std::uint16_t UdpEndpoint::local_port() const {
  asio::error_code ec;
  const auto ep = impl_->socket.local_endpoint(ec);
  return ec ? 0 : ep.port();
}

PeerAddress UdpEndpoint::local_address() const {
  asio::error_code ec;
  const auto ep = impl_->socket.local_endpoint(ec);
  return ec ? PeerAddress{} : to_peer(ep);
}

bool UdpEndpoint::send_to(std::span<const std::uint8_t> bytes, const PeerAddress& to) {
  if (!impl_->v4 || to.is_ipv4()) {
    asio::error_code ec;
    impl_->socket.send_to(asio::buffer(bytes.data(), bytes.size()), to_endpoint(to, impl_->v4), 0,
                          ec);
    if (!ec) return true;
  }
  ++send_errors_;
  return false;
}

std::optional<Received> UdpEndpoint::receive(std::span<std::uint8_t> buffer) {
  asio::ip::udp::endpoint from;
  asio::error_code ec;
  const std::size_t n =
      impl_->socket.receive_from(asio::buffer(buffer.data(), buffer.size()), from, 0, ec);
  if (ec) return std::nullopt;  // would_block, or an ICMP error reported on this socket
  Received r;
  r.size = n;
  r.from = to_peer(from);
  r.truncated = n == buffer.size();
  return r;
}

bool UdpEndpoint::wait_readable(double timeout_s) {
  pollfd fd{impl_->socket.native_handle(), POLLIN, 0};
  const int ms = timeout_s <= 0 ? 0 : static_cast<int>(std::ceil(timeout_s * 1000.0));
  return ::poll(&fd, 1, ms) > 0 && (fd.revents & POLLIN);
}

std::optional<PeerAddress> resolve_udp_peer(std::string_view host, std::uint16_t port,
                                            std::string* error) {
  asio::io_context io;
  asio::ip::udp::resolver resolver(io);
  asio::error_code ec;
  const auto results = resolver.resolve(std::string(host), std::to_string(port), ec);
  if (ec || results.empty()) {
    set_error(error, "cannot resolve '" + std::string(host) +
                         "': " + (ec ? ec.message() : std::string("no address")));
    return std::nullopt;
  }
  // Prefer IPv4: servers bind 0.0.0.0 by default.
  for (const auto& r : results)
    if (r.endpoint().address().is_v4()) return to_peer(r.endpoint());
  return to_peer(results.begin()->endpoint());
}

std::optional<PeerAddress> parse_udp_peer(std::string_view host_port, std::uint16_t default_port,
                                          std::string* error) {
  std::string_view host = host_port;
  std::string_view port_text;
  if (!host_port.empty() && host_port.front() == '[') {
    const auto close = host_port.find(']');
    if (close == std::string_view::npos) {
      set_error(error, "missing ']' in '" + std::string(host_port) + "'");
      return std::nullopt;
    }
    host = host_port.substr(1, close - 1);
    const auto rest = host_port.substr(close + 1);
    if (!rest.empty()) {
      if (rest.front() != ':') {
        set_error(error, "expected ':' after ']' in '" + std::string(host_port) + "'");
        return std::nullopt;
      }
      port_text = rest.substr(1);
    }
  } else if (const auto colon = host_port.rfind(':');
             colon != std::string_view::npos && host_port.find(':') == colon) {
    host = host_port.substr(0, colon);
    port_text = host_port.substr(colon + 1);
  }
  std::uint16_t port = default_port;
  if (!port_text.empty() || host_port.ends_with(':')) {
    unsigned value = 0;
    const auto [ptr, ec] =
        std::from_chars(port_text.data(), port_text.data() + port_text.size(), value);
    if (ec != std::errc{} || ptr != port_text.data() + port_text.size() || value == 0 ||
        value > 65535) {
      set_error(error, "bad port in '" + std::string(host_port) + "'");
      return std::nullopt;
    }
    port = static_cast<std::uint16_t>(value);
  }
  if (host.empty()) {
    set_error(error, "missing host in '" + std::string(host_port) + "'");
    return std::nullopt;
  }
  return resolve_udp_peer(host, port, error);
}

}  // namespace spear::net
