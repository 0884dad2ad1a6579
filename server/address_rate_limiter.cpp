#include "server/address_rate_limiter.hpp"

#include <sodium.h>

#include <algorithm>
#include <stdexcept>

namespace spear::server {

AddressRateLimiter::AddressRateLimiter(std::size_t buckets, double rate, double burst)
    : buckets_(std::max<std::size_t>(buckets, 1)), rate_(rate), burst_(std::max(burst, 1.0)) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  static_assert(sizeof(hash_key_) == crypto_shorthash_KEYBYTES);
  crypto_shorthash_keygen(hash_key_.data());
}

std::size_t AddressRateLimiter::bucket_of(const AddressBytes& address) const {
  unsigned char out[crypto_shorthash_BYTES];
  crypto_shorthash(out, address.data(), address.size(), hash_key_.data());
  std::uint64_t h = 0;
  for (unsigned char b : out) h = (h << 8) | b;
  return static_cast<std::size_t>(h % buckets_.size());
}

bool AddressRateLimiter::allow(const AddressBytes& address, double now) {
  Bucket& b = buckets_[bucket_of(address)];
  if (!b.used) {
    b = Bucket{burst_, now, true};
  } else if (now > b.last) {
    b.tokens = std::min(burst_, b.tokens + (now - b.last) * rate_);
    b.last = now;
  }
  if (b.tokens < 1.0) return false;
  b.tokens -= 1.0;
  return true;
}

}  // namespace spear::server
