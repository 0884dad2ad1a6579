#pragma once
// --autoplay: the bot controller drives the own runner. The client keeps a shadow of its runner,
// stepped with the shared sim from the same start and the same inputs the server gets, so the
// bot decides on exactly the state the server will step. Inputs are stamped a little ahead of
// the server's tick (a lead covering the trip), so the server applies each at its own tick.
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "net/messages.hpp"
#include "sim/bot.hpp"
#include "sim/course.hpp"
#include "sim/runner.hpp"

namespace spear::client {

class Autopilot {
 public:
  Autopilot(std::uint64_t course_seed, int tick_rate, float skill = 1.f, std::uint64_t seed = 7);

  // The own runner as a snapshot at `tick` shows it (state before that tick is stepped).
  // The first one while it is running aligns the shadow; later ones check it.
  void on_snapshot(net::Tick tick, double distance, net::RunnerMode mode);
  bool aligned() const { return aligned_; }
  // Input frames for every tick from the next unsent one up to `last_tick` (inclusive), ticks
  // before `first_sendable` stepped without input and not returned (the server is past them).
  std::vector<net::InputFrame> advance(net::Tick first_sendable, net::Tick last_tick);
  // Snapshots that disagreed with the shadow (an input applied at another tick than stamped).
  std::uint64_t mismatches() const { return mismatches_; }
  const sim::RunnerState& shadow() const { return state_; }

 private:
  sim::Course course_;
  float dt_;
  sim::BotController bot_;
  sim::RunnerState state_{};
  net::Tick next_tick_ = 0;  // the tick the shadow steps next
  bool aligned_ = false;
  struct Past {
    net::Tick tick;
    double distance;
  };
  std::deque<Past> history_;  // shadow distance before each tick, for the checks
  std::uint64_t mismatches_ = 0;
};

}  // namespace spear::client
