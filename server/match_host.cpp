#include "server/match_host.hpp"

#include <stdexcept>

#include "net/sim_wire.hpp"
#include "server/own_runner_check.hpp"
#include "sim/runner_stats.hpp"

namespace spear::server {

namespace {
// A break stays in snapshots this long so a client that lost a few still sees it (ticks at 60 Hz).
constexpr net::Tick kBreakMemoryTicks = 60;

sim::MatchConfig match_config(int tick_rate, sim::Tick rewind_ticks) {
  sim::MatchConfig c;
  c.tick_rate = tick_rate;
  c.rewind_ticks = rewind_ticks;
  return c;
}
}  // namespace

MatchHost::MatchHost(std::uint64_t seed, int tick_rate, int bots, float bot_skill,
                     sim::Tick rewind_ticks, std::size_t finished_runners)
    : match_(seed, match_config(tick_rate, rewind_ticks)), finished_runners_(finished_runners) {
  for (int i = 0; i < bots; ++i) {
    // Each bot its own character and name, fixed by the seed and its index; it stands its start
    // wait before it runs.
    sim::BotPersonality personality = sim::bot_personality(seed, static_cast<std::uint32_t>(i));
    const sim::RunnerId id = match_.add_runner(bot_start_wait_ticks(personality, match_.dt()));
    RunnerInfo info;
    info.name = personality.name;
    info.bot = true;
    if (!admit(id, std::move(info))) {
      match_.remove_runner(id);
      throw std::invalid_argument("more bots than wire runner ids");
    }
    // Each bot its own reaction-error stream, fixed by the seed and its id.
    bots_.push_back(
        {id, sim::BotController(bot_skill, sim::mix_seed(seed, id), std::move(personality))});
  }
}

std::optional<net::RunnerId> MatchHost::admit(sim::RunnerId id, RunnerInfo info) {
  const auto wire = wire_ids_.acquire(match_.tick());
  if (!wire) return std::nullopt;
  info.wire = *wire;
  runners_.emplace(id, std::move(info));
  by_wire_.emplace(*wire, id);
  return wire;
}

std::optional<sim::RunnerId> MatchHost::sim_id(net::RunnerId wire) const {
  const auto it = by_wire_.find(wire);
  if (it == by_wire_.end()) return std::nullopt;
  return it->second;
}

MatchHost::RunnerInfo* MatchHost::present(net::RunnerId wire) {
  const auto id = sim_id(wire);
  return id ? &runners_.at(*id) : nullptr;
}

const MatchHost::RunnerInfo* MatchHost::present(net::RunnerId wire) const {
  const auto id = sim_id(wire);
  return id ? &runners_.at(*id) : nullptr;
}

const sim::MatchRunner* MatchHost::runner(net::RunnerId id) const {
  const auto sim = sim_id(id);
  return sim ? match_.runner(*sim) : nullptr;
}

std::optional<net::RunnerId> MatchHost::add_player(const std::string& name) {
  const sim::RunnerId id = match_.add_runner();
  RunnerInfo info;
  info.name = name;
  const auto wire = admit(id, std::move(info));
  if (!wire) match_.remove_runner(id);
  return wire;
}

void MatchHost::remove_runner(net::RunnerId wire) {
  const auto id = sim_id(wire);
  if (!id) return;
  RunnerInfo& info = runners_.at(*id);
  if (const sim::MatchRunner* r = match_.runner(*id)) info.last_state = r->state;
  info.present = false;
  match_.remove_runner(*id);
  offsets_.erase(*id);
  std::erase_if(bots_, [&](const Bot& b) { return b.runner == *id; });
  by_wire_.erase(wire);
  wire_ids_.release(wire, match_.tick());
  departed_.push_back(*id);
  while (departed_.size() > finished_runners_) {
    const sim::RunnerId oldest = departed_.front();
    departed_.pop_front();
    folded_.add(summary_of(oldest, runners_.at(oldest)));
    runners_.erase(oldest);
  }
}

InputCounts MatchHost::submit(net::RunnerId wire, std::span<const net::InputFrame> frames) {
  InputCounts counts;
  const auto id = sim_id(wire);
  if (!id) return counts;
  RunnerInfo& info = runners_.at(*id);
  if (info.bot) return counts;
  // A late input re-simulates the runner inside submit_input: what changed is glided in.
  const sim::RunnerState before = match_.runner(*id)->state;
  for (const net::InputFrame& frame : frames) {
    switch (match_.submit_input(*id, net::to_sim_input(frame))) {
      case sim::SubmitResult::Accepted:
        ++counts.accepted;
        if (frame.tick < match_.tick()) ++counts.late;
        if (!info.newest_input || frame.tick > *info.newest_input) info.newest_input = frame.tick;
        break;
      case sim::SubmitResult::Duplicate:
        ++counts.duplicate;
        break;
      case sim::SubmitResult::TooOld:
        ++counts.too_old;
        break;
      case sim::SubmitResult::TooFarAhead:
        ++counts.too_far_ahead;
        break;
      case sim::SubmitResult::UnknownRunner:
        break;
    }
  }
  const sim::RunnerState& after = match_.runner(*id)->state;
  if (counts.late > 0 &&
      (after.distance != before.distance || after.pose.joints != before.pose.joints)) {
    PresentationOffset& offset = offsets_[*id];
    offset.correct(before, after);
    if (offset.idle()) offsets_.erase(*id);
  }
  return counts;
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
  for (auto& [id, offset] : offsets_) {
    // A restart or a lab switch in the step is a cut, and a runner shown exactly (parked, in the
    // lab) is never glided: what is left of a glide goes.
    const sim::MatchRunner* r = match_.runner(id);
    const bool cut = !r || r->events.restarted || r->events.entered_lab || r->events.left_lab ||
                     PresentationOffset::shows_exactly(r->state);
    if (cut) offset = PresentationOffset{};
    offset.fade(match_.dt());
  }
  std::erase_if(offsets_, [](const auto& kv) { return kv.second.idle(); });
  for (const sim::MatchRunner& r : match_.runners()) {
    // A hurdle toppled by a crash travels in the same list: the entry names the hurdle.
    if (r.events.broke_target || r.events.toppled_hurdle) {
      broken_.push_back({runners_.at(r.id).wire, r.events.obstacle, tick});
      if (broken_.size() > net::kMaxBrokenTargets) broken_.pop_front();
    }
  }
  while (!broken_.empty() && broken_.front().tick + kBreakMemoryTicks < tick) broken_.pop_front();
}

std::optional<net::Tick> MatchHost::last_applied_input(net::RunnerId id) const {
  const RunnerInfo* info = present(id);
  if (!info || !info->newest_input) return std::nullopt;
  // Inputs for ticks before match_.tick() have been applied (late ones merged into a step).
  const net::Tick newest = *info->newest_input;
  if (match_.tick() == 0) return std::nullopt;
  return newest < match_.tick() ? newest : match_.tick() - 1;
}

std::optional<net::OwnRunnerState> MatchHost::own_runner_state(net::RunnerId id,
                                                               net::Tick tick) const {
  const auto sim = sim_id(id);
  if (!sim) return std::nullopt;
  return server::own_runner_state(match_, *sim, id, tick, last_applied_input(id));
}

net::Snapshot MatchHost::snapshot() const {
  net::Snapshot s;
  // The snapshot shows the state after the last step: the tick that step simulated.
  s.tick = match_.tick() == 0 ? 0 : match_.tick() - 1;
  s.runners.reserve(match_.runner_count());
  s.roster.reserve(match_.runner_count());
  for (const sim::MatchRunner& r : match_.runners()) {
    const RunnerInfo& info = runners_.at(r.id);
    s.runners.push_back(net::runner_snapshot(info.wire, r.state, info.bot, match_.dt()));
    if (const auto it = offsets_.find(r.id); it != offsets_.end())
      it->second.apply(s.runners.back());
    s.roster.push_back({info.wire, info.bot, info.name});
  }
  s.broken.assign(broken_.begin(), broken_.end());
  return s;
}

RunnerSummary MatchHost::summary_of(sim::RunnerId id, const RunnerInfo& info) const {
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
  return r;
}

MatchSummary MatchHost::summary() const {
  MatchSummary m;
  m.seed = match_.seed();
  m.ticks = match_.tick();
  m.tick_rate = match_.tick_rate();
  for (const auto& [id, info] : runners_) m.runners.push_back(summary_of(id, info));
  m.earlier_runners = folded_;
  return m;
}

}  // namespace spear::server
