#include "core/ghost_runner.hpp"

#include <algorithm>

#include "core/replay_scene.hpp"

namespace spear::client {

namespace {
constexpr double kRestartDrop = 50.0;  // units: a distance falling back this far is a new run
}

std::unique_ptr<GhostRunner> GhostRunner::make(const replay::Replay& replay, std::string* why) {
  if (!replay.result || replay.result->results.empty()) {
    if (why) *why = "the replay has no result, so no winner to race";
    return nullptr;
  }
  const sim::RaceResultEntry& winner = replay.result->results.front();
  const auto entry =
      std::find_if(replay.runners.begin(), replay.runners.end(),
                   [&](const replay::RosterEntry& r) { return r.id == winner.runner; });
  if (entry == replay.runners.end() || entry->join_tick > replay.result->first_tick) {
    if (why) *why = "the replay's winner was not in the race at its start";
    return nullptr;
  }
  return std::unique_ptr<GhostRunner>(
      new GhostRunner(replay, winner.runner, entry->bot, entry->name));
}

GhostRunner::GhostRunner(const replay::Replay& replay, sim::RunnerId runner, bool bot,
                         std::string name)
    : replay_(&replay), player_(replay), runner_(runner), bot_(bot), name_(std::move(name)) {
  const sim::Tick go = std::max(replay.result->first_tick, replay.first_tick);
  go_seconds_ = static_cast<double>(go - replay.first_tick) / replay.config.tick_rate;
  show(0.0, 0.f);
}

void GhostRunner::show(double seconds, float dt_cosmetic) {
  player_.show_at(go_seconds_ + std::max(0.0, seconds));
  const sim::MatchRunner* now = player_.match().runner(runner_);
  if (!now) {
    view_.reset();
    return;
  }
  const auto& before = player_.previous_runners();
  const auto prev = std::find_if(before.begin(), before.end(),
                                 [&](const sim::MatchRunner& r) { return r.id == runner_; });
  RunnerView v;
  v.frame = blended_frame(*now, prev != before.end() ? &*prev : nullptr,
                          static_cast<float>(player_.tick_fraction()), bot_, player_.match().dt());
  v.lane = static_cast<int>(runner_);
  v.bot = bot_;
  v.name = name_;
  motion_.apply(v, dt_cosmetic);
  view_ = std::move(v);
}

double RunClock::update(const RunnerView* own, double now) {
  if (!own) return 0.0;
  const double distance = own->frame.distance;
  const bool restarted = distance < last_distance_ - kRestartDrop;
  last_distance_ = distance;
  if (own->frame.mode == net::RunnerMode::Countdown || restarted) go_.reset();
  if (!go_ && own->frame.mode == net::RunnerMode::Running) go_ = now;
  return go_ ? std::max(0.0, now - *go_) : 0.0;
}

}  // namespace spear::client
