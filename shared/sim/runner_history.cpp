#include "sim/runner_history.hpp"

#include <algorithm>

namespace spear::sim {

RunnerHistory::RunnerHistory(std::size_t capacity)
    : capacity_(std::max<std::size_t>(capacity, 1)) {}

void RunnerHistory::push(Tick tick, const RunnerState& before, const Input* input) {
  if (!entries_.empty() && entries_.back().tick + 1 != tick) entries_.clear();
  RunnerHistoryEntry e;
  e.tick = tick;
  e.before = before;
  if (input) e.input = *input;
  e.input.tick = tick;
  entries_.push_back(e);
  while (entries_.size() > capacity_) entries_.pop_front();
}

std::optional<Tick> RunnerHistory::oldest() const {
  if (entries_.empty()) return std::nullopt;
  return entries_.front().tick;
}

std::optional<Tick> RunnerHistory::newest() const {
  if (entries_.empty()) return std::nullopt;
  return entries_.back().tick;
}

RunnerHistoryEntry* RunnerHistory::at(Tick tick) {
  if (entries_.empty() || tick < entries_.front().tick || tick > entries_.back().tick)
    return nullptr;
  return &entries_[tick - entries_.front().tick];
}

const RunnerHistoryEntry* RunnerHistory::at(Tick tick) const {
  return const_cast<RunnerHistory*>(this)->at(tick);
}

bool RunnerHistory::resimulate(Tick from, RunnerState& state, const Course& course, float dt,
                               RunnerEvents* events) {
  if (!at(from)) return false;
  RunnerState s = at(from)->before;
  RunnerEvents all;
  for (std::size_t i = from - entries_.front().tick; i < entries_.size(); ++i) {
    RunnerHistoryEntry& e = entries_[i];
    e.before = s;
    accumulate_events(all, step_runner(s, e.input.empty() ? nullptr : &e.input, course, dt));
  }
  state = s;
  if (events) *events = all;
  return true;
}

void accumulate_events(RunnerEvents& a, const RunnerEvents& b) {
  a.jumped |= b.jumped;
  a.thrust_started |= b.thrust_started;
  a.broke_target |= b.broke_target;
  a.crashed |= b.crashed;
  a.toppled_hurdle |= b.toppled_hurdle;
  a.restarted |= b.restarted;
  a.entered_lab |= b.entered_lab;
  a.left_lab |= b.left_lab;
  a.parked |= b.parked;
  a.countdown_started |= b.countdown_started;
  a.resumed |= b.resumed;
  if (b.obstacle != kNoObstacle) a.obstacle = b.obstacle;
  if (b.crash_part != BodyPart::Count) a.crash_part = b.crash_part;
  if (b.cleared != kNoObstacle) a.cleared = b.cleared;
  if (b.paced) {
    a.paced = true;
    a.grade = b.grade;
    a.earned_pace = b.earned_pace;
  }
}

}  // namespace spear::sim
