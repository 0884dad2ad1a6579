#pragma once
// Per-address token buckets in fixed memory. Addresses are hashed (keyed SipHash, so a sender
// cannot aim collisions) into a fixed table of buckets; two addresses that share a bucket share
// its budget, which errs on the strict side. Nothing allocates after construction, whatever
// arrives, so a flood of spoofed addresses costs no memory.
#include <array>
#include <cstdint>
#include <vector>

namespace spear::server {

// An IP address as 16 bytes (IPv4 mapped into IPv6), without the port: a flooder can change
// ports freely, so budgets are per host.
using AddressBytes = std::array<std::uint8_t, 16>;

class AddressRateLimiter {
 public:
  // `rate` tokens per second refill each bucket up to `burst`; `buckets` ≥ 1.
  AddressRateLimiter(std::size_t buckets, double rate, double burst);

  // Takes one token for `address` at time `now` (seconds, monotonic). False when over budget.
  bool allow(const AddressBytes& address, double now);

  std::size_t bucket_count() const { return buckets_.size(); }

  // Which bucket `address` draws from in this process (the hash key is random per process).
  std::size_t bucket_of(const AddressBytes& address) const;

 private:
  struct Bucket {
    double tokens = 0.0;
    double last = 0.0;
    bool used = false;
  };

  std::vector<Bucket> buckets_;
  double rate_;
  double burst_;
  std::array<unsigned char, 16> hash_key_{};  // random per process
};

}  // namespace spear::server
