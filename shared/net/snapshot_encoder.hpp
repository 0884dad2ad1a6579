#pragma once
// Server side, one per client: turns the match's Snapshot into this client's SnapshotMessage,
// delta-coded against the newest snapshot the client has acknowledged, and remembers what it
// sent so later acks can name a baseline.
#include <cstddef>
#include <deque>
#include <unordered_map>

#include "net/messages.hpp"
#include "net/runner_block.hpp"

namespace spear::net {

struct SnapshotEncoderStats {
  std::size_t snapshots = 0;
  std::size_t delta_snapshots = 0;   // snapshots made against a baseline
  std::size_t runners = 0;           // runners written, all snapshots
  std::size_t runner_bytes = 0;      // bytes of runner blocks, all snapshots
  std::size_t runners_trimmed = 0;   // runners left out for lack of room
};

class SnapshotEncoder {
 public:
  explicit SnapshotEncoder(PoseCodecMode mode = PoseCodecMode::BoneAngles) : mode_(mode) {}

  // The client's newest received snapshot tick (Input::ack_tick). Older or unknown acks are
  // ignored; a newer one confirms the names that snapshot carried.
  void acknowledge(Tick tick);

  // Builds the message. Runners are written in the order given (put the client's own runner
  // and the nearest first): those that would push the datagram over kMaxDatagramBytes are left
  // out of this snapshot. snapshot.roster lists every runner's name; only names the client has
  // not confirmed are sent, for the runners in this message. Ticks must increase.
  SnapshotMessage encode(const Snapshot& snapshot);

  // Forget every baseline (e.g. after the client's runner restarted in a new slot).
  void reset();

  const SnapshotEncoderStats& stats() const { return stats_; }
  std::optional<Tick> acked_tick() const { return acked_; }

 private:
  struct Sent {
    QuantizedSnapshot snapshot;
    std::vector<RosterEntry> names;
  };
  PoseCodecMode mode_;
  std::deque<Sent> history_;  // ascending ticks, at most kMaxBaselineAgeTicks old
  std::optional<Tick> acked_;
  std::unordered_map<RunnerId, RosterEntry> confirmed_names_;
  SnapshotEncoderStats stats_;
};

}  // namespace spear::net
