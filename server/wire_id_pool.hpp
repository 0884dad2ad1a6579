#pragma once
// Wire runner ids for the match's runners. The sim numbers runners 1, 2, 3 ... forever (32 bits)
// while the wire carries 16 bits, so the server hands out wire ids and takes them back when a
// runner leaves: a long-lived server never runs out. A freed id rests for a quarantine first, so
// clients have dropped every baseline and interpolation sample of the old runner before a new
// one appears under its id (no delta against someone else's pose, no pop from one to the other).
// Rested ids are reused oldest first before fresh ones: small ids cost fewer bits on the wire.
#include <cstdint>
#include <deque>
#include <optional>

#include "net/protocol.hpp"

namespace spear::server {

// Two baseline ages: far past any baseline, interpolation buffer or roster entry of a client.
inline constexpr net::Tick kWireIdQuarantineTicks = 2 * net::kMaxBaselineAgeTicks;

class WireIdPool {
 public:
  // Largest id handed out; ids are 1 .. max_id (tests use a small pool).
  explicit WireIdPool(net::RunnerId max_id = 0xffff) : max_id_(max_id) {}

  // An id for a runner joining at match tick `now`; nullopt only when max_id runners hold one.
  std::optional<net::RunnerId> acquire(net::Tick now);
  // The runner holding `id` left at tick `now`.
  void release(net::RunnerId id, net::Tick now);

  std::size_t in_use() const { return in_use_; }

 private:
  struct Freed {
    net::RunnerId id;
    net::Tick at;
  };
  net::RunnerId max_id_;
  net::RunnerId next_fresh_ = 1;
  std::deque<Freed> freed_;  // oldest first
  std::size_t in_use_ = 0;
};

}  // namespace spear::server
