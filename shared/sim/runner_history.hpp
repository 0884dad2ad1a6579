#pragma once
// A bounded ring of one runner's past: for each recent tick, the state before that tick was
// stepped and the input applied at it. Re-simulating from any entry with the stored inputs gives
// the present again (step_runner is pure), so an input can be put in at a past tick exactly:
// the server's fair input timing (rewind) and the client's reconciliation both use it.
#include <cstddef>
#include <deque>
#include <optional>

#include "sim/course.hpp"
#include "sim/input.hpp"
#include "sim/runner.hpp"
#include "sim/tick.hpp"

namespace spear::sim {

struct RunnerHistoryEntry {
  Tick tick = 0;
  RunnerState before{};  // the state before `tick` was stepped
  Input input{};         // what was applied at `tick` (empty(): nothing)
};

class RunnerHistory {
 public:
  // Keeps the newest `capacity` ticks (at least 1).
  explicit RunnerHistory(std::size_t capacity);

  std::size_t capacity() const { return capacity_; }
  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }
  void clear() { entries_.clear(); }

  // Records tick `tick` (the state before it and its input). Ticks must follow each other;
  // a tick that does not follow the newest one starts the history anew.
  void push(Tick tick, const RunnerState& before, const Input* input);

  std::optional<Tick> oldest() const;
  std::optional<Tick> newest() const;
  RunnerHistoryEntry* at(Tick tick);
  const RunnerHistoryEntry* at(Tick tick) const;

  // Steps the runner again from the state before `from` through the newest recorded tick with
  // the stored inputs, rewriting the later entries' states; `state` becomes the state after the
  // newest tick. Returns the events of those steps OR-ed (obstacle: the last one). false (and
  // nothing changed) when `from` is not recorded.
  bool resimulate(Tick from, RunnerState& state, const Course& course, float dt,
                  RunnerEvents* events = nullptr);

 private:
  std::size_t capacity_;
  std::deque<RunnerHistoryEntry> entries_;  // consecutive ticks, oldest first
};

// Adds b's events to a (flags OR-ed; the obstacle of the last event that names one).
void accumulate_events(RunnerEvents& a, const RunnerEvents& b);

}  // namespace spear::sim
