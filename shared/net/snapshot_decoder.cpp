#include "net/snapshot_decoder.hpp"

#include <algorithm>

namespace spear::net {

void SnapshotDecoder::reset() {
  history_.clear();
  newest_.reset();
}

SnapshotDecodeError SnapshotDecoder::decode(const SnapshotMessage& msg, Snapshot& out) {
  for (const auto& s : history_)
    if (s.tick == msg.tick) return SnapshotDecodeError::Duplicate;

  const QuantizedSnapshot* baseline = nullptr;
  if (msg.baseline_tick) {
    for (const auto& s : history_)
      if (s.tick == *msg.baseline_tick) baseline = &s;
    if (!baseline) return SnapshotDecodeError::UnknownBaseline;
  }
  QuantizedSnapshot q;
  q.tick = msg.tick;
  const std::uint32_t age = msg.baseline_tick ? msg.tick - *msg.baseline_tick : 0;
  if (!read_runner_block(msg.runner_block, msg.runner_count, baseline, q.runners, msg.roll_count,
                         age, &q.roll, &q.roll_cues))
    return SnapshotDecodeError::Corrupt;

  out = Snapshot{};
  out.tick = msg.tick;
  out.baseline_tick = msg.baseline_tick;
  out.runners.reserve(q.runners.size());
  for (const auto& r : q.runners) out.runners.push_back(rebuild_runner(r));
  out.own = msg.own;
  out.broken = msg.broken;
  out.roster = msg.roster;
  out.race = msg.race;
  out.board = msg.board;
  // The roll call lists every runner; those with a pose in this snapshot are in `runners` (with
  // their cue, when it carried one).
  for (std::size_t k = 0; k < q.roll.size(); ++k) {
    const RollEntry& e = q.roll[k];
    const std::optional<RigCue> cue =
        k < q.roll_cues.size() ? std::optional<RigCue>(q.roll_cues[k]) : std::nullopt;
    if (const QuantizedRunner* r = q.find(e.id)) {
      out.runners[static_cast<std::size_t>(r - q.runners.data())].cue = cue;
      continue;
    }
    out.others.push_back({e.id, e.mode, e.flags, e.score, static_cast<double>(e.distance), cue,
                          e.pace, e.pace_ticks});
  }

  // Keep history sorted by tick; drop what the server can no longer use as a baseline: it
  // never deltas against a snapshot more than kMaxBaselineAgeTicks older than a new one.
  const auto pos = std::find_if(history_.begin(), history_.end(),
                                [&](const QuantizedSnapshot& s) { return s.tick > q.tick; });
  history_.insert(pos, std::move(q));
  if (!newest_ || msg.tick > *newest_) newest_ = msg.tick;
  while (!history_.empty() && history_.front().tick + 2 * kMaxBaselineAgeTicks < *newest_)
    history_.pop_front();
  return SnapshotDecodeError::None;
}

}  // namespace spear::net
