#pragma once
// Stateless challenge cookies: 16 fresh random bytes (the server's part of the session's keys,
// net/session_crypto.hpp), then a keyed hash (libsodium crypto_generichash, BLAKE2b-128) of the
// client's address, port, the public key its Hello carried, a time window and those random
// bytes, under a server secret. The server remembers nothing about an address until it returns a
// cookie that verifies; no two Challenges carry the same cookie.
#include <array>
#include <cstddef>
#include <cstdint>

#include "net/messages.hpp"
#include "net/peer_address.hpp"

namespace spear::net {

using CookieSecret = std::array<std::uint8_t, 32>;

class ChallengeCookies {
 public:
  ChallengeCookies();  // fresh random secret
  explicit ChallengeCookies(const CookieSecret& secret) : secret_(secret) {}

  // now: server time in seconds (any monotonic origin). A fresh cookie each call.
  Cookie issue(const PeerAddress& peer, const PublicKey& client_key, double now) const;
  // True if the cookie was issued to this address, port and client key in the current or the
  // previous window (kCookieWindowSeconds each). Constant-time comparison.
  bool verify(const Cookie& cookie, const PeerAddress& peer, const PublicKey& client_key,
              double now) const;

 private:
  using Tag = std::array<std::uint8_t, 16>;
  Tag compute(const PeerAddress& peer, const PublicKey& client_key, std::int64_t window,
              const std::uint8_t* random) const;
  CookieSecret secret_;
};

}  // namespace spear::net
