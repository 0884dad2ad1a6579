#pragma once
// A recorded race's winner raced beside the own runner (spear-client --ghost FILE): re-simulated
// from the replay and shown as far into its race (since its go) as the own runner is into its
// run, between ticks, with the same secondary motion as live figures. RunClock says how far the
// own runner is. Pure: times come in.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "core/figure_motion.hpp"
#include "core/runner_view.hpp"
#include "replay/replay.hpp"
#include "replay/replay_player.hpp"

namespace spear::client {

class GhostRunner {
 public:
  // The ghost of `replay`'s winner; null with *why when the replay has no result, or its
  // winner is not in it at the go. `replay` must outlive the ghost.
  static std::unique_ptr<GhostRunner> make(const replay::Replay& replay, std::string* why);

  // Shows the ghost `seconds` after its go (clamped to 0 .. the end of the recording);
  // `dt_cosmetic` moves its hair and head.
  void show(double seconds, float dt_cosmetic);
  // The ghost as drawn after the last show(); nullopt when it is not in the race then (it left).
  const std::optional<RunnerView>& view() const { return view_; }
  std::uint64_t course_seed() const { return replay_->seed; }

 private:
  GhostRunner(const replay::Replay& replay, sim::RunnerId runner, bool bot, std::string name);
  const replay::Replay* replay_;
  replay::ReplayPlayer player_;
  sim::RunnerId runner_;
  bool bot_;
  std::string name_;
  double go_seconds_ = 0.0;  // the race's go, seconds after the recording's first tick
  FigureMotion motion_;
  std::optional<RunnerView> view_;
};

// How long the own runner has been running in its current run: from the moment it was first
// seen running (its go: at once in a free run, after the 3-2-1 of a restart) until it starts
// over (a countdown again, or its distance falling back to the start).
class RunClock {
 public:
  // The own runner as drawn at session time `now` (null: none yet). Returns seconds since its
  // go (0 before it).
  double update(const RunnerView* own, double now);

 private:
  std::optional<double> go_;
  double last_distance_ = 0.0;
};

}  // namespace spear::client
