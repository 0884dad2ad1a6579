#pragma once
// Plays a replay at a chosen speed (0.25x to 8x), paused or not, and seeks: the re-simulation
// is saved every kSaveSeconds of race as play first reaches that tick, so a seek back starts
// from the newest saved state at or before its target and re-simulates less than kSaveSeconds;
// a seek forward steps on from where play is. Either lands on exactly the state playing to that
// tick gives (the sim is deterministic). Pure: time comes in through advance().
#include <cstddef>
#include <functional>
#include <vector>

#include "replay/replay.hpp"
#include "replay/resimulation.hpp"

namespace spear::replay {

class ReplayPlayer {
 public:
  static constexpr double kMinSpeed = 0.25, kMaxSpeed = 8.0;
  static constexpr int kSaveSeconds = 5;

  // `replay` (bounds checked by the reader) must outlive the player.
  explicit ReplayPlayer(const Replay& replay);

  // Plays `seconds` of wall time at the speed, unless paused: whole ticks, the rest carried.
  void advance(double seconds);
  void set_speed(double speed);  // clamped to [kMinSpeed, kMaxSpeed]
  double speed() const { return speed_; }
  void set_paused(bool paused) { paused_ = paused; }
  bool paused() const { return paused_; }
  // To race time `seconds` since the first tick (clamped to the race), to the nearest tick.
  void seek(double seconds);
  // To race time `seconds` exactly, for drawing between ticks: the tick after the one it falls
  // in, previous_runners() that one, and the rest of a tick as tick_fraction(). Forward it steps
  // on, back it starts from a saved state as seek() does; speed and pause do not apply (the
  // caller's clock leads).
  void show_at(double seconds);

  const sim::Match& match() const { return sim_.match(); }
  // Who joins at tick() (Resimulation::joining): in view already, in the match once stepped.
  std::vector<sim::MatchRunner> joining() const { return sim_.joining(); }
  sim::Tick tick() const { return sim_.tick(); }
  // For drawing between ticks: the runners as they were one tick before tick() (after a seek,
  // or at the start, the runners of tick() itself), and how far play has gone into the next
  // tick, 0..1 (race time not yet a whole tick).
  const std::vector<sim::MatchRunner>& previous_runners() const { return previous_; }
  double tick_fraction() const { return carry_; }
  // Called after every tick stepped (in play and in seeks), with the match after it; its
  // runners' events are that tick's.
  void on_step(std::function<void(const sim::Match&)> observer) { observer_ = std::move(observer); }
  double seconds() const;  // race time played
  double length_seconds() const;
  bool at_end() const { return sim_.done(); }
  std::size_t saved_states() const { return saved_.size(); }

 private:
  void step_to(sim::Tick target);
  void go_to(sim::Tick target);  // forward: step on; back: from the newest saved state before it
  const Replay* replay_;
  Resimulation sim_;
  std::vector<Resimulation> saved_;  // saved_[k] at first_tick + k * save interval
  double speed_ = 1.0;
  bool paused_ = false;
  double carry_ = 0.0;  // ticks of race time not yet played (0..1)
  std::vector<sim::MatchRunner> previous_;
  std::function<void(const sim::Match&)> observer_;
};

}  // namespace spear::replay
