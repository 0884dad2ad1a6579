#include "net/snapshot_encoder.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "net/codec.hpp"
#include "net/session_crypto.hpp"

namespace spear::net {
namespace {
// Bytes the runner block may add beyond its own length to a probe encoded without runners:
// the runner count's longer code and the header's padding byte (FlatBuffers framing is in
// the probe already).
constexpr std::size_t kBlockOverhead = 4;
// Names per snapshot: a name costs about 30 bytes, so a new 64-runner match is named within a
// few snapshots without starving the runners of room.
constexpr std::size_t kNamesPerSnapshot = 8;
// No runner encodes in fewer bits than this (a delta with every field unchanged: id, flags,
// score, best, combo, distance, root, forms, two orders, 14 one-bit links, scale, head,
// contacts, two bridge presence bits): with less room left nothing more can fit.
constexpr std::size_t kMinRunnerBits = 53;
// The skipped-ack average runs over about 32 snapshots (1 s at 30 Hz); residuals go out above
// 2 % and stop below 0.5 %.
constexpr double kSkipAverage = 1.0 / 32.0;
constexpr double kBridgesOn = 0.02, kBridgesOff = 0.005;
}  // namespace

bool SnapshotEncoder::sends_bridges() const {
  switch (bridge_policy_) {
    case BridgePolicy::Always:
      return true;
    case BridgePolicy::Never:
      return false;
    case BridgePolicy::Auto:
      break;
  }
  return bridges_on_;
}

void SnapshotEncoder::acknowledge(Tick tick) {
  if (acked_ && tick <= *acked_) return;
  const auto it = std::find_if(history_.begin(), history_.end(),
                               [&](const Sent& s) { return s.frame->tick() == tick; });
  if (it == history_.end()) return;  // never sent, or too old to matter
  // Snapshots sent between the last ack and this one were never acknowledged: lost (or all
  // their acks were). An average over snapshots, each skipped (1) or acknowledged (0).
  if (acked_) {
    for (auto s = history_.begin(); s != it; ++s) {
      if (s->frame->tick() <= *acked_) continue;
      skipped_ += kSkipAverage * (1.0 - skipped_);
    }
  }
  skipped_ -= kSkipAverage * skipped_;
  if (skipped_ > kBridgesOn) bridges_on_ = true;
  if (skipped_ < kBridgesOff) bridges_on_ = false;
  acked_ = tick;
  for (const auto& name : it->names) confirmed_names_[name.runner] = name;
  // An older name may have replaced a newer one: look at the names again.
  if (!it->names.empty()) all_names_confirmed_.reset();
  // Acks only move forward: older entries can never be a baseline again.
  history_.erase(history_.begin(), it);
}

void SnapshotEncoder::reset() {
  history_.clear();
  acked_.reset();
  confirmed_names_.clear();
  all_names_confirmed_.reset();
}

SnapshotMessage SnapshotEncoder::encode(const Snapshot& snapshot) {
  const auto frame = std::make_shared<const SnapshotFrame>(
      snapshot, history_.empty() ? nullptr : history_.back().frame.get(), mode_);
  // Runners in the snapshot's order (a repeated id counts as left out).
  std::vector<std::uint32_t> order(frame->size());
  std::iota(order.begin(), order.end(), 0u);
  stats_.runners_trimmed += snapshot.runners.size() - frame->size();
  return encode(frame, order, snapshot.own);
}

SnapshotMessage SnapshotEncoder::encode(const std::shared_ptr<const SnapshotFrame>& frame_ptr,
                                        std::span<const std::uint32_t> order,
                                        const std::optional<OwnRunnerState>& own) {
  const SnapshotFrame& frame = *frame_ptr;
  while (!history_.empty() && history_.back().frame->tick() >= frame.tick())
    history_.pop_back();  // the server went back in time: those snapshots are void
  while (!history_.empty() && history_.front().frame->tick() + kMaxBaselineAgeTicks < frame.tick())
    history_.pop_front();

  const Sent* baseline = nullptr;
  if (acked_) {
    for (const auto& s : history_)
      if (s.frame->tick() == *acked_) baseline = &s;
  }

  SnapshotMessage msg;
  msg.tick = frame.tick();
  if (baseline) msg.baseline_tick = baseline->frame->tick();
  msg.own = own;
  if (msg.own && msg.own->sim_state.size() > kMaxSimStateBytes) msg.own->sim_state.clear();
  const auto& broken = frame.broken();
  msg.broken.assign(broken.begin(), broken.begin() + static_cast<std::ptrdiff_t>(std::min(
                                                         broken.size(), kMaxBrokenTargets)));
  msg.race = frame.race();
  msg.board = frame.board();

  // Names this client has not confirmed, for the runners it is sent, in their order. Once
  // every name of a table is confirmed, frames sharing that table need no look.
  if (frame.names() != all_names_confirmed_) {
    bool looked_at_all = order.size() >= frame.size();
    for (const std::uint32_t i : order) {
      if (msg.roster.size() >= std::min(kNamesPerSnapshot, kMaxRosterEntries)) {
        looked_at_all = false;
        break;
      }
      if (i >= frame.size()) continue;
      const RosterEntry* entry = frame.name(i);
      if (!entry) continue;
      const auto confirmed = confirmed_names_.find(entry->runner);
      if (confirmed != confirmed_names_.end() && confirmed->second == *entry) continue;
      msg.roster.push_back(*entry);
    }
    if (looked_at_all && msg.roster.empty()) all_names_confirmed_ = frame.names();
  }

  // What is left of the datagram for the runners: the Packet travels sealed (its sequence and key
  // 0, net/session_crypto.hpp), so the seal's bytes come off the datagram's.
  Packet probe{0, 0, msg};
  const std::size_t fixed = encode_packet(probe).size() + kBlockOverhead;
  const std::size_t budget_bits =
      fixed < kMaxSealedPacketBytes ? (kMaxSealedPacketBytes - fixed) * 8 : 0;

  Sent sent;
  sent.frame = frame_ptr;
  sent.sent.assign(frame.size(), 0);
  sent.names = msg.roster;
  const SnapshotFrame::Deltas* deltas = baseline ? &frame.against(*baseline->frame) : nullptr;
  BitWriter block;
  block.reserve_bytes(budget_bits / 8);
  BitWriter no_bridge;
  write_bridge(no_bridge, RunnerBridge{});
  const bool bridges = sends_bridges();
  std::size_t bridge_bits = 0;
  std::size_t count = 0;
  for (std::size_t k = 0; k < order.size(); ++k) {
    const std::uint32_t i = order[k];
    if (budget_bits - block.bit_count() < kMinRunnerBits) {
      stats_.runners_trimmed += order.size() - k;  // full: nothing more can fit
      break;
    }
    if (i >= frame.size() || sent.sent[i] || count >= kMaxRunnersPerSnapshot) {
      ++stats_.runners_trimmed;
      continue;
    }
    const BitWriter* bits = &frame.full_bits(i);
    if (deltas) {
      const std::int32_t j = deltas->baseline_index(i);
      if (j >= 0 && baseline->sent[static_cast<std::size_t>(j)]) bits = &deltas->bits(i);
    }
    const BitWriter& bridge = bridges ? frame.bridge_bits(i) : no_bridge;
    // Whole bytes count: the block is padded to a byte at the end.
    if ((block.bit_count() + bits->bit_count() + bridge.bit_count() + 7) / 8 * 8 > budget_bits) {
      ++stats_.runners_trimmed;
      continue;
    }
    block.append(*bits);
    block.append(bridge);
    bridge_bits += bridge.bit_count();
    sent.sent[i] = true;
    ++count;
  }
  msg.runner_count = static_cast<std::uint16_t>(count);
  msg.runner_block = block.take();

  ++stats_.snapshots;
  if (baseline) ++stats_.delta_snapshots;
  stats_.runners += count;
  stats_.runner_bytes += msg.runner_block.size();
  stats_.bridge_bits += bridge_bits;
  history_.push_back(std::move(sent));
  return msg;
}

}  // namespace spear::net
