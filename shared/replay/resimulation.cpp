#include "replay/resimulation.hpp"

#include <algorithm>

namespace spear::replay {

namespace {
sim::MatchConfig config_of(const Replay& replay) {
  sim::MatchConfig c = replay.config;
  c.first_tick = replay.first_tick;
  return c;
}
}  // namespace

Resimulation::Resimulation(const Replay& replay)
    : replay_(&replay),
      match_(replay.seed, config_of(replay)),
      next_input_(replay.runners.size(), 0) {}

void Resimulation::step() {
  if (done()) return;
  const sim::Tick t = match_.tick();
  const auto& roster = replay_->runners;
  while (next_join_ < roster.size() && roster[next_join_].join_tick == t) {
    const RosterEntry& e = roster[next_join_];
    match_.add_runner_as(e.id, start_state(e.start, match_.course(), match_.dt()));
    present_.push_back(next_join_);
    ++next_join_;
  }
  std::erase_if(present_, [&](std::size_t i) {
    const bool leaves = roster[i].leave_tick == t;
    if (leaves) match_.remove_runner(roster[i].id);
    return leaves;
  });
  for (const std::size_t i : present_) {
    const std::vector<sim::Input>& inputs = roster[i].inputs;
    std::size_t& next = next_input_[i];
    if (next < inputs.size() && inputs[next].tick == t) {
      match_.submit_input(roster[i].id, inputs[next]);
      ++next;
    }
  }
  match_.step();
}

std::vector<sim::MatchRunner> Resimulation::joining() const {
  std::vector<sim::MatchRunner> out;
  const auto& roster = replay_->runners;
  for (std::size_t i = next_join_; i < roster.size() && roster[i].join_tick == match_.tick(); ++i) {
    sim::MatchRunner r;
    r.id = roster[i].id;
    r.state = start_state(roster[i].start, match_.course(), match_.dt());
    out.push_back(r);
  }
  return out;
}

VerifyReport verify_replay(const Replay& replay) {
  VerifyReport report;
  Resimulation sim(replay);
  std::size_t next = 0;
  const auto& checkpoints = replay.checkpoints;
  while (!sim.done()) {
    sim.step();
    ++report.ticks;
    if (next < checkpoints.size() && checkpoints[next].tick == sim.tick()) {
      const std::uint64_t hash = sim.match().state_hash();
      ++report.checkpoints_checked;
      if (hash != checkpoints[next].hash) {
        report.ok = false;
        report.expected = checkpoints[next];
        report.actual_hash = hash;
        return report;
      }
      ++next;
    }
  }
  return report;
}

}  // namespace spear::replay
