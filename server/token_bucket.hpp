#pragma once
// One token bucket: `rate` tokens a second refill it up to `burst`; each allowed event takes one.
// The global budgets (all handshakes, all password checks) are one of these; the per-address
// budgets are tables of them (address_rate_limiter.hpp, password_guard.hpp).
#include <algorithm>

namespace spear::server {

class TokenBucket {
 public:
  TokenBucket(double rate, double burst) : rate_(rate), burst_(std::max(burst, 1.0)) {}

  // Takes one token at time `now` (seconds, monotonic). False when empty.
  bool allow(double now) {
    refill(now);
    if (tokens_ < 1.0) return false;
    tokens_ -= 1.0;
    return true;
  }
  // Seconds until a token is there (0 when one is).
  double wait(double now) {
    refill(now);
    return tokens_ >= 1.0 || rate_ <= 0.0 ? 0.0 : (1.0 - tokens_) / rate_;
  }

 private:
  void refill(double now) {
    if (!started_) {
      tokens_ = burst_, last_ = now, started_ = true;
    } else if (now > last_) {
      tokens_ = std::min(burst_, tokens_ + (now - last_) * rate_);
      last_ = now;
    }
  }
  double rate_;
  double burst_;
  double tokens_ = 0.0;
  double last_ = 0.0;
  bool started_ = false;
};

}  // namespace spear::server
