#pragma once
// The address and port of a UDP peer as a small comparable value (no Asio in this header).
#include <array>
#include <compare>
#include <cstdint>
#include <functional>
#include <string>

namespace spear::net {

struct PeerAddress {
  // IPv4 addresses are stored IPv4-mapped (::ffff:a.b.c.d), so one form serves both families.
  std::array<std::uint8_t, 16> ip{};
  std::uint16_t port = 0;

  static PeerAddress ipv4(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d,
                          std::uint16_t port);
  bool is_ipv4() const;
  std::string to_string() const;  // "127.0.0.1:27600" or "[::1]:27600"

  friend auto operator<=>(const PeerAddress&, const PeerAddress&) = default;
  friend bool operator==(const PeerAddress&, const PeerAddress&) = default;
};

struct PeerAddressHash {
  std::size_t operator()(const PeerAddress& a) const noexcept;
};

}  // namespace spear::net
