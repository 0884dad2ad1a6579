#pragma once
// Server side, one per client: turns the tick's SnapshotFrame into this client's SnapshotMessage,
// delta-coded against the newest snapshot the client has acknowledged, and remembers what it
// sent so later acks can name a baseline. The frame's encodings are shared by every client
// (net/snapshot_frame.hpp); per client there is only the choice and order of runners.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <span>
#include <unordered_map>
#include <vector>

#include "net/messages.hpp"
#include "net/runner_block.hpp"
#include "net/snapshot_frame.hpp"

namespace spear::net {

struct SnapshotEncoderStats {
  std::size_t snapshots = 0;
  std::size_t delta_snapshots = 0;  // snapshots made against a baseline
  std::size_t runners = 0;          // runners written, all snapshots
  std::size_t runner_bytes = 0;     // bytes of runner blocks, all snapshots
  std::size_t runners_trimmed = 0;  // runners left out for lack of room
  std::size_t bridge_bits = 0;      // of the runner blocks: the bridge residuals
};

// Whether runners carry their bridge residuals (net/bridge_residual.hpp) to this client: only
// while its acknowledgements say it loses snapshots (Auto), so a clean path pays one bit a
// runner for them.
enum class BridgePolicy : std::uint8_t { Auto, Always, Never };

class SnapshotEncoder {
 public:
  explicit SnapshotEncoder(PoseCodecMode mode = PoseCodecMode::BoneAngles) : mode_(mode) {}

  // The client's newest received snapshot tick (Input::ack_tick). Older or unknown acks are
  // ignored; a newer one confirms the names that snapshot carried.
  void acknowledge(Tick tick);

  // Builds the message from a shared frame. `order` lists indices into the frame: the runners
  // to send, in the order to try them (put the client's own runner and the nearest first).
  // A runner that would push the datagram over kMaxDatagramBytes is left out; once no runner
  // could fit any more the rest are not tried. Only names the client has not confirmed are
  // sent, for runners in `order`. Frame ticks must increase; the encoder keeps the frames it
  // may still delta against.
  SnapshotMessage encode(const std::shared_ptr<const SnapshotFrame>& frame,
                         std::span<const std::uint32_t> order,
                         const std::optional<OwnRunnerState>& own);

  // The same for one client alone: a frame of `snapshot` (its runners in their order).
  SnapshotMessage encode(const Snapshot& snapshot);

  // Forget every baseline (e.g. after the client's runner restarted in a new slot).
  void reset();

  void set_bridge_policy(BridgePolicy p) { bridge_policy_ = p; }
  // Recent share of sent snapshots the client's acks skipped (lost, or their ack was), 0..1.
  double skipped() const { return skipped_; }
  bool sends_bridges() const;

  const SnapshotEncoderStats& stats() const { return stats_; }
  std::optional<Tick> acked_tick() const { return acked_; }

 private:
  struct Sent {
    std::shared_ptr<const SnapshotFrame> frame;
    std::vector<std::uint8_t> sent;  // per runner of the frame: 1 when it went to this client
    std::vector<RosterEntry> names;
  };
  PoseCodecMode mode_;
  std::deque<Sent> history_;  // ascending ticks, at most kMaxBaselineAgeTicks old
  std::optional<Tick> acked_;
  std::unordered_map<RunnerId, RosterEntry> confirmed_names_;
  // A name table (SnapshotFrame::names) all of whose names this client has confirmed.
  std::shared_ptr<const SnapshotFrame::Names> all_names_confirmed_;
  SnapshotEncoderStats stats_;
  BridgePolicy bridge_policy_ = BridgePolicy::Auto;
  // A new client is taken to lose snapshots until its acks show otherwise (about 2 s on a clean
  // path): a lossy one is bridged from its first seconds.
  double skipped_ = 0.03;
  bool bridges_on_ = true;
};

}  // namespace spear::net
