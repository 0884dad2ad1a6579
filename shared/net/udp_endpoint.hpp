#pragma once
// A non-blocking UDP socket (the one place Asio enters shared/; hidden behind this interface so
// that includers need no Asio). Poll style suits fixed-tick loops: receive until empty, then tick.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "net/peer_address.hpp"

namespace spear::net {

// Resolves "host" + port to a UDP peer (numeric addresses or names, e.g. "localhost").
std::optional<PeerAddress> resolve_udp_peer(std::string_view host, std::uint16_t port,
                                            std::string* error = nullptr);
// Splits "HOST:PORT", "HOST" (default port) or "[v6]:PORT" and resolves it.
std::optional<PeerAddress> parse_udp_peer(std::string_view host_port,
                                          std::uint16_t default_port = 27600,
                                          std::string* error = nullptr);

struct Received {
  std::size_t size = 0;
  PeerAddress from;
  bool truncated = false;  // the datagram was larger than the buffer (drop it)
};

class UdpEndpoint {
 public:
  // Binds to address:port ("0.0.0.0" / "::" for all, port 0 for any free port). nullptr with
  // *error set on failure.
  static std::unique_ptr<UdpEndpoint> bind(std::string_view address, std::uint16_t port,
                                           std::string* error = nullptr);
  ~UdpEndpoint();
  UdpEndpoint(const UdpEndpoint&) = delete;
  UdpEndpoint& operator=(const UdpEndpoint&) = delete;

  std::uint16_t local_port() const;
  PeerAddress local_address() const;

  // Sends one datagram; false if the OS refused it (the error is counted, never thrown).
  bool send_to(std::span<const std::uint8_t> bytes, const PeerAddress& to);
  // One datagram if one is waiting, never blocks. Give a buffer of kMaxDatagramBytes + 1 or
  // more so that oversize datagrams show as truncated or larger than kMaxDatagramBytes.
  std::optional<Received> receive(std::span<std::uint8_t> buffer);
  // Blocks up to timeout_s for a datagram to arrive; true if one is waiting.
  bool wait_readable(double timeout_s);

  std::uint64_t send_errors() const { return send_errors_; }

 private:
  struct Impl;
  explicit UdpEndpoint(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
  std::uint64_t send_errors_ = 0;
};

}  // namespace spear::net
