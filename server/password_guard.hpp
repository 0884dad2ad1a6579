#pragma once
// Slows online password guessing (a player's Response on a server with a password), without
// letting guessers lock others out. Limits, each checked before the proof is:
//  - per address (IP, any port; an IPv6 address by its /64): `rate` checks a second, bursts of
//    `burst`;
//  - per address: after kLockoutFailures wrong proofs in a row the address is locked out for
//    kFirstLockout seconds, doubling with every further failure up to kMaxLockout; a right
//    proof clears it;
//  - overall: `total_rate` checks a second for the whole server (bursts of twice that), so many
//    addresses together cannot guess faster either. Only addresses that are guessing draw on it
//    (one with a wrong proof since its last right one): an address that has not been guessing
//    has its proof checked whatever the others do, so a flood of guesses from many addresses
//    never keeps a player with the right password out. Each address gets one such check before
//    it counts as guessing (per kForgetSeconds of quiet).
// A throttled attempt is refused without looking at its proof, so it teaches the guesser
// nothing. Addresses are tracked one by one (no two share limits), at most `max_addresses` of
// them; an idle one is forgotten after kForgetSeconds, and while the table is full a new address
// counts as guessing.
#include <array>
#include <cstddef>
#include <cstdint>
#include <unordered_map>

#include "server/address_rate_limiter.hpp"
#include "server/token_bucket.hpp"

namespace spear::server {

class PasswordGuard {
 public:
  static constexpr int kLockoutFailures = 5;
  static constexpr double kFirstLockout = 2.0;     // seconds
  static constexpr double kMaxLockout = 300.0;     // seconds
  static constexpr double kForgetSeconds = 600.0;  // an idle address's state is kept this long

  PasswordGuard(std::size_t max_addresses, double rate, double burst, double total_rate);

  // May `address` have its proof checked at `now`? When not, `retry_after` says in how many
  // seconds it may (at least 1).
  bool may_check(const AddressBytes& address, double now, double& retry_after);
  void failed(const AddressBytes& address, double now);
  void succeeded(const AddressBytes& address);

  std::size_t tracked() const { return addresses_.size(); }

 private:
  struct State {
    double tokens = 0.0;
    double last = 0.0;  // last seen (refill and forgetting)
    int failures = 0;   // wrong proofs in a row
    double locked_until = 0.0;
  };
  struct KeyedHash {
    std::array<unsigned char, 16> key;  // random per process (random_hash)
    std::size_t operator()(const AddressBytes& a) const;
  };
  static KeyedHash random_hash();
  // The state of `address` (refilled to `now`), or null when the table is full of others.
  State* state(const AddressBytes& address, double now);
  void forget_idle(double now);

  std::size_t max_addresses_;
  double rate_;
  double burst_;
  TokenBucket total_;
  std::unordered_map<AddressBytes, State, KeyedHash> addresses_;
  double last_sweep_ = 0.0;
};

}  // namespace spear::server
