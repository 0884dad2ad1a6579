#include "net/snapshot_encoder.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

#include "net/codec.hpp"
#include "net/session_crypto.hpp"

namespace spear::net {
namespace {
// Bytes the runner block may add beyond its own length to a probe encoded without runners:
// the runner and roll-call counts' longer codes (up to 10 and 13 bits) and the header's padding
// (FlatBuffers framing is in the probe already).
constexpr std::size_t kBlockOverhead = 5;
// Names per snapshot: a name costs about 30 bytes, so a new 64-runner match is named within a
// few snapshots without starving the runners of room.
constexpr std::size_t kNamesPerSnapshot = 8;
// No runner encodes in fewer bits than this (a delta with every field unchanged: id, flags,
// score, best, combo, distance, root, forms, two orders, 14 one-bit links, scale, head,
// contacts, two bridge presence bits): with less room left nothing more can fit.
constexpr std::size_t kMinRunnerBits = 53;
// Candidates in a row that did not fit before the rest are given up on: the datagram is as good
// as full, and looking further would only write encodings nobody is sent.
constexpr int kMissesBeforeFull = 8;
// The skipped-ack average runs over about 32 snapshots (1 s at 30 Hz); residuals go out above
// 2 % and stop below 0.5 %.
constexpr double kSkipAverage = 1.0 / 32.0;
constexpr double kBridgesOn = 0.02, kBridgesOff = 0.005;
// Rig cues in full per snapshot (about 4 bytes each), nearest first: a client that joins a
// 256-runner race has them all within four snapshots it acknowledges, each within its datagram
// (one not acknowledged yet is chosen again).
constexpr std::size_t kFullCuesPerSnapshot = 64;
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

void SnapshotEncoder::clear_waiting() {
  for (const RunnerId id : waiting_ids_) waiting_[id] = 0;
  waiting_ids_.clear();
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

std::size_t SnapshotEncoder::add_full(const SnapshotFrame& frame, const Sent* baseline,
                                      const SnapshotFrame::Deltas* deltas,
                                      std::span<const std::uint32_t> candidates,
                                      std::size_t budget_bits, std::size_t reserved,
                                      BitWriter& block, Sent& sent, std::size_t& bridge_bits) {
  BitWriter no_bridge;
  write_bridge(no_bridge, RunnerBridge{});
  const bool bridges = sends_bridges();
  const std::size_t room = budget_bits > reserved ? budget_bits - reserved : 0;
  std::size_t count = 0;
  int misses = 0;
  for (const std::uint32_t i : candidates) {
    // Full: nothing more can fit, or nothing of the last few did.
    if (room < block.bit_count() + kMinRunnerBits || misses >= kMissesBeforeFull) break;
    if (i >= frame.size() || (sent.sent[i] & kSentFull) || sent_full_ >= kMaxRunnersPerSnapshot)
      continue;
    // Against the baseline where the client holds the runner's pose, else in full (each written
    // once per frame, on first use).
    const BitWriter* bits = nullptr;
    if (deltas) {
      const std::int32_t j = deltas->baseline_index(i);
      if (j >= 0 && (baseline->sent[static_cast<std::size_t>(j)] & kSentFull))
        bits = &deltas->bits(i);
    }
    if (!bits) bits = &frame.full_bits(i);
    const BitWriter& bridge = bridges ? frame.bridge_bits(i, hidden_) : no_bridge;
    // Whole bytes count: the block is padded to a byte at the end.
    if ((block.bit_count() + bits->bit_count() + bridge.bit_count() + reserved + 7) / 8 * 8 >
        budget_bits) {
      ++misses;
      continue;
    }
    misses = 0;
    block.append(*bits);
    block.append(bridge);
    bridge_bits += bridge.bit_count();
    sent.sent[i] |= kSentFull;
    ++sent_full_;
    ++count;
  }
  return count;
}

SnapshotMessage SnapshotEncoder::encode(const std::shared_ptr<const SnapshotFrame>& frame_ptr,
                                        std::span<const std::uint32_t> order,
                                        const std::optional<OwnRunnerState>& own,
                                        const SnapshotFocus& focus) {
  const SnapshotFrame& frame = *frame_ptr;
  while (!history_.empty() && history_.back().frame->tick() >= frame.tick())
    history_.pop_back();  // the server went back in time: those snapshots are void
  while (!history_.empty() && history_.front().frame->tick() + kMaxBaselineAgeTicks < frame.tick())
    history_.pop_front();
  if (roll_until_ && *roll_until_ > frame.tick() + kRollHoldTicks) roll_until_.reset();

  // Four lost in a row end at this frame only for a client that has not acknowledged the one
  // before the first of three (or anything newer) yet, and that holds what precedes them (it
  // acknowledged something: a new client has no run to bridge).
  hidden_ = frame.hidden_tick() && acked_ && *acked_ < *frame.hidden_tick();
  if (hidden_ && sends_bridges()) ++stats_.hidden_snapshots;

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
  // What was knocked down. A client draws the breakage of the runner its view follows, and a
  // big race breaks targets all the time (a full list is about 50 bytes, and keeps few of any
  // one runner's): with a roll call due, only the own and followed runners' go.
  const std::size_t reserved =
      roll_until_ && frame.tick() < *roll_until_ ? std::min(focus.reserved, order.size()) : 0;
  for (const BrokenTarget& b : frame.broken()) {
    if (msg.broken.size() >= kMaxBrokenTargets) break;
    bool wanted = reserved == 0;
    for (std::size_t k = 0; k < reserved && !wanted; ++k)
      wanted = order[k] < frame.size() && frame.id(order[k]) == b.runner;
    if (wanted) msg.broken.push_back(b);
  }
  msg.race = frame.race();
  msg.board = frame.board();

  // Names this client has not confirmed: for the runners of `order` first, then the others
  // (a roll call lists them all). Once every name of a table is confirmed, frames sharing that
  // table need no look.
  if (frame.names() != all_names_confirmed_) {
    bool looked_at_all = true;
    std::vector<std::uint8_t> looked(frame.size(), 0);
    auto look = [&](std::uint32_t i) {
      if (i >= frame.size() || looked[i]) return true;
      if (msg.roster.size() >= std::min(kNamesPerSnapshot, kMaxRosterEntries)) return false;
      looked[i] = 1;
      const RosterEntry* entry = frame.name(i);
      if (!entry) return true;
      const auto confirmed = confirmed_names_.find(entry->runner);
      if (confirmed != confirmed_names_.end() && confirmed->second == *entry) return true;
      msg.roster.push_back(*entry);
      return true;
    };
    for (const std::uint32_t i : order)
      if (!look(i)) looked_at_all = false;
    for (const std::uint32_t i : frame.id_order())
      if (!look(i)) looked_at_all = false;
    if (looked_at_all && msg.roster.empty()) all_names_confirmed_ = frame.names();
  }

  // What is left of the datagram for the runners: the Packet travels sealed (its sequence and key
  // 0, net/session_crypto.hpp), so the seal's bytes come off the datagram's. A roll call's count
  // takes a few more header bits (its eg(4) code grows by up to 14 bits).
  const auto budget_of = [](const SnapshotMessage& m) -> std::size_t {
    Packet probe{0, 0, m};
    const std::size_t fixed = encode_packet(probe).size() + kBlockOverhead;
    return fixed < kMaxSealedPacketBytes ? (kMaxSealedPacketBytes - fixed) * 8 : 0;
  };
  std::size_t budget_bits = budget_of(msg);
  const SnapshotFrame::Deltas* deltas = baseline ? &frame.against(*baseline->frame) : nullptr;
  // The roll call of the runners `take` marks: deltas where this client's baseline listed them,
  // each with its cue as cue_forms_ says.
  const auto write_roll = [&](const std::vector<std::uint8_t>& take, BitWriter& out) {
    frame.write_roll_call(
        out, deltas, [&](std::uint32_t i) { return take[i] != 0; },
        [&](std::uint32_t i) {
          const std::int32_t j = deltas->baseline_index(i);
          return j >= 0 && baseline->sent[static_cast<std::size_t>(j)] != 0;
        },
        [&](std::uint32_t i) { return cue_forms_[i]; });
  };

  Sent sent;
  sent.frame = frame_ptr;
  sent.names = msg.roster;
  BitWriter block;
  block.reserve_bytes(budget_bits / 8);
  std::size_t bridge_bits = 0;
  std::size_t full = 0, rolled = 0;

  // Every runner in full, when they all fit (and no roll call is due).
  bool roll = roll_until_ && frame.tick() < *roll_until_;
  if (!roll) {
    sent.sent.assign(frame.size(), 0);
    sent_full_ = 0;
    full = add_full(frame, baseline, deltas, order, budget_bits, 0, block, sent, bridge_bits);
    if (full < frame.size()) {
      roll = true;
      roll_until_ = frame.tick() + kRollHoldTicks;
    }
  }

  BitWriter roll_block;
  if (roll) {
    block = BitWriter{};
    block.reserve_bytes(budget_bits / 8);
    bridge_bits = 0;
    sent.sent.assign(frame.size(), 0);
    sent_full_ = 0;
    // The roll call: every runner, or the nearest (by `order`, then the rest) that fit with the
    // pinned runners' poses.
    std::vector<std::uint8_t> take(frame.size(), 1);
    // Against a baseline every entry carries its rig cue: against the baseline's where it cued
    // the runner, else in full for the nearest kFullCuesPerSnapshot (the others' wait, a place
    // holder in their stead).
    cue_forms_.assign(frame.size(), CueForm::None);
    if (baseline) {
      std::size_t full_cues = 0;
      const auto choose = [&](std::uint32_t i) {
        if (i >= frame.size() || cue_forms_[i] != CueForm::None) return;
        const std::int32_t j = deltas->baseline_index(i);
        if (j >= 0 && (baseline->sent[static_cast<std::size_t>(j)] & kSentCue))
          cue_forms_[i] = CueForm::Delta;
        else if (full_cues < kFullCuesPerSnapshot)
          cue_forms_[i] = CueForm::Full, ++full_cues;
      };
      for (const std::uint32_t i : order) choose(i);
      for (const std::uint32_t i : frame.id_order()) choose(i);
    }
    // Every runner listed against a baseline that listed and cued every one of its runners: the
    // same bits for every such client, written once per frame and baseline (each cue against
    // the baseline's, a new runner's in full: as cue_forms_ has them when none waits for room).
    const bool shared_cues =
        baseline && baseline->all_cued &&
        std::find(cue_forms_.begin(), cue_forms_.end(), CueForm::None) == cue_forms_.end();
    if (!baseline)
      roll_block.append(frame.roll_call_bits());
    else if (shared_cues)
      roll_block.append(deltas->roll_call_bits());
    else
      write_roll(take, roll_block);
    std::size_t reserve = 0;
    for (std::size_t k = 0; k < std::min(focus.reserved, order.size()); ++k)
      if (order[k] < frame.size())
        reserve += frame.full_bits(order[k]).bit_count() + 8 +
                   (sends_bridges() ? frame.bridge_bits(order[k], hidden_).bit_count() : 1);
    if (roll_block.bit_count() + reserve > budget_bits && !msg.roster.empty()) {
      // Names wait (a client without a baseline yet, whose roll call is in full): every runner
      // listed comes first.
      msg.roster.clear();
      sent.names.clear();
      budget_bits = budget_of(msg);
    }
    if (roll_block.bit_count() + reserve > budget_bits) {
      std::vector<std::uint32_t> rank;  // nearest first
      std::vector<std::uint8_t> ranked(frame.size(), 0);
      for (const std::uint32_t i : order)
        if (i < frame.size() && !ranked[i]) ranked[i] = 1, rank.push_back(i);
      for (const std::uint32_t i : frame.id_order())
        if (!ranked[i]) rank.push_back(i);
      std::size_t lo = 0, hi = rank.size();  // lo fits, hi does not
      while (hi - lo > 1) {
        const std::size_t mid = (lo + hi) / 2;
        std::fill(take.begin(), take.end(), 0);
        for (std::size_t k = 0; k < mid; ++k) take[rank[k]] = 1;
        BitWriter probe_roll;
        write_roll(take, probe_roll);
        (probe_roll.bit_count() + reserve <= budget_bits ? lo : hi) = mid;
      }
      std::fill(take.begin(), take.end(), 0);
      for (std::size_t k = 0; k < lo; ++k) take[rank[k]] = 1;
      roll_block = BitWriter{};
      write_roll(take, roll_block);
    }
    for (std::size_t i = 0; i < frame.size(); ++i) {
      if (!take[i]) continue;
      sent.sent[i] |= kSentRoll;
      if (baseline && cue_forms_[i] != CueForm::None) sent.sent[i] |= kSentCue;
    }

    // Full poses for the near runners: pinned ones first, then by the priority accumulator
    // (snapshots waited, and nearness as a tie-break within one).
    const std::size_t near = std::min(focus.near, order.size());
    const std::size_t pinned = std::min(focus.pinned, near);
    const auto waited = [&](RunnerId id) -> std::uint32_t {
      return id < waiting_.size() ? waiting_[id] : 0;
    };
    // By snapshots waited (longest first), then nearness (their order in the near list): a
    // counting sort by wait, stable in nearness. Waits are a few snapshots; from kCountedWaits
    // on (half a minute) they count as one.
    constexpr std::uint32_t kCountedWaits = 1024;
    ranked_.clear();
    std::uint32_t longest = 0;
    for (std::size_t k = pinned; k < near; ++k) {
      const std::uint32_t i = order[k];
      if (i >= frame.size()) continue;
      const std::uint32_t w = waited(frame.id(i));
      ranked_.push_back({w, i});
      longest = std::max(longest, std::min(w, kCountedWaits - 1));
    }
    const auto bucket = [&](std::uint32_t w) { return longest - std::min(w, longest); };
    starts_.assign(std::size_t{longest} + 2, 0);  // starts_[bucket(w)]: where wait w begins
    for (const auto& e : ranked_) ++starts_[bucket(e.first) + 1];
    for (std::size_t b = 1; b < starts_.size(); ++b) starts_[b] += starts_[b - 1];
    by_wait_.resize(ranked_.size());
    for (const auto& e : ranked_) by_wait_[starts_[bucket(e.first)]++] = e;
    ranked_.swap(by_wait_);
    candidates_.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(pinned));
    full = add_full(frame, baseline, deltas, candidates_, budget_bits, roll_block.bit_count(),
                    block, sent, bridge_bits);
    // The others in turns: while the datagram stays within the crowd's bytes when its roll call
    // is cued (its runners are drawn from their rigs), else as far as it goes.
    // Near runners whose cue has not gone yet (the client cannot draw them) as far as the
    // datagram goes; the cued ones, drawn from their rigs, while it stays within the crowd's.
    candidates_.clear();
    for (const auto& [w, i] : ranked_)
      if (cue_forms_[i] == CueForm::None) candidates_.push_back(i);
    full += add_full(frame, baseline, deltas, candidates_, budget_bits, roll_block.bit_count(),
                     block, sent, bridge_bits);
    if (baseline) {
      candidates_.clear();
      for (const auto& [w, i] : ranked_)
        if (cue_forms_[i] != CueForm::None) candidates_.push_back(i);
      // Of the crowd's bytes, what the seal and the message around the block take.
      const std::size_t fixed = kSealedOverheadBytes + kMaxSealedPacketBytes - budget_bits / 8;
      const std::size_t crowd_bits = std::min(
          budget_bits, kCrowdSnapshotBytes > fixed ? (kCrowdSnapshotBytes - fixed) * 8 : 0);
      full += add_full(frame, baseline, deltas, candidates_, crowd_bits, roll_block.bit_count(),
                       block, sent, bridge_bits);
    }
    clear_waiting();
    for (const auto& [w, i] : ranked_) {
      if (sent.sent[i] & kSentFull) continue;
      const RunnerId id = frame.id(i);
      if (id >= waiting_.size()) waiting_.resize(std::size_t{id} + 1, 0);
      waiting_[id] = static_cast<std::uint16_t>(std::min<std::uint32_t>(w + 1, 0xFFFFu));
      waiting_ids_.push_back(id);
    }
    block.append(roll_block);
    ++stats_.roll_snapshots;
    stats_.roll_bytes += (roll_block.bit_count() + 7) / 8;
  } else {
    clear_waiting();
  }
  std::size_t in_either = 0, in_roll = 0;
  sent.all_cued = roll && baseline;
  for (const std::uint8_t v : sent.sent) {
    in_either += v != 0;
    sent.all_listed = sent.all_listed && v != 0;
    sent.all_cued = sent.all_cued && (v & kSentCue) != 0;
    in_roll += (v & kSentRoll) != 0;
    rolled += (v & (kSentRoll | kSentFull)) == kSentRoll;  // listed without a pose
  }
  stats_.runners_trimmed += frame.size() - in_either;

  msg.runner_count = static_cast<std::uint16_t>(full);
  msg.roll_count = static_cast<std::uint16_t>(in_roll);
  msg.runner_block = block.take();

  ++stats_.snapshots;
  if (baseline) ++stats_.delta_snapshots;
  stats_.runners += full;
  stats_.rolled += rolled;
  stats_.runner_bytes += msg.runner_block.size();
  stats_.bridge_bits += bridge_bits;
  history_.push_back(std::move(sent));
  return msg;
}

}  // namespace spear::net
