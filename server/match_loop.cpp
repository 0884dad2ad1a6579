#include "server/match_loop.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "server/own_runner_check.hpp"
#include "sim/race_start.hpp"

namespace spear::server {

namespace {
sim::Tick seconds_ticks(double seconds, int tick_rate) {
  if (!std::isfinite(seconds) || seconds < 0.0 || seconds * tick_rate > 1e9)
    throw std::invalid_argument("race phase lengths must be finite, from 0 to 1e9 ticks");
  return static_cast<sim::Tick>(std::llround(seconds * tick_rate));
}

net::BoardEntry board_entry(const LeaderboardEntry& l, std::uint16_t place) {
  net::BoardEntry e;
  e.place = place;
  e.name = l.name;
  e.bot = l.bot;
  constexpr std::uint64_t kMax = 0xFFFFFFFFu;
  e.score = static_cast<std::uint32_t>(std::min(l.score, kMax));
  e.distance_m = l.distance_m;
  e.targets_broken = static_cast<std::uint32_t>(std::min(l.targets_broken, kMax));
  e.crashes = static_cast<std::uint32_t>(std::min(l.crashes, kMax));
  e.best_combo = static_cast<std::uint32_t>(std::min(l.best_combo, kMax));
  return e;
}
}  // namespace

std::optional<RaceSchedule> race_schedule(const ServerConfig& c) {
  if (!c.racing) return std::nullopt;
  if (c.tick_rate < 10 || c.tick_rate > 1000)
    throw std::invalid_argument("match: tick_rate must be in 10..1000");
  const float dt = 1.f / static_cast<float>(c.tick_rate);
  return RaceSchedule(seconds_ticks(c.warmup_seconds, c.tick_rate), sim::race_countdown_ticks(dt),
                      std::max<sim::Tick>(1, seconds_ticks(c.race_seconds, c.tick_rate)),
                      std::max<sim::Tick>(1, seconds_ticks(c.results_seconds, c.tick_rate)));
}

MatchLoop::MatchLoop(const ServerConfig& config, ServerStats& stats, RaceStore* store)
    : config_(config),
      match_(config.seed, config.tick_rate, config.bots, config.bot_skill,
             rewind_ticks(config.rewind_ms, config.tick_rate), config.finished_records,
             race_schedule(config)),
      sessions_(config, match_, stats),
      store_(store) {
  if (match_.races() && config.races > 0) end_tick_ = match_.races()->end_of_cycle(config.races);
  if (config.duration) {
    duration_ticks_ = static_cast<std::uint64_t>(std::llround(*config.duration * config.tick_rate));
    if (duration_ticks_ == 0) duration_ticks_ = 1;
  }
  if (!config.record_dir.empty() || config.record_in_memory) match_.record_races();
}

void MatchLoop::end_recording() { match_.end_recording(); }

std::vector<replay::Replay> MatchLoop::take_replays() { return match_.take_recorded(); }

void MatchLoop::tick(double now, Outbox& out) {
  sessions_.expire(now, out);
  const std::uint64_t t = match_.tick();
  match_.step();
  if (const auto& race = match_.finished_race(); race && store_) {
    // The store queues the write (it never waits for the disk on this thread).
    store_->save(*race);
    std::vector<net::BoardEntry> top;
    std::uint16_t place = 0;
    for (const LeaderboardEntry& l : store_->top(net::kMaxAllTimeEntries, std::nullopt))
      top.push_back(board_entry(l, ++place));
    match_.set_all_time(std::move(top));
  }
  // Tick t is a snapshot tick when it starts a new snapshot interval: with 60 Hz ticks and
  // 30 Hz snapshots every second tick, with 60 and 25 the ticks 0, 2, 4, 7, 9, ... Those are
  // phase 0's; with two or more ticks an interval, phase 1's sessions get theirs a tick later
  // (SessionTable: each half of the clients is encoded on its own tick).
  const auto rate = static_cast<std::uint64_t>(config_.snapshot_rate);
  const auto tick_rate = static_cast<std::uint64_t>(config_.tick_rate);
  const auto starts_interval = [&](std::uint64_t u) {
    return u == 0 || (u * rate) / tick_rate != ((u - 1) * rate) / tick_rate;
  };
  if (starts_interval(t)) {
    snapshot_page_ = board_page_++;
    if (sessions_.sessions_in_phase(0) > 0) {
      match_.snapshot_into(snapshot_, snapshot_page_);
      sessions_.send_snapshots(snapshot_, out, false, 0);
    }
  }
  if (tick_rate >= 2 * rate && t >= 1 && starts_interval(t - 1) &&
      sessions_.sessions_in_phase(1) > 0) {
    match_.snapshot_into(snapshot_, snapshot_page_);
    sessions_.send_snapshots(snapshot_, out, false, 1);
  }
}

void MatchLoop::send_waiting_snapshots(Outbox& out) {
  if (sessions_.waiting_for_snapshot())
    sessions_.send_snapshots(match_.snapshot(), out, /*waiting_only=*/true);
}

MatchSummary MatchLoop::summary(double now) const {
  MatchSummary m = match_.summary();
  m.clients = sessions_.clients(now);
  m.earlier_clients = sessions_.folded();
  return m;
}

MetricsGauges MatchLoop::gauges() const {
  MetricsGauges g;
  g.players = sessions_.players();
  g.spectators = sessions_.spectators();
  g.runners = match_.runner_count();
  g.bots = match_.bot_count();
  g.match_tick = match_.tick();
  g.tick_rate = config_.tick_rate;
  g.snapshot_rate = config_.snapshot_rate;
  return g;
}

}  // namespace spear::server
