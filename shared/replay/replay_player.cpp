#include "replay/replay_player.hpp"

#include <algorithm>
#include <cmath>

namespace spear::replay {

ReplayPlayer::ReplayPlayer(const Replay& replay) : replay_(&replay), sim_(replay) {
  saved_.push_back(sim_);
  previous_.assign(sim_.match().runners().begin(), sim_.match().runners().end());
}

double ReplayPlayer::seconds() const {
  return static_cast<double>(sim_.tick() - replay_->first_tick) / replay_->config.tick_rate;
}

double ReplayPlayer::length_seconds() const {
  return static_cast<double>(replay_->end_tick - replay_->first_tick) / replay_->config.tick_rate;
}

void ReplayPlayer::set_speed(double speed) {
  speed_ = std::isfinite(speed) ? std::clamp(speed, kMinSpeed, kMaxSpeed) : 1.0;
}

void ReplayPlayer::step_to(sim::Tick target) {
  const sim::Tick interval = static_cast<sim::Tick>(kSaveSeconds * replay_->config.tick_rate);
  while (sim_.tick() < target && !sim_.done()) {
    previous_.assign(sim_.match().runners().begin(), sim_.match().runners().end());
    sim_.step();
    if (observer_) observer_(sim_.match());
    const sim::Tick since = sim_.tick() - replay_->first_tick;
    if (since % interval == 0 && since / interval == saved_.size()) saved_.push_back(sim_);
  }
}

void ReplayPlayer::advance(double seconds) {
  if (paused_ || !std::isfinite(seconds) || seconds <= 0.0) return;
  carry_ += seconds * speed_ * replay_->config.tick_rate;
  const double whole = std::floor(carry_);
  carry_ -= whole;
  const double target = static_cast<double>(sim_.tick()) + whole;
  step_to(static_cast<sim::Tick>(std::min(target, static_cast<double>(replay_->end_tick))));
  if (sim_.done()) carry_ = 0.0;  // the end holds still
}

void ReplayPlayer::go_to(sim::Tick target) {
  if (target >= sim_.tick()) {
    step_to(target);
    return;
  }
  // Land one tick short and step the last one, so previous_runners() is the tick before, as
  // in play (at the first tick there is none before: the runners of the first tick).
  const sim::Tick before = target > replay_->first_tick ? target - 1 : target;
  const sim::Tick interval = static_cast<sim::Tick>(kSaveSeconds * replay_->config.tick_rate);
  const std::size_t k =
      std::min<std::size_t>((before - replay_->first_tick) / interval, saved_.size() - 1);
  sim_ = saved_[k];
  step_to(before);
  previous_.assign(sim_.match().runners().begin(), sim_.match().runners().end());
  step_to(target);
}

void ReplayPlayer::seek(double seconds) {
  if (!std::isfinite(seconds)) return;
  const double t = std::clamp(seconds, 0.0, length_seconds());
  carry_ = 0.0;
  go_to(static_cast<sim::Tick>(
      replay_->first_tick + static_cast<sim::Tick>(std::llround(t * replay_->config.tick_rate))));
}

void ReplayPlayer::show_at(double seconds) {
  if (!std::isfinite(seconds)) return;
  // The time falls between the states after `whole` and `whole` + 1 ticks: play to the later
  // one, drawn from the earlier (previous_runners()) by the rest.
  const double ticks = std::clamp(seconds, 0.0, length_seconds()) * replay_->config.tick_rate;
  const double whole = std::floor(ticks);
  const sim::Tick target = replay_->first_tick + static_cast<sim::Tick>(whole);
  if (target >= replay_->end_tick) {
    go_to(replay_->end_tick);
    carry_ = 0.0;
    return;
  }
  go_to(target + 1);
  carry_ = ticks - whole;
}

}  // namespace spear::replay
