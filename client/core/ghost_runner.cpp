#include "core/ghost_runner.hpp"

#include <algorithm>

#include "core/replay_scene.hpp"
#include "replay/resimulation.hpp"
#include "sim/race_start.hpp"
#include "sim/runner.hpp"

namespace spear::client {

namespace {
constexpr double kRestartDrop = 50.0;  // units: a distance falling back this far is a new run
constexpr double kMaxBackdate = 1.0;   // s: a flying start is dated back at most this far

// Ticks a runner starting in `state` takes to reach `distance` with no input (nullopt: it does
// not within `limit` ticks: it fell).
std::optional<std::uint32_t> ticks_to(sim::RunnerState state, double distance,
                                      const sim::Course& course, float dt, std::uint32_t limit) {
  for (std::uint32_t n = 0; n < limit; ++n) {
    if (state.distance >= distance && state.mode == sim::RunnerMode::Running) return n;
    sim::step_runner(state, nullptr, course, dt);
  }
  return std::nullopt;
}
}  // namespace

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
  const sim::RaceResultEntry& raced = replay.result->results.front();
  ends_running_ = raced.crashes == 0 && replay.result->last_tick + 1 >= replay.end_tick;
  // The ramps: a flying start, a standing one and the ghost's run to kRampDistance.
  const sim::Course& course = player_.match().course();
  const float dt = player_.match().dt();
  const auto limit = static_cast<std::uint32_t>(10 * replay.config.tick_rate);
  const auto flying = ticks_to(sim::new_runner_state(), kRampDistance, course, dt, limit);
  const auto countdown = sim::ticks_for(sim::kResumeCountdown, dt);
  const auto standing = ticks_to(sim::waiting_runner_state(countdown, dt), kRampDistance, course,
                                 dt, limit + countdown);
  if (flying && standing && *standing >= countdown + *flying)
    standing_ramp_seconds_ = static_cast<double>(*standing - countdown - *flying) * dt;
  replay::Resimulation probe(replay);
  while (!probe.done() && probe.tick() < go) probe.step();
  std::uint32_t ran = 0;
  for (; !probe.done() && ran < limit; ++ran) {
    const sim::MatchRunner* r = probe.match().runner(runner);
    if (!r) break;
    if (r->state.distance >= kRampDistance && r->state.mode == sim::RunnerMode::Running) {
      if (flying && ran > *flying) ramp_seconds_ = static_cast<double>(ran - *flying) * dt;
      break;
    }
    probe.step();
  }
  show(0.0, 0.f);
}

double GhostRunner::time_beside(double raced, bool own_flying) const {
  return std::max(0.0, raced - (own_flying ? 0.0 : standing_ramp_seconds_) + ramp_seconds_);
}

void GhostRunner::show(double seconds, float dt_cosmetic) {
  const double at = go_seconds_ + std::max(0.0, seconds);
  player_.show_at(at);
  const sim::MatchRunner* now = player_.match().runner(runner_);
  if (!now || (ends_running_ && at >= player_.length_seconds())) {
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

std::optional<Ghost> make_ghost(replay::Replay replay, std::string* why) {
  Ghost g;
  g.replay = std::make_unique<replay::Replay>(std::move(replay));
  g.runner = GhostRunner::make(*g.replay, why);
  if (!g.runner) return std::nullopt;
  return g;
}

double RunClock::update(const RunnerView* own, double now) {
  if (!own) return 0.0;
  const double distance = own->frame.distance;
  const bool restarted = distance < last_distance_ - kRestartDrop;
  last_distance_ = distance;
  if (own->frame.mode == net::RunnerMode::Countdown || restarted) go_.reset();
  if (!go_ && own->frame.mode == net::RunnerMode::Running) {
    flying_ = !seen_;
    const double speed = own->frame.speed;
    go_ = now - (flying_ && speed > 0.f ? std::min(kMaxBackdate, distance / speed) : 0.0);
  }
  seen_ = true;
  return go_ ? std::max(0.0, now - *go_) : 0.0;
}

}  // namespace spear::client
