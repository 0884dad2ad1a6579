#pragma once
// Slows online password guessing (a player's Response on a server with a password). Three
// limits, each checked before the proof is:
//  - per address (IP, any port): `rate` checks a second, bursts of `burst`;
//  - per address: after kLockoutFailures wrong proofs in a row the address is locked out for
//    kFirstLockout seconds, doubling with every further failure up to kMaxLockout; a right
//    proof clears it;
//  - overall: `total_rate` checks a second for the whole server (bursts of twice that), so many
//    addresses together cannot guess faster either.
// A throttled attempt is refused without looking at its proof, so it teaches the guesser
// nothing. Per-address state lives in a fixed table of keyed-hash slots (like
// AddressRateLimiter): no allocation, whatever arrives; two hosts sharing a slot share its
// limits, the strict side.
#include <array>
#include <cstdint>
#include <vector>

#include "server/address_rate_limiter.hpp"
#include "server/token_bucket.hpp"

namespace spear::server {

class PasswordGuard {
 public:
  static constexpr int kLockoutFailures = 5;
  static constexpr double kFirstLockout = 2.0;  // seconds
  static constexpr double kMaxLockout = 300.0;  // seconds

  PasswordGuard(std::size_t slots, double rate, double burst, double total_rate);

  // May `address` have its proof checked at `now`? When not, `retry_after` says in how many
  // seconds it may (at least 1).
  bool may_check(const AddressBytes& address, double now, double& retry_after);
  void failed(const AddressBytes& address, double now);
  void succeeded(const AddressBytes& address);

 private:
  struct Slot {
    double tokens = 0.0;
    double last = 0.0;
    bool used = false;
    int failures = 0;  // wrong proofs in a row
    double locked_until = 0.0;
  };
  Slot& slot(const AddressBytes& address, double now);

  std::vector<Slot> slots_;
  double rate_;
  double burst_;
  TokenBucket total_;
  std::array<unsigned char, 16> hash_key_{};  // random per process
};

}  // namespace spear::server
