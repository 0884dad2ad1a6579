#include "net/cookie.hpp"

#include <sodium.h>

#include <algorithm>
#include <cmath>
#include <span>

#include "net/secure_random.hpp"

namespace spear::net {

ChallengeCookies::ChallengeCookies() { secure_random_bytes(secret_); }

namespace {
constexpr std::size_t kRandomBytes = 16;  // the cookie's first half; its tag the second
}  // namespace

ChallengeCookies::Tag ChallengeCookies::compute(const PeerAddress& peer,
                                                const PublicKey& client_key, std::int64_t window,
                                                const std::uint8_t* random) const {
  // Message: 16 address bytes, 2 port bytes, 8 window bytes (little-endian), 32 key bytes, the
  // cookie's 16 random bytes.
  std::uint8_t msg[16 + 2 + 8 + 32 + kRandomBytes];
  for (int i = 0; i < 16; ++i) msg[i] = peer.ip[i];
  msg[16] = static_cast<std::uint8_t>(peer.port & 0xff);
  msg[17] = static_cast<std::uint8_t>(peer.port >> 8);
  const auto w = static_cast<std::uint64_t>(window);
  for (int i = 0; i < 8; ++i) msg[18 + i] = static_cast<std::uint8_t>(w >> (8 * i));
  for (int i = 0; i < 32; ++i) msg[26 + i] = client_key[i];
  for (std::size_t i = 0; i < kRandomBytes; ++i) msg[58 + i] = random[i];
  Tag out{};
  crypto_generichash(out.data(), out.size(), msg, sizeof msg, secret_.data(), secret_.size());
  return out;
}

Cookie ChallengeCookies::issue(const PeerAddress& peer, const PublicKey& client_key,
                               double now) const {
  Cookie cookie{};
  secure_random_bytes(std::span<std::uint8_t>(cookie.data(), kRandomBytes));
  const Tag tag =
      compute(peer, client_key, static_cast<std::int64_t>(std::floor(now / kCookieWindowSeconds)),
              cookie.data());
  std::copy(tag.begin(), tag.end(), cookie.begin() + kRandomBytes);
  return cookie;
}

bool ChallengeCookies::verify(const Cookie& cookie, const PeerAddress& peer,
                              const PublicKey& client_key, double now) const {
  const auto window = static_cast<std::int64_t>(std::floor(now / kCookieWindowSeconds));
  const Tag current = compute(peer, client_key, window, cookie.data());
  const Tag previous = compute(peer, client_key, window - 1, cookie.data());
  // Both comparisons always run: the time taken says nothing about which one matched.
  const bool a = crypto_verify_16(cookie.data() + kRandomBytes, current.data()) == 0;
  const bool b = crypto_verify_16(cookie.data() + kRandomBytes, previous.data()) == 0;
  return a | b;
}

}  // namespace spear::net
