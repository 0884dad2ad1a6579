#include "server/match_loop.hpp"

#include <cmath>

#include "server/own_runner_check.hpp"

namespace spear::server {

MatchLoop::MatchLoop(const ServerConfig& config, ServerStats& stats)
    : config_(config),
      match_(config.seed, config.tick_rate, config.bots, config.bot_skill,
             rewind_ticks(config.rewind_ms, config.tick_rate), config.finished_records),
      sessions_(config, match_, stats) {
  if (config.duration) {
    duration_ticks_ = static_cast<std::uint64_t>(std::llround(*config.duration * config.tick_rate));
    if (duration_ticks_ == 0) duration_ticks_ = 1;
  }
}

void MatchLoop::tick(double now, Outbox& out) {
  sessions_.expire(now, out);
  const std::uint64_t t = match_.tick();
  match_.step();
  // Tick t is a snapshot tick when it starts a new snapshot interval: with 60 Hz ticks and
  // 30 Hz snapshots every second tick, with 60 and 25 the ticks 0, 2, 4, 7, 9, ...
  const auto rate = static_cast<std::uint64_t>(config_.snapshot_rate);
  const auto tick_rate = static_cast<std::uint64_t>(config_.tick_rate);
  const bool snapshot_tick = t == 0 || (t * rate) / tick_rate != ((t - 1) * rate) / tick_rate;
  if (snapshot_tick && sessions_.size() > 0) sessions_.send_snapshots(match_.snapshot(), out);
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
