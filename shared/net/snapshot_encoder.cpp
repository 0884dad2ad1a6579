#include "net/snapshot_encoder.hpp"

#include <algorithm>
#include <limits>

#include "net/codec.hpp"

namespace spear::net {
namespace {
// Bytes the runner block adds beyond its own length: vector length prefix, alignment, the
// runner_count field and its vtable slot.
constexpr std::size_t kBlockOverhead = 16;
// Names per snapshot: a name costs about 30 bytes, so a new 64-runner match is named within a
// few snapshots without starving the runners of room.
constexpr std::size_t kNamesPerSnapshot = 8;
}  // namespace

void SnapshotEncoder::acknowledge(Tick tick) {
  if (acked_ && tick <= *acked_) return;
  const auto it = std::find_if(history_.begin(), history_.end(),
                               [&](const Sent& s) { return s.snapshot.tick == tick; });
  if (it == history_.end()) return;  // never sent, or too old to matter
  acked_ = tick;
  for (const auto& name : it->names) confirmed_names_[name.runner] = name;
  // Acks only move forward: older entries can never be a baseline again.
  history_.erase(history_.begin(), it);
}

void SnapshotEncoder::reset() {
  history_.clear();
  acked_.reset();
  confirmed_names_.clear();
}

SnapshotMessage SnapshotEncoder::encode(const Snapshot& snapshot) {
  while (!history_.empty() && history_.back().snapshot.tick >= snapshot.tick)
    history_.pop_back();  // the server went back in time: those snapshots are void
  while (!history_.empty() && history_.front().snapshot.tick + kMaxBaselineAgeTicks < snapshot.tick)
    history_.pop_front();

  const QuantizedSnapshot* baseline = nullptr;
  if (acked_) {
    for (const auto& s : history_)
      if (s.snapshot.tick == *acked_) baseline = &s.snapshot;
  }

  SnapshotMessage msg;
  msg.tick = snapshot.tick;
  if (baseline) msg.baseline_tick = baseline->tick;
  msg.own = snapshot.own;
  if (msg.own && msg.own->sim_state.size() > kMaxSimStateBytes) msg.own->sim_state.clear();
  msg.broken.assign(snapshot.broken.begin(),
                    snapshot.broken.begin() +
                        static_cast<std::ptrdiff_t>(std::min(snapshot.broken.size(), kMaxBrokenTargets)));

  // Names this client has not confirmed, for the runners of this snapshot, in their order.
  for (const auto& runner : snapshot.runners) {
    if (msg.roster.size() >= std::min(kNamesPerSnapshot, kMaxRosterEntries)) break;
    const auto entry = std::find_if(snapshot.roster.begin(), snapshot.roster.end(),
                                    [&](const RosterEntry& e) { return e.runner == runner.id; });
    if (entry == snapshot.roster.end()) continue;
    const auto confirmed = confirmed_names_.find(runner.id);
    if (confirmed != confirmed_names_.end() && confirmed->second == *entry) continue;
    RosterEntry e = *entry;
    if (e.name.size() > kMaxNameBytes) e.name.resize(kMaxNameBytes);
    msg.roster.push_back(std::move(e));
  }

  // What is left of the datagram for the runners: measure the rest with the largest header.
  Packet probe{std::numeric_limits<Sequence>::max(), std::numeric_limits<SessionKey>::max(), msg};
  const std::size_t fixed = encode_packet(probe).size() + kBlockOverhead;
  const std::size_t budget = fixed < kMaxDatagramBytes ? kMaxDatagramBytes - fixed : 0;

  Sent sent;
  sent.snapshot.tick = snapshot.tick;
  sent.names = msg.roster;
  BitWriter block;
  for (const auto& runner : snapshot.runners) {
    if (sent.snapshot.runners.size() >= kMaxRunnersPerSnapshot ||
        sent.snapshot.find(runner.id)) {
      ++stats_.runners_trimmed;
      continue;
    }
    const QuantizedRunner q = quantize_runner(runner, mode_);
    const std::size_t mark = block.bit_count();
    write_runner(block, q, baseline ? baseline->find(q.id) : nullptr);
    if (block.byte_count() > budget) {
      block.truncate(mark);
      ++stats_.runners_trimmed;
      continue;
    }
    sent.snapshot.runners.push_back(q);
  }
  msg.runner_count = static_cast<std::uint16_t>(sent.snapshot.runners.size());
  msg.runner_block = block.take();

  ++stats_.snapshots;
  if (baseline) ++stats_.delta_snapshots;
  stats_.runners += sent.snapshot.runners.size();
  stats_.runner_bytes += msg.runner_block.size();
  history_.push_back(std::move(sent));
  return msg;
}

}  // namespace spear::net
