#pragma once
// Client side: turns SnapshotMessages into Snapshots, keeping the decoded baselines that the
// server may delta against (the ones this client acknowledged or may still acknowledge).
#include <deque>
#include <optional>

#include "net/messages.hpp"
#include "net/runner_block.hpp"

namespace spear::net {

enum class SnapshotDecodeError : std::uint8_t {
  None,
  Duplicate,        // this tick was decoded already
  UnknownBaseline,  // the baseline is not (or no longer) in the history
  Corrupt,          // the runner block does not decode
};

class SnapshotDecoder {
 public:
  // Decodes msg into out. A snapshot older than the newest one still decodes (for the
  // interpolation buffer) if its baseline is known.
  [[nodiscard]] SnapshotDecodeError decode(const SnapshotMessage& msg, Snapshot& out);
  // Newest tick decoded so far: what the client acknowledges.
  std::optional<Tick> newest_tick() const { return newest_; }
  void reset();

 private:
  std::deque<QuantizedSnapshot> history_;  // ascending ticks
  std::optional<Tick> newest_;
};

}  // namespace spear::net
