#pragma once
// What became of a player's input frames at the server. Every frame of every Input datagram is
// counted under exactly one outcome; "accepted" counts distinct ticks (each tick's frame is
// taken once, its redundant copies are duplicates), so a client that counts the ticks it
// generated can tell how many never arrived: generated − accepted.
#include <cstdint>

namespace spear::server {

struct InputCounts {
  std::uint64_t accepted = 0;       // taken by the match (sim::SubmitResult::Accepted)
  std::uint64_t duplicate = 0;      // that tick was already taken (a redundant copy)
  std::uint64_t too_old = 0;        // older than the match's duplicate window: thrown away
  std::uint64_t too_far_ahead = 0;  // stamped beyond the match's input lead: thrown away
  // Of the accepted: stamped for a tick the match had already simulated when it arrived, so it
  // was applied by rewinding the runner (within --rewind-ms) or at the next step.
  std::uint64_t late = 0;

  std::uint64_t frames() const { return accepted + duplicate + too_old + too_far_ahead; }

  InputCounts& operator+=(const InputCounts& o) {
    accepted += o.accepted;
    duplicate += o.duplicate;
    too_old += o.too_old;
    too_far_ahead += o.too_far_ahead;
    late += o.late;
    return *this;
  }
  friend bool operator==(const InputCounts&, const InputCounts&) = default;
};

}  // namespace spear::server
