#include "server/password_guard.hpp"

#include <sodium.h>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace spear::server {
namespace {

// The address a budget is kept for: an IPv4 (IPv4-mapped) address whole, an IPv6 address by its
// /64 (one host usually holds a whole /64, so its other addresses gain it nothing).
AddressBytes budget_key(const AddressBytes& a) {
  const bool v4 = std::all_of(a.begin(), a.begin() + 10, [](std::uint8_t b) { return b == 0; }) &&
                  a[10] == 0xff && a[11] == 0xff;
  if (v4) return a;
  AddressBytes k = a;
  std::fill(k.begin() + 8, k.end(), std::uint8_t{0});
  return k;
}

}  // namespace

std::size_t PasswordGuard::KeyedHash::operator()(const AddressBytes& a) const {
  unsigned char out[crypto_shorthash_BYTES];
  crypto_shorthash(out, a.data(), a.size(), key.data());
  std::size_t h = 0;
  for (unsigned char b : out) h = (h << 8) | b;
  return h;
}

PasswordGuard::KeyedHash PasswordGuard::random_hash() {
  if (sodium_init() < 0) throw std::runtime_error("libsodium failed to initialise");
  KeyedHash hash{};
  static_assert(sizeof(hash.key) == crypto_shorthash_KEYBYTES);
  crypto_shorthash_keygen(hash.key.data());
  return hash;
}

PasswordGuard::PasswordGuard(std::size_t max_addresses, double rate, double burst,
                             double total_rate)
    : max_addresses_(std::max<std::size_t>(max_addresses, 1)),
      rate_(rate),
      burst_(std::max(burst, 1.0)),
      total_(total_rate, 2.0 * total_rate),
      addresses_(16, random_hash()) {}

void PasswordGuard::forget_idle(double now) {
  for (auto it = addresses_.begin(); it != addresses_.end();) {
    const State& s = it->second;
    if (now - s.last > kForgetSeconds && now >= s.locked_until) {
      it = addresses_.erase(it);
    } else {
      ++it;
    }
  }
}

PasswordGuard::State* PasswordGuard::state(const AddressBytes& address, double now) {
  const AddressBytes key = budget_key(address);
  auto it = addresses_.find(key);
  if (it == addresses_.end()) {
    // Full: the idle ones go (at most one sweep a second, so a full table costs no more).
    if (addresses_.size() >= max_addresses_ && now - last_sweep_ >= 1.0) {
      last_sweep_ = now;
      forget_idle(now);
    }
    if (addresses_.size() >= max_addresses_) return nullptr;
    it = addresses_.emplace(key, State{burst_, now, 0, 0.0}).first;
  }
  State& s = it->second;
  if (now > s.last) {
    s.tokens = std::min(burst_, s.tokens + (now - s.last) * rate_);
    s.last = now;
  }
  return &s;
}

bool PasswordGuard::may_check(const AddressBytes& address, double now, double& retry_after) {
  State* s = state(address, now);
  if (s && now < s->locked_until) {
    retry_after = std::max(1.0, std::ceil(s->locked_until - now));
    return false;
  }
  if (s && s->tokens < 1.0) {
    retry_after = std::max(1.0, std::ceil((1.0 - s->tokens) / rate_));
    return false;
  }
  // Guessing (or untracked): the whole server's budget too.
  const bool guessing = !s || s->failures > 0;
  if (guessing && !total_.allow(now)) {
    retry_after = std::max(1.0, std::ceil(total_.wait(now)));
    return false;
  }
  if (s) s->tokens -= 1.0;
  return true;
}

void PasswordGuard::failed(const AddressBytes& address, double now) {
  State* s = state(address, now);
  if (!s) return;
  ++s->failures;
  if (s->failures >= kLockoutFailures) {
    const int doublings = std::min(s->failures - kLockoutFailures, 16);
    s->locked_until = now + std::min(kMaxLockout, kFirstLockout * std::ldexp(1.0, doublings));
  }
}

void PasswordGuard::succeeded(const AddressBytes& address) {
  const auto it = addresses_.find(budget_key(address));
  if (it == addresses_.end()) return;
  it->second.failures = 0;
  it->second.locked_until = 0.0;
}

}  // namespace spear::server
