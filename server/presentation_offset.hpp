#pragma once
// What snapshots show of a runner the match has just re-simulated, glided instead of stepped.
//
// When a late input arrives, the match applies it at its stamped tick by re-simulating that
// runner (sim::MatchConfig::rewind_ticks): its state jumps to where it would have been, by up to
// the rewound ticks of motion (a leap that started 8 ticks ago: the body 30–80 units higher).
// Sent as it is, every other client would see the figure step. Instead the difference between
// what was about to be sent and the new state is kept as an offset on the pose (every joint,
// anchor-relative) and on the anchor's distance, and faded out: exponentially with kFadeTime,
// but never faster than kMaxSpeed (the figure glides at most that much beyond its own motion)
// and never slower than kMinSpeed; the joints shrink together, at the pace of the largest.
// Snapshots carry state + offset; the sim's state, the own runner's checks and every rule stay the
// true ones. A correction too large to glide (a restart, the lab) is a cut.
//
// Pure: corrections and elapsed time in, the offset out.
#include <array>

#include "net/messages.hpp"
#include "rig/pose.hpp"
#include "sim/runner.hpp"

namespace spear::server {

class PresentationOffset {
 public:
  static constexpr float kFadeTime = 0.05f;  // s: time constant of the fade
  // units/s (3 a tick at 60 Hz): the fastest an offset shrinks, per joint and for the anchor
  static constexpr float kMaxSpeed = 180.f;
  static constexpr float kMinSpeed = 30.f;       // units/s: the slowest, so that the tail ends
  static constexpr double kMaxDistance = 300.0;  // units: a larger anchor correction is a cut

  // The runner's state went from `before` to `after` without a step (a re-simulation): keep
  // showing what `before` showed (with the offset it had), then glide to `after`.
  void correct(const sim::RunnerState& before, const sim::RunnerState& after);
  // The lab (its readouts), a parked runner and a countdown (standing where the sim stopped it)
  // are shown as they are, never glided.
  static bool shows_exactly(const sim::RunnerState& state);
  // One tick of dt seconds passed.
  void fade(float dt);
  // No offset left: nothing to add (and nothing to keep).
  bool idle() const { return idle_; }

  // Adds the offset to what a snapshot shows of the runner (its pose and distance).
  void apply(net::RunnerSnapshot& runner) const;

  const std::array<rig::Vec2, rig::kJointCount>& joints() const { return joints_; }
  double distance() const { return distance_; }

 private:
  std::array<rig::Vec2, rig::kJointCount> joints_{};  // units, anchor-relative
  double distance_ = 0.0;                             // units along the course
  bool idle_ = true;
};

}  // namespace spear::server
