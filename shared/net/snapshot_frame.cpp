#include "net/snapshot_frame.hpp"

#include <algorithm>
#include <string_view>
#include <unordered_map>

#include "net/quantize.hpp"

namespace spear::net {

SnapshotFrame::SnapshotFrame(const Snapshot& snapshot, const SnapshotFrame* previous,
                             PoseCodecMode mode, bool bridges)
    : tick_(snapshot.tick), broken_(snapshot.broken), race_(snapshot.race), board_(snapshot.board) {
  // A server lists the roster in the runners' order: then entry k names runner k, and the map
  // is only for other orders.
  std::unordered_map<RunnerId, const RosterEntry*> roster;
  const auto name_of = [&](std::size_t k, RunnerId id) -> const RosterEntry* {
    if (k < snapshot.roster.size() && snapshot.roster[k].runner == id) return &snapshot.roster[k];
    if (roster.empty())
      for (const RosterEntry& e : snapshot.roster) roster.emplace(e.runner, &e);
    const auto it = roster.find(id);
    return it == roster.end() ? nullptr : it->second;
  };

  const std::size_t n = snapshot.runners.size();
  std::vector<const RosterEntry*> entries;  // per runner (its name is cut to kMaxNameBytes)
  runners_.reserve(n);
  distances_.reserve(n);
  entries.reserve(n);
  by_id_.reserve(n);
  for (const RunnerSnapshot& r : snapshot.runners) {
    entries.push_back(name_of(runners_.size(), r.id));
    by_id_.push_back({r.id, static_cast<std::uint32_t>(runners_.size())});
    runners_.push_back(quantize_runner(r, mode));
    cues_.push_back(r.rig_values);
    distances_.push_back(r.distance);
  }
  // Sorted by id, then position: of a repeated id only the first runner stays.
  std::sort(by_id_.begin(), by_id_.end());
  std::vector<bool> keep(n, true);
  for (std::size_t k = 1; k < by_id_.size(); ++k)
    if (by_id_[k].first == by_id_[k - 1].first) keep[by_id_[k].second] = false;
  if (std::find(keep.begin(), keep.end(), false) != keep.end()) {
    cues_.clear();
    std::vector<QuantizedRunner> runners;
    std::vector<double> distances;
    std::vector<const RosterEntry*> kept;
    for (std::size_t i = 0; i < n; ++i) {
      if (!keep[i]) continue;
      cues_.push_back(snapshot.runners[i].rig_values);
      runners.push_back(runners_[i]);
      distances.push_back(distances_[i]);
      kept.push_back(entries[i]);
    }
    runners_ = std::move(runners);
    distances_ = std::move(distances);
    entries = std::move(kept);
    by_id_.clear();
    for (std::size_t i = 0; i < runners_.size(); ++i)
      by_id_.push_back({runners_[i].id, static_cast<std::uint32_t>(i)});
    std::sort(by_id_.begin(), by_id_.end());
  }
  // The names: the previous frame's table when they are the same (as they are from one tick to
  // the next), compared in place; else a table of their own.
  const auto same_name = [](const RosterEntry* e, const std::optional<RosterEntry>& had) {
    if (!e || !had) return !e && !had;
    const std::size_t len = std::min(e->name.size(), kMaxNameBytes);
    return e->runner == had->runner && e->bot == had->bot &&
           std::string_view(e->name).substr(0, len) == had->name;
  };
  const Names* had = previous && previous->names_ ? previous->names_.get() : nullptr;
  bool same = had && had->size() == entries.size();
  for (std::size_t i = 0; same && i < entries.size(); ++i) same = same_name(entries[i], (*had)[i]);
  if (same) {
    names_ = previous->names_;
  } else {
    Names names;
    names.reserve(entries.size());
    for (const RosterEntry* entry : entries) {
      if (!entry) {
        names.emplace_back();
      } else {
        RosterEntry e = *entry;
        if (e.name.size() > kMaxNameBytes) e.name.resize(kMaxNameBytes);
        names.emplace_back(std::move(e));
      }
    }
    names_ = std::make_shared<const Names>(std::move(names));
  }
  full_.resize(runners_.size());
  bridge_.resize(runners_.size());
  id_order_.reserve(by_id_.size());
  for (const auto& [id, i] : by_id_) id_order_.push_back(i);
  roll_.reserve(runners_.size());
  ids_.reserve(runners_.size());
  for (const QuantizedRunner& q : runners_) {
    roll_.push_back(roll_entry_of(q));
    ids_.push_back(q.id);
  }
  if (bridges) add_bridges(previous);
}

const BridgePoint* SnapshotFrame::BridgePoints::find(RunnerId id) const {
  const auto it = std::lower_bound(
      points.begin(), points.end(), id,
      [](const std::pair<RunnerId, BridgePoint>& p, RunnerId v) { return p.first < v; });
  return it != points.end() && it->first == id ? &it->second : nullptr;
}

void SnapshotFrame::add_bridges(const SnapshotFrame* previous) {
  auto own = std::make_shared<BridgePoints>();
  own->tick = tick_;
  own->points.reserve(runners_.size());
  for (const auto& [id, i] : by_id_) {
    const QuantizedRunner& q = runners_[i];
    own->points.emplace_back(
        id, bridge_point(rebuild_pose(q.pose), static_cast<double>(q.distance) * kDistanceStep));
  }
  recent_.push_back(own);
  // Frames of a match come in ascending ticks; a server that went back in time starts afresh.
  if (previous && previous->tick_ < tick_) {
    for (const auto& p : previous->recent_) {
      if (recent_.size() >= kRecentFrames) break;
      recent_.push_back(p);
    }
  }
  // The guess residual needs the frames to the first of three lost and the two before it one
  // stride apart, as a client's buffer has them (without the second, a guess misses by more
  // and the residual costs more than what it saves).
  const Tick stride = recent_.size() > 1 ? tick_ - recent_[1]->tick : 0;
  std::size_t even = 1;  // recent_[0..even) are one stride apart
  while (stride > 0 && even < recent_.size() &&
         recent_[even - 1]->tick - recent_[even]->tick == stride)
    ++even;
  for (auto& q : runners_) {
    q.bridge = {};
    // back[k] rebuilds recent_[k + 1] against the chord from recent_[k + 2] to this frame.
    for (std::size_t k = 0; k < kBridgeDepth && k + 2 < recent_.size(); ++k) {
      const BridgePoints& lost = *recent_[k + 1];
      const BridgePoints& from = *recent_[k + 2];
      const BridgePoint* truth = lost.find(q.id);
      const BridgePoint* a = from.find(q.id);
      const BridgePoint* b = own->find(q.id);
      if (!truth || !a || !b) continue;
      q.bridge.back[k] =
          make_bridge_residual(*truth, *a, *b, lost.tick - from.tick, tick_ - lost.tick,
                               k == 0 ? kBridgeThresholdQ : kBridgeDeepThresholdQ);
    }
    // guess rebuilds recent_[3] against the guess a client that lost recent_[1..3] makes.
    if (even <= kSecondBefore) continue;
    const BridgePoint* truth = recent_[kFirstOfThree]->find(q.id);
    const BridgePoint* from = recent_[kFirstBefore]->find(q.id);
    const BridgePoint* before = recent_[kSecondBefore]->find(q.id);
    const BridgePoint* to = own->find(q.id);
    if (!truth || !from || !before || !to) continue;
    const BridgePoint guess = bridge_guess(before, *from, *to, nullptr, q.bridge, stride);
    q.bridge.guess = make_guess_residual(*truth, guess, stride);
  }
  // The hidden residuals (recent_[4] against the guess a client that lost recent_[1..4] makes)
  // are made per runner on first use: only clients that may be in such a run get them.
  if (even > kThirdBefore) {
    hidden_tick_ = recent_[kFirstBefore]->tick;
    stride_ = stride;
    hidden_.resize(runners_.size());
    bridge_hidden_.resize(runners_.size());
  }
}

const std::optional<BridgeResidual>& SnapshotFrame::hidden_residual(std::size_t i) const {
  static const std::optional<BridgeResidual> kNone;
  if (!hidden_tick_) return kNone;
  auto& slot = hidden_[i];
  if (!slot) {
    slot.emplace();
    const QuantizedRunner& q = runners_[i];
    const BridgePoint* truth = recent_[kFirstBefore]->find(q.id);
    const BridgePoint* from = recent_[kSecondBefore]->find(q.id);
    const BridgePoint* before = recent_[kThirdBefore]->find(q.id);
    const BridgePoint* to = recent_[0]->find(q.id);
    if (truth && from && before && to) {
      const BridgePoint h =
          bridge_guess_hidden(before, *from, *to, nullptr, q.bridge,
                              q.bridge.guess ? &*q.bridge.guess : nullptr, stride_);
      *slot = make_hidden_residual(*truth, h, stride_);
    }
  }
  return *slot;
}

std::optional<std::size_t> SnapshotFrame::index_of(RunnerId id) const {
  const auto it =
      std::lower_bound(by_id_.begin(), by_id_.end(), std::pair<RunnerId, std::uint32_t>{id, 0});
  if (it == by_id_.end() || it->first != id) return std::nullopt;
  return it->second;
}

const BitWriter& SnapshotFrame::full_bits(std::size_t i) const {
  auto& slot = full_[i];
  if (!slot) {
    slot.emplace();
    write_runner_core(*slot, runners_[i], nullptr);
  }
  return *slot;
}

const BitWriter& SnapshotFrame::roll_call_bits() const {
  if (!roll_call_) {
    roll_call_.emplace();
    write_roll_call(
        *roll_call_, nullptr, [](std::uint32_t) { return true; },
        [](std::uint32_t) { return false; }, [](std::uint32_t) { return CueForm::None; });
  }
  return *roll_call_;
}

void SnapshotFrame::write_cue(BitWriter& out, std::size_t i, CueForm form,
                              const Deltas& deltas) const {
  switch (form) {
    case CueForm::None:
      write_no_rig_cue(out);
      return;
    case CueForm::Full:
      write_rig_cue(out, cues_[i], nullptr, roll_[i].mode, 0, 0, 0, true);
      return;
    case CueForm::Delta:
      break;
  }
  const auto j = static_cast<std::size_t>(deltas.baseline_index(i));
  const SnapshotFrame& base = deltas.baseline();
  write_rig_cue(out, cues_[i], &base.cues_[j], base.roll_[j].mode, base.roll_[j].distance,
                base.roll_[j].pace, tick_ - base.tick_, cue_phase_refresh(tick_, roll_[i].id));
}

const BitWriter& SnapshotFrame::bridge_bits(std::size_t i, bool hidden) const {
  if (hidden && !hidden_residual(i)) hidden = false;  // the same bits either way
  auto& slot = hidden ? bridge_hidden_[i] : bridge_[i];
  if (!slot) {
    slot.emplace();
    if (hidden) {
      RunnerBridge b = runners_[i].bridge;
      b.hidden = hidden_residual(i);
      write_bridge(*slot, b);
    } else {
      write_bridge(*slot, runners_[i].bridge);
    }
  }
  return *slot;
}

const SnapshotFrame::Deltas& SnapshotFrame::against(const SnapshotFrame& baseline) const {
  // The baseline is named by address and tick together: a frame only serves as a baseline
  // while some encoder holds it, and ticks of one match never repeat.
  for (const auto& d : deltas_)
    if (d->baseline_ == &baseline && d->baseline_tick_ == baseline.tick()) return *d;
  auto d = std::make_unique<Deltas>();
  d->frame_ = this;
  d->baseline_ = &baseline;
  d->baseline_tick_ = baseline.tick();
  d->index_.resize(runners_.size());
  for (std::size_t i = 0; i < runners_.size(); ++i) {
    const auto j = baseline.index_of(runners_[i].id);
    d->index_[i] = j ? static_cast<std::int32_t>(*j) : -1;
  }
  d->bits_.resize(runners_.size());
  d->roll_bits_.resize(runners_.size());
  deltas_.push_back(std::move(d));
  return *deltas_.back();
}

const BitWriter& SnapshotFrame::Deltas::bits(std::size_t i) const {
  auto& slot = bits_[i];
  if (!slot) {
    slot.emplace();
    write_runner_core(*slot, frame_->runners_[i],
                      &baseline_->runners_[static_cast<std::size_t>(index_[i])]);
  }
  return *slot;
}

const BitWriter& SnapshotFrame::Deltas::roll_bits(std::size_t i) const {
  auto& slot = roll_bits_[i];
  if (!slot) {
    slot.emplace();
    const auto j = static_cast<std::size_t>(index_[i]);
    const RollEntry& base = baseline_->roll_[j];
    const std::uint32_t age = frame_->tick_ - baseline_tick_;
    const bool runs_on =
        rig_cue_runs_on(frame_->cues_[i], baseline_->cues_[j], base.mode, base.distance, base.pace,
                        age, cue_phase_refresh(frame_->tick_, frame_->roll_[i].id));
    if (!write_roll_entry(*slot, frame_->roll_[i], &base, age, nullptr, runs_on))
      frame_->write_cue(*slot, i, CueForm::Delta, *this);
  }
  return *slot;
}

const BitWriter& SnapshotFrame::Deltas::roll_call_bits() const {
  if (!roll_call_) {
    roll_call_.emplace();
    frame_->write_roll_call(
        *roll_call_, this, [](std::uint32_t) { return true; },
        [this](std::uint32_t i) { return index_[i] >= 0; },
        [this](std::uint32_t i) { return index_[i] >= 0 ? CueForm::Delta : CueForm::Full; });
  }
  return *roll_call_;
}

}  // namespace spear::net
