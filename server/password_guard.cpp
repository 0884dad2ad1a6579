#include "server/password_guard.hpp"

#include <sodium.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace spear::server {

PasswordGuard::PasswordGuard(std::size_t slots, double rate, double burst, double total_rate)
    : slots_(std::max<std::size_t>(slots, 1)),
      rate_(rate),
      burst_(std::max(burst, 1.0)),
      total_(total_rate, 2.0 * total_rate) {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  static_assert(sizeof(hash_key_) == crypto_shorthash_KEYBYTES);
  crypto_shorthash_keygen(hash_key_.data());
}

PasswordGuard::Slot& PasswordGuard::slot(const AddressBytes& address, double now) {
  unsigned char out[crypto_shorthash_BYTES];
  crypto_shorthash(out, address.data(), address.size(), hash_key_.data());
  std::uint64_t h = 0;
  for (unsigned char b : out) h = (h << 8) | b;
  Slot& s = slots_[static_cast<std::size_t>(h % slots_.size())];
  if (!s.used) {
    s = Slot{burst_, now, true, 0, 0.0};
  } else if (now > s.last) {
    s.tokens = std::min(burst_, s.tokens + (now - s.last) * rate_);
    s.last = now;
  }
  return s;
}

bool PasswordGuard::may_check(const AddressBytes& address, double now, double& retry_after) {
  Slot& s = slot(address, now);
  if (now < s.locked_until) {
    retry_after = std::max(1.0, std::ceil(s.locked_until - now));
    return false;
  }
  if (s.tokens < 1.0) {
    retry_after = std::max(1.0, std::ceil((1.0 - s.tokens) / rate_));
    return false;
  }
  if (!total_.allow(now)) {
    retry_after = std::max(1.0, std::ceil(total_.wait(now)));
    return false;
  }
  s.tokens -= 1.0;
  return true;
}

void PasswordGuard::failed(const AddressBytes& address, double now) {
  Slot& s = slot(address, now);
  ++s.failures;
  if (s.failures >= kLockoutFailures) {
    const int doublings = std::min(s.failures - kLockoutFailures, 16);
    s.locked_until = now + std::min(kMaxLockout, kFirstLockout * std::ldexp(1.0, doublings));
  }
}

void PasswordGuard::succeeded(const AddressBytes& address) {
  Slot& s = slot(address, 0.0);
  s.failures = 0;
  s.locked_until = 0.0;
}

}  // namespace spear::server
