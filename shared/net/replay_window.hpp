#pragma once
// Replay protection on datagram sequence numbers (as in the netcode standard): remembers the
// last 256 sequences; drops duplicates and anything older than the window.
#include <array>
#include <cstdint>

#include "net/protocol.hpp"

namespace spear::net {

class ReplayWindow {
 public:
  static constexpr std::size_t kSize = 256;

  // True if seq was seen or is too old to tell (a replay or a stale copy): drop it.
  bool is_replay(Sequence seq) const;
  // Marks seq as seen. Call only after the datagram verified and authenticated.
  void record(Sequence seq);
  // is_replay, then record when fresh. True when the datagram should be processed.
  bool accept(Sequence seq);
  void reset();
  Sequence newest() const { return newest_; }

 private:
  std::array<std::uint64_t, kSize> seen_{};  // seen_[s % kSize] == s + 1 when s was seen
  Sequence newest_ = 0;
  bool any_ = false;
};

}  // namespace spear::net
