#pragma once
// One snapshot tick prepared once for every client. The server builds one SnapshotFrame per
// snapshot tick; every client's SnapshotEncoder picks runners from it. Each runner is quantized
// once; its full encoding is written at most once; its delta against an earlier frame is written
// at most once per baseline frame and shared by every client whose acknowledged baseline is that
// frame (with a 30 Hz snapshot rate most clients ack the same one or two ticks).
//
// Not thread-safe: the encodings are filled in on first use (from const methods).
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "net/bit_stream.hpp"
#include "net/messages.hpp"
#include "net/rig_cue.hpp"
#include "net/roll_call.hpp"
#include "net/runner_block.hpp"

namespace spear::net {

// How a roll-call entry's rig cue goes (net/rig_cue.hpp): not at all (a place holder), in full,
// or against the baseline's cue.
enum class CueForm : std::uint8_t { None, Full, Delta };

class SnapshotFrame {
 public:
  using Names = std::vector<std::optional<RosterEntry>>;  // per runner

  // Quantizes every runner of `snapshot` (in its order; a repeated id keeps its first runner)
  // and pairs each with its roster name (cut to kMaxNameBytes). snapshot.own is not used.
  // With the previous frame given, an unchanged name table is shared with it, so encoders
  // that saw every name confirmed skip looking again, and each runner carries the residuals
  // that rebuild it in the previous frames (net/bridge_residual.hpp): every client of a match
  // gets every frame's tick, so what a lost one held is the same for all of them.
  // Without `bridges` (no client of the frame is sent residuals) the runners carry none and the
  // frame keeps nothing for later frames to bridge against: a quarter of its cost.
  explicit SnapshotFrame(const Snapshot& snapshot, const SnapshotFrame* previous = nullptr,
                         PoseCodecMode mode = PoseCodecMode::BoneAngles, bool bridges = true);

  // This frame's runners against one older frame: where each runner is in it and, filled in
  // on first use, its delta encoding.
  class Deltas {
   public:
    const SnapshotFrame& baseline() const { return *baseline_; }
    // Index of runner i of the frame in the baseline; -1 when the baseline lacks it.
    std::int32_t baseline_index(std::size_t i) const { return index_[i]; }
    // Runner i as a delta against its baseline runner (baseline_index(i) ≥ 0), without the
    // bridge.
    const BitWriter& bits(std::size_t i) const;
    // Runner i's roll-call entry (without its id) against its baseline runner's roll-call
    // values (baseline_index(i) ≥ 0), with its rig cue against the baseline runner's.
    const BitWriter& roll_bits(std::size_t i) const;
    // The roll call of every runner of the frame (ascending ids), each a delta where the
    // baseline frame has the runner, its cue too (in full where it has not): what a client
    // whose baseline listed and cued all of them gets.
    const BitWriter& roll_call_bits() const;

   private:
    friend class SnapshotFrame;
    const SnapshotFrame* frame_ = nullptr;
    const SnapshotFrame* baseline_ = nullptr;
    Tick baseline_tick_ = 0;
    std::vector<std::int32_t> index_;
    mutable std::vector<std::optional<BitWriter>> bits_;
    mutable std::vector<std::optional<BitWriter>> roll_bits_;
    mutable std::optional<BitWriter> roll_call_;
  };

  Tick tick() const { return tick_; }
  std::size_t size() const { return runners_.size(); }
  const QuantizedRunner& runner(std::size_t i) const { return runners_[i]; }
  // Runner i's id (runner(i).id, from a compact table: per-client choices read many of them).
  RunnerId id(std::size_t i) const { return ids_[i]; }
  // The runner's distance as the match has it (not quantized): for nearest-first orders.
  double distance(std::size_t i) const { return distances_[i]; }
  std::optional<std::size_t> index_of(RunnerId id) const;
  // Runner indices in ascending id order (the roll call's order).
  const std::vector<std::uint32_t>& id_order() const { return id_order_; }
  // Runner i's roll-call values (net/roll_call.hpp).
  const RollEntry& roll_entry(std::size_t i) const { return roll_[i]; }
  // Runner i's roster entry; nullptr when the roster has none for it.
  const RosterEntry* name(std::size_t i) const { return (*names_)[i] ? &*(*names_)[i] : nullptr; }
  // The name table, shared with earlier frames while it does not change.
  const std::shared_ptr<const Names>& names() const { return names_; }
  const std::vector<BrokenTarget>& broken() const { return broken_; }
  // The race status and board page every client gets with this frame (Snapshot::race, ::board).
  const std::optional<RaceStatus>& race() const { return race_; }
  const std::optional<BoardPage>& board() const { return board_; }

  // Each runner as clients rebuild it from this frame (joints, distance), by id: what later
  // frames bridge against.
  struct BridgePoints {
    Tick tick = 0;
    std::vector<std::pair<RunnerId, BridgePoint>> points;  // sorted by id
    const BridgePoint* find(RunnerId id) const;
  };

  // Runner i as write_runner_core() writes it in full (the bridge follows: bridge_bits).
  const BitWriter& full_bits(std::size_t i) const;
  // The roll call of every runner in full (ascending ids): what a client without a baseline
  // gets.
  const BitWriter& roll_call_bits() const;
  // Writes the roll call of the runners `listed(i)` keeps, ascending ids: runner i against its
  // baseline runner (deltas->roll_bits) where `delta(i)`, else in full against the entry before
  // it. Against a baseline (deltas given) each entry carries its rig cue in the form `cue(i)`
  // says (a delta only where the baseline's roll call cued it). The one writer of roll calls,
  // cached or per client.
  template <typename Listed, typename Delta, typename Cue>
  void write_roll_call(BitWriter& out, const Deltas* deltas, Listed listed, Delta delta,
                       Cue cue) const {
    const RollEntry* previous = nullptr;
    for (const std::uint32_t i : id_order_) {
      if (!listed(i)) continue;
      const RollEntry& e = roll_[i];
      write_roll_id(out, e.id, previous ? previous->id : -1);
      if (deltas && delta(i) && cue(i) == CueForm::Delta) {
        out.append(deltas->roll_bits(i));  // with its cue
      } else if (deltas && delta(i)) {
        const auto j = static_cast<std::size_t>(deltas->baseline_index(i));
        (void)write_roll_entry(out, e, &deltas->baseline().roll_[j],
                               tick_ - deltas->baseline().tick_, nullptr, false);
        write_cue(out, i, cue(i), *deltas);
      } else {
        (void)write_roll_entry(out, e, nullptr, 0, previous, false);
        if (deltas) write_cue(out, i, cue(i), *deltas);
      }
      previous = &e;
    }
  }
  // Runner i's rig cue in `form` (Delta: against its runner in `deltas`' baseline).
  void write_cue(BitWriter& out, std::size_t i, CueForm form, const Deltas& deltas) const;
  // Runner i's bridge residuals as write_bridge() writes them: runner(i).bridge (levels 0–2),
  // with `hidden` also the residual of four lost in a row (hidden_residual).
  const BitWriter& bridge_bits(std::size_t i, bool hidden = false) const;
  // The tick of the snapshot the hidden residuals rebuild (four strides back), when this frame
  // has them: a client that acknowledged it (or a newer one) cannot be in a run of four lost
  // that this frame ends.
  std::optional<Tick> hidden_tick() const { return hidden_tick_; }
  // Runner i's residual against the guess of the one before the first of three lost
  // (RunnerBridge::hidden), made on first use (most frames go to no client that wants it).
  const std::optional<BridgeResidual>& hidden_residual(std::size_t i) const;
  // This frame against `baseline` (an older frame); the same object for every caller.
  const Deltas& against(const SnapshotFrame& baseline) const;

 private:
  void add_bridges(const SnapshotFrame* previous);

  Tick tick_ = 0;
  std::vector<QuantizedRunner> runners_;
  std::vector<double> distances_;
  std::vector<RunnerId> ids_;
  std::vector<std::pair<RunnerId, std::uint32_t>> by_id_;  // sorted by id
  std::vector<std::uint32_t> id_order_;
  std::vector<RollEntry> roll_;
  std::vector<CueValues> cues_;  // per runner
  mutable std::optional<BitWriter> roll_call_;
  std::shared_ptr<const Names> names_;
  std::vector<BrokenTarget> broken_;
  std::optional<RaceStatus> race_;
  std::optional<BoardPage> board_;
  // This frame's points first, then those of the frames before it: kBridgeDepth + 1 for the
  // chords, the two before the first of three lost for its guess, and two more for the guess
  // of the one before it (four lost).
  static constexpr std::size_t kRecentFrames = kBridgeDepth + 5;
  // Positions in recent_ (0: this frame): the first of three lost, and the three before it
  // (the first of those is the one four lost in a row add; hidden residuals rebuild it).
  static constexpr std::size_t kFirstOfThree = kBridgeDepth + 1, kFirstBefore = kBridgeDepth + 2,
                               kSecondBefore = kBridgeDepth + 3, kThirdBefore = kBridgeDepth + 4;
  static_assert(kThirdBefore + 1 == kRecentFrames);
  std::vector<std::shared_ptr<const BridgePoints>> recent_;
  std::optional<Tick> hidden_tick_;
  Tick stride_ = 0;  // ticks between the recent frames, when they are even
  mutable std::vector<std::optional<std::optional<BridgeResidual>>> hidden_;  // made on first use
  mutable std::vector<std::optional<BitWriter>> full_;
  mutable std::vector<std::optional<BitWriter>> bridge_;         // without the hidden residuals
  mutable std::vector<std::optional<BitWriter>> bridge_hidden_;  // with them (when there are)
  mutable std::vector<std::unique_ptr<Deltas>> deltas_;  // one per baseline frame used so far
};

}  // namespace spear::net
