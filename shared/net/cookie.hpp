#pragma once
// Stateless challenge cookies: a keyed hash (libsodium crypto_generichash, BLAKE2b) of the
// client's address, port, the public key its Hello carried and a time window, under a server
// secret. The server remembers
// nothing about an address until it returns a cookie that verifies.
#include <array>
#include <cstdint>

#include "net/messages.hpp"
#include "net/peer_address.hpp"

namespace spear::net {

using CookieSecret = std::array<std::uint8_t, 32>;

class ChallengeCookies {
 public:
  ChallengeCookies();  // fresh random secret
  explicit ChallengeCookies(const CookieSecret& secret) : secret_(secret) {}

  // now: server time in seconds (any monotonic origin).
  Cookie issue(const PeerAddress& peer, const PublicKey& client_key, double now) const;
  // True if the cookie was issued to this address, port and client key in the current or the
  // previous window (kCookieWindowSeconds each). Constant-time comparison.
  bool verify(const Cookie& cookie, const PeerAddress& peer, const PublicKey& client_key,
              double now) const;

 private:
  Cookie compute(const PeerAddress& peer, const PublicKey& client_key, std::int64_t window) const;
  CookieSecret secret_;
};

}  // namespace spear::net
