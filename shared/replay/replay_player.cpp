#include "replay/replay_player.hpp"

#include <algorithm>
#include <cmath>

namespace spear::replay {

ReplayPlayer::ReplayPlayer(const Replay& replay) : replay_(&replay), sim_(replay) {
  saved_.push_back(sim_);
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
    sim_.step();
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
}

void ReplayPlayer::seek(double seconds) {
  if (!std::isfinite(seconds)) return;
  const double t = std::clamp(seconds, 0.0, length_seconds());
  const auto target = static_cast<sim::Tick>(
      replay_->first_tick + static_cast<sim::Tick>(std::llround(t * replay_->config.tick_rate)));
  carry_ = 0.0;
  if (target < sim_.tick()) {
    const sim::Tick interval = static_cast<sim::Tick>(kSaveSeconds * replay_->config.tick_rate);
    const std::size_t k =
        std::min<std::size_t>((target - replay_->first_tick) / interval, saved_.size() - 1);
    sim_ = saved_[k];
  }
  step_to(target);
}

}  // namespace spear::replay
