#include "server/match_host.hpp"

#include <limits>
#include <stdexcept>

#include "server/wire_input.hpp"
#include "sim/runner_stats.hpp"

namespace spear::server {

namespace {
// A break stays in snapshots this long so a client that lost a few still sees it (ticks at 60 Hz).
constexpr net::Tick kBreakMemoryTicks = 60;

sim::MatchConfig match_config(int tick_rate) {
  sim::MatchConfig c;
  c.tick_rate = tick_rate;
  return c;
}
}  // namespace

MatchHost::MatchHost(std::uint64_t seed, int tick_rate, int bots, float bot_skill)
    : match_(seed, match_config(tick_rate)) {
  for (int i = 0; i < bots; ++i) {
    const sim::RunnerId id = match_.add_runner();
    const auto wire_id = static_cast<net::RunnerId>(id);
    // Each bot its own reaction-error stream, fixed by the seed and its id.
    bots_.push_back({wire_id, sim::BotController(bot_skill, sim::mix_seed(seed, id))});
    RunnerInfo info;
    info.name = "bot-" + std::to_string(i + 1);
    info.bot = true;
    runners_.emplace(wire_id, std::move(info));
  }
}

std::optional<net::RunnerId> MatchHost::add_player(const std::string& name) {
  // Runner ids are never reused by the sim; the wire carries 16 bits of them.
  if (!runners_.empty() && runners_.rbegin()->first == std::numeric_limits<net::RunnerId>::max()) {
    return std::nullopt;
  }
  const sim::RunnerId id = match_.add_runner();
  if (id > std::numeric_limits<net::RunnerId>::max()) {
    match_.remove_runner(id);
    return std::nullopt;
  }
  const auto wire_id = static_cast<net::RunnerId>(id);
  RunnerInfo info;
  info.name = name;
  runners_.emplace(wire_id, std::move(info));
  return wire_id;
}

void MatchHost::remove_runner(net::RunnerId id) {
  const auto it = runners_.find(id);
  if (it == runners_.end() || !it->second.present) return;
  if (const sim::MatchRunner* r = match_.runner(id)) it->second.last_state = r->state;
  it->second.present = false;
  match_.remove_runner(id);
  std::erase_if(bots_, [id](const Bot& b) { return b.runner == id; });
}

void MatchHost::submit(net::RunnerId id, std::span<const net::InputFrame> frames) {
  const auto it = runners_.find(id);
  if (it == runners_.end() || !it->second.present || it->second.bot) return;
  for (const net::InputFrame& frame : frames) {
    switch (match_.submit_input(id, sim_input_from_wire(frame))) {
      case sim::SubmitResult::Accepted:
        ++input_counts_.accepted;
        if (!it->second.newest_input || frame.tick > *it->second.newest_input) {
          it->second.newest_input = frame.tick;
        }
        break;
      case sim::SubmitResult::Duplicate: ++input_counts_.duplicate; break;
      case sim::SubmitResult::TooOld: ++input_counts_.too_old; break;
      case sim::SubmitResult::TooFarAhead: ++input_counts_.too_far_ahead; break;
      case sim::SubmitResult::UnknownRunner: break;
    }
  }
}

void MatchHost::step() {
  const sim::Tick tick = match_.tick();
  for (Bot& bot : bots_) {
    const sim::MatchRunner* r = match_.runner(bot.runner);
    if (!r) continue;
    const sim::Input input = bot.controller.decide(r->state, match_.course(), tick, match_.dt());
    if (!input.empty()) match_.submit_input(bot.runner, input);
  }
  match_.step();
  for (const sim::MatchRunner& r : match_.runners()) {
    if (r.events.broke_target) {
      broken_.push_back({static_cast<net::RunnerId>(r.id), r.events.obstacle, tick});
      if (broken_.size() > net::kMaxBrokenTargets) broken_.pop_front();
    }
  }
  while (!broken_.empty() && broken_.front().tick + kBreakMemoryTicks < tick) broken_.pop_front();
}

std::optional<net::Tick> MatchHost::last_applied_input(net::RunnerId id) const {
  const auto it = runners_.find(id);
  if (it == runners_.end() || !it->second.newest_input) return std::nullopt;
  // Inputs for ticks before match_.tick() have been applied (late ones merged into a step).
  const net::Tick newest = *it->second.newest_input;
  if (match_.tick() == 0) return std::nullopt;
  return newest < match_.tick() ? newest : match_.tick() - 1;
}

net::Snapshot MatchHost::snapshot() const {
  net::Snapshot s;
  // The snapshot shows the state after the last step: the tick that step simulated.
  s.tick = match_.tick() == 0 ? 0 : match_.tick() - 1;
  s.runners.reserve(match_.runner_count());
  s.roster.reserve(match_.runner_count());
  for (const sim::MatchRunner& r : match_.runners()) {
    const auto id = static_cast<net::RunnerId>(r.id);
    const auto it = runners_.find(id);
    const bool bot = it != runners_.end() && it->second.bot;
    s.runners.push_back(runner_snapshot(id, r.state, bot));
    s.roster.push_back({id, bot, it != runners_.end() ? it->second.name : std::string()});
  }
  s.broken.assign(broken_.begin(), broken_.end());
  return s;
}

MatchSummary MatchHost::summary() const {
  MatchSummary m;
  m.seed = match_.seed();
  m.ticks = match_.tick();
  m.tick_rate = match_.tick_rate();
  for (const auto& [id, info] : runners_) {
    const sim::MatchRunner* live = match_.runner(id);
    const sim::RunnerState& state = live ? live->state : info.last_state;
    const sim::RunnerStats st = sim::runner_stats(state);
    RunnerSummary r;
    r.id = id;
    r.name = info.name;
    r.bot = info.bot;
    r.distance_m = st.total_distance_m;
    r.best_distance_m = st.best_distance_m;
    r.score = st.score;
    r.best = st.best;
    r.crashes = st.crashes;
    r.targets_broken = st.targets_broken;
    m.runners.push_back(std::move(r));
  }
  return m;
}

}  // namespace spear::server
