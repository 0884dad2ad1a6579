#include "net/peer_address.hpp"

#include <cstdio>

namespace spear::net {

PeerAddress PeerAddress::ipv4(std::uint8_t a, std::uint8_t b, std::uint8_t c, std::uint8_t d,
                              std::uint16_t port) {
  PeerAddress p;
  p.ip[10] = 0xff;
  p.ip[11] = 0xff;
  p.ip[12] = a;
  p.ip[13] = b;
  p.ip[14] = c;
  p.ip[15] = d;
  p.port = port;
  return p;
}

bool PeerAddress::is_ipv4() const {
  for (int i = 0; i < 10; ++i)
    if (ip[i] != 0) return false;
  return ip[10] == 0xff && ip[11] == 0xff;
}

std::string PeerAddress::to_string() const {
  char buf[64];
  if (is_ipv4()) {
    std::snprintf(buf, sizeof buf, "%u.%u.%u.%u:%u", ip[12], ip[13], ip[14], ip[15], port);
    return buf;
  }
  std::string s = "[";
  for (int i = 0; i < 16; i += 2) {
    std::snprintf(buf, sizeof buf, "%x", (ip[i] << 8) | ip[i + 1]);
    if (i) s += ':';
    s += buf;
  }
  std::snprintf(buf, sizeof buf, "]:%u", port);
  return s + buf;
}

std::size_t PeerAddressHash::operator()(const PeerAddress& a) const noexcept {
  // FNV-1a over the 18 bytes: cheap, and addresses are not attacker-chosen beyond their own.
  std::uint64_t h = 1469598103934665603ull;
  for (std::uint8_t b : a.ip) h = (h ^ b) * 1099511628211ull;
  h = (h ^ (a.port & 0xff)) * 1099511628211ull;
  h = (h ^ (a.port >> 8)) * 1099511628211ull;
  return static_cast<std::size_t>(h);
}

}  // namespace spear::net
