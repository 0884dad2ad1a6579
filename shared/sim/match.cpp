#include "sim/match.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "sim/state_hash.hpp"

namespace spear::sim {

namespace {

constexpr int kSeenWindow = 64;  // stamps remembered for duplicate detection

int checked_rate(int rate) {
  if (rate < 10 || rate > 1000) throw std::invalid_argument("match: tick_rate must be in 10..1000");
  return rate;
}

}  // namespace

Match::Match(std::uint64_t seed, const MatchConfig& config)
    : seed_(seed),
      config_(config),
      dt_(1.f / static_cast<float>(checked_rate(config.tick_rate))),
      course_(seed, config.course),
      tick_(config.first_tick) {}

std::size_t Match::index_of(RunnerId id) const {
  const auto it = std::lower_bound(runners_.begin(), runners_.end(), id,
                                   [](const MatchRunner& r, RunnerId v) { return r.id < v; });
  if (it == runners_.end() || it->id != id) return runners_.size();
  return static_cast<std::size_t>(it - runners_.begin());
}

const MatchRunner* Match::find(RunnerId id) const {
  const std::size_t i = index_of(id);
  return i < runners_.size() ? &runners_[i] : nullptr;
}

RunnerId Match::add_runner(std::uint32_t start_wait_ticks) {
  if (next_id_ == 0) throw std::length_error("match: runner ids exhausted");
  MatchRunner r;
  r.id = next_id_++;
  r.state = waiting_runner_state(start_wait_ticks, dt_);
  runners_.push_back(r);  // ids grow, so the vector stays sorted
  queues_.emplace_back();
  queues_.back().history = RunnerHistory(std::max(config_.rewind_ticks, kStateMemoryTicks) + 1);
  return r.id;
}

RunnerId Match::add_runner_as(RunnerId id, const RunnerState& start) {
  if (id == kNoRunner || id < next_id_) throw std::invalid_argument("match: runner id in use");
  next_id_ = id + 1;
  MatchRunner r;
  r.id = id;
  r.state = start;
  runners_.push_back(r);
  queues_.emplace_back();
  queues_.back().history = RunnerHistory(std::max(config_.rewind_ticks, kStateMemoryTicks) + 1);
  return r.id;
}

bool Match::remove_runner(RunnerId id) {
  const std::size_t i = index_of(id);
  if (i == runners_.size()) return false;
  runners_.erase(runners_.begin() + static_cast<std::ptrdiff_t>(i));
  queues_.erase(queues_.begin() + static_cast<std::ptrdiff_t>(i));
  return true;
}

SubmitResult Match::submit_input(RunnerId id, const Input& input) {
  const std::size_t i = index_of(id);
  if (i == runners_.size()) return SubmitResult::UnknownRunner;
  if (input.tick > tick_ && input.tick - tick_ > config_.max_input_lead) {
    return SubmitResult::TooFarAhead;
  }
  InputQueue& q = queues_[i];
  if (!q.any) {
    q.any = true;
    q.newest = input.tick;
    q.seen = 1;
  } else if (input.tick > q.newest) {
    const Tick shift = input.tick - q.newest;
    q.seen = shift >= kSeenWindow ? 0 : q.seen << shift;
    q.seen |= 1;
    q.newest = input.tick;
  } else {
    const Tick age = q.newest - input.tick;
    if (age >= kSeenWindow) return SubmitResult::TooOld;
    const std::uint64_t bit = std::uint64_t{1} << age;
    if (q.seen & bit) return SubmitResult::Duplicate;
    q.seen |= bit;
  }
  Input clean = input;
  clean.buttons &= kButtonMask;
  if (config_.rewind_ticks > 0 && clean.tick < tick_) {
    if (!clean.empty()) apply_late(i, clean);  // an empty late input changes nothing
    return SubmitResult::Accepted;
  }
  const auto at = std::upper_bound(q.pending.begin(), q.pending.end(), clean.tick,
                                   [](Tick t, const Input& v) { return t < v.tick; });
  q.pending.insert(at, clean);
  return SubmitResult::Accepted;
}

void Match::note_move(InputQueue& q, Tick stamp, Tick applied) {
  q.moves.push_back({stamp, applied});
  if (q.moves.size() > kMaxCheckMoves) q.moves.erase(q.moves.begin());
}

void Match::apply_late(std::size_t index, const Input& input) {
  InputQueue& q = queues_[index];
  // The earliest tick it may go to: inside the window, after the last applied input, recorded.
  Tick earliest = tick_ > config_.rewind_ticks ? tick_ - config_.rewind_ticks : 0;
  if (q.last_applied) earliest = std::max(earliest, *q.last_applied + 1);
  earliest = std::max(earliest, q.history.oldest().value_or(tick_));
  const Tick at = std::max(input.tick, earliest);
  RunnerHistoryEntry* e = at < tick_ ? q.history.at(at) : nullptr;
  if (!e) {
    // Applies at the next step; step() notes the move.
    const auto pos = std::upper_bound(q.pending.begin(), q.pending.end(), input.tick,
                                      [](Tick t, const Input& v) { return t < v.tick; });
    q.pending.insert(pos, input);
    return;
  }
  e->input = merge_inputs(e->input, input);
  e->input.tick = at;
  RunnerEvents ev;
  q.history.resimulate(at, runners_[index].state, course_, dt_, &ev);
  accumulate_events(q.rewind_events, ev);
  q.last_applied = std::max(q.last_applied.value_or(at), at);
  if (at != input.tick) note_move(q, input.tick, at);
}

void Match::step() {
  const Tick memory = static_cast<Tick>(config_.tick_rate);  // moves are kept for a second
  for (std::size_t i = 0; i < runners_.size(); ++i) {
    InputQueue& q = queues_[i];
    // Every input due by this tick (late ones included), merged in stamp order.
    std::size_t due = 0;
    Input merged;
    while (due < q.pending.size() && q.pending[due].tick <= tick_) {
      const Input& in = q.pending[due];
      if (in.tick < tick_ && !in.empty()) note_move(q, in.tick, tick_);
      merged = due == 0 ? in : merge_inputs(merged, in);
      ++due;
    }
    q.pending.erase(q.pending.begin(), q.pending.begin() + static_cast<std::ptrdiff_t>(due));
    merged.tick = tick_;
    const Input* in = due > 0 ? &merged : nullptr;
    if (in && !in->empty()) q.last_applied = tick_;
    q.history.push(tick_, runners_[i].state, in);
    runners_[i].events = step_runner(runners_[i].state, in, course_, dt_);
    accumulate_events(runners_[i].events, std::exchange(q.rewind_events, RunnerEvents{}));
    std::erase_if(q.moves, [&](const InputMove& m) { return m.applied + memory < tick_; });
  }
  ++tick_;
}

std::optional<Tick> Match::last_applied_input(RunnerId id) const {
  const std::size_t i = index_of(id);
  if (i == runners_.size()) return std::nullopt;
  return queues_[i].last_applied;
}

std::optional<RunnerState> Match::state_after(RunnerId id, Tick tick) const {
  const std::size_t i = index_of(id);
  if (i == runners_.size() || tick >= tick_) return std::nullopt;
  if (tick + 1 == tick_) return runners_[i].state;
  const RunnerHistoryEntry* e = queues_[i].history.at(tick + 1);
  if (!e) return std::nullopt;
  return e->before;
}

std::vector<InputMove> Match::input_moves(RunnerId id) const {
  const std::size_t i = index_of(id);
  if (i == runners_.size()) return {};
  return queues_[i].moves;
}

std::vector<Input> Match::pending_inputs(RunnerId id) const {
  const std::size_t i = index_of(id);
  if (i == runners_.size()) return {};
  return queues_[i].pending;
}

std::uint64_t Match::state_hash() const {
  std::uint64_t h = hash_tick(tick_);
  for (const MatchRunner& r : runners_) h = hash_match_runner(r.id, r.state, h);
  return h;
}

std::optional<Input> Match::applied_input(RunnerId id, Tick tick) const {
  const std::size_t i = index_of(id);
  if (i == runners_.size() || tick >= tick_) return std::nullopt;
  const RunnerHistoryEntry* e = queues_[i].history.at(tick);
  if (!e) return std::nullopt;
  return e->input;
}

}  // namespace spear::sim
