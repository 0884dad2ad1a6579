#pragma once
// Server side, one per client: turns the tick's SnapshotFrame into this client's SnapshotMessage,
// delta-coded against the newest snapshot the client has acknowledged, and remembers what it
// sent so later acks can name a baseline. The frame's encodings are shared by every client
// (net/snapshot_frame.hpp); per client there is only the choice and order of runners.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <limits>
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
  std::size_t runners_trimmed = 0;  // runners left out for lack of room (in neither form)
  std::size_t rolled = 0;           // runners in the roll call only (no pose), all snapshots
  std::size_t roll_bytes = 0;       // bytes of the roll calls, all snapshots
  std::size_t roll_snapshots = 0;   // snapshots with a roll call
  std::size_t bridge_bits = 0;      // of the runner blocks: the bridge residuals
  // Snapshots sent with bridges that offered the residuals of four lost in a row (the client's
  // newest ack was older than the snapshot they rebuild).
  std::size_t hidden_snapshots = 0;
};

// Whether runners carry their bridge residuals (net/bridge_residual.hpp) to this client: only
// while its acknowledgements say it loses snapshots (Auto), so a clean path pays one bit a
// runner for them.
enum class BridgePolicy : std::uint8_t { Auto, Always, Never };

// What a client looks at, for the choice of full poses when not every runner fits: the first
// `near` runners of the order are in or near its view (PROTOCOL.md "Roll call"), and the first
// `pinned` of them (its own runner, the one it follows, their nearest neighbours) go before the
// others.
struct SnapshotFocus {
  std::size_t near = std::numeric_limits<std::size_t>::max();
  std::size_t pinned = 0;
  // Of the pinned, the first ones (its own runner, the followed one) whose poses the roll call
  // leaves room for when it must be cut; when there are any, the snapshot's broken targets are
  // only theirs (what the client draws).
  std::size_t reserved = 0;
};

class SnapshotEncoder {
 public:
  explicit SnapshotEncoder(PoseCodecMode mode = PoseCodecMode::BoneAngles) : mode_(mode) {}

  // The client's newest received snapshot tick (Input::ack_tick). Older or unknown acks are
  // ignored; a newer one confirms the names that snapshot carried.
  void acknowledge(Tick tick);

  // Builds the message from a shared frame. `order` lists indices into the frame: the runners
  // to send, in the order to try them (put the client's own runner and the nearest first).
  // When every runner of the frame fits in full, that is the snapshot. Otherwise (a big race)
  // it carries a roll call of every runner (as many as fit, nearest in `order` first), with
  // their rig cues when there is a baseline (PROTOCOL.md "Rig cue"), and full poses for the
  // runners `focus` calls near: the pinned ones first, then the longest waiting and nearest (a
  // priority accumulator), those not cued yet as far as the datagram goes, the cued ones only
  // within kCrowdSnapshotBytes; it stays so for kRollHoldTicks after the last snapshot that did
  // not fit. Nothing pushes the datagram over kMaxSealedPacketBytes.
  // Only names the client has not confirmed are sent, for runners in `order` first. Frame
  // ticks must increase; the encoder keeps the frames it may still delta against.
  SnapshotMessage encode(const std::shared_ptr<const SnapshotFrame>& frame,
                         std::span<const std::uint32_t> order,
                         const std::optional<OwnRunnerState>& own, const SnapshotFocus& focus = {});
  static constexpr Tick kRollHoldTicks = 120;

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
  static constexpr std::uint8_t kSentFull = 1, kSentRoll = 2, kSentCue = 4;
  struct Sent {
    std::shared_ptr<const SnapshotFrame> frame;
    // Per runner of the frame: kSentFull when its pose went to this client, kSentRoll when its
    // roll-call entry did (either or both), kSentCue when that entry's rig cue did.
    std::vector<std::uint8_t> sent;
    std::vector<RosterEntry> names;
    bool all_listed = true;  // every runner of the frame went (in either form)
    bool all_cued = false;   // every runner of the frame went in the roll call with its cue
  };
  // Appends the runners of `candidates` in full while they fit in `budget_bits` (the block
  // holds `block`; `reserved` more bits are spoken for). Returns how many went.
  std::size_t add_full(const SnapshotFrame& frame, const Sent* baseline,
                       const SnapshotFrame::Deltas* deltas,
                       std::span<const std::uint32_t> candidates, std::size_t budget_bits,
                       std::size_t reserved, BitWriter& block, Sent& sent,
                       std::size_t& bridge_bits);
  void clear_waiting();
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
  std::size_t sent_full_ = 0;       // runners given a pose in the snapshot being built
  bool hidden_ = false;             // the snapshot being built offers the hidden residuals
  std::optional<Tick> roll_until_;  // a roll call in every snapshot before this tick
  // Snapshots each near runner has waited for its pose (the priority accumulator), indexed by
  // id (grown as ids come), and the ids with a count, so a snapshot clears only those. Two
  // bytes a runner (a count stops at 65535, half an hour): every client's table is read for
  // every near runner each snapshot, and small tables stay in the cache.
  std::vector<std::uint16_t> waiting_;
  std::vector<RunnerId> waiting_ids_;
  // Scratch of encode(): near runners by priority (snapshots waited, index), the counting
  // sort's buckets and output, and the candidates in order.
  std::vector<std::pair<std::uint32_t, std::uint32_t>> ranked_, by_wait_;
  std::vector<std::uint32_t> starts_;
  std::vector<std::uint32_t> candidates_;
  std::vector<CueForm> cue_forms_;  // per runner of the frame being encoded
};

}  // namespace spear::net
