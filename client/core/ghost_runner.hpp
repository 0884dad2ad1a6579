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

  // Shows the ghost `seconds` after its go (clamped to 0 .. the end of the recording; past the
  // end of a run that ended in no crash, a player who quit during it, the ghost is gone);
  // `dt_cosmetic` moves its hair and head.
  void show(double seconds, float dt_cosmetic);
  // The ghost as drawn after the last show(); nullopt when it is not in the race then (it left).
  const std::optional<RunnerView>& view() const { return view_; }
  std::uint64_t course_seed() const { return replay_->seed; }
  const std::string& name() const { return name_; }
  // How far its raced run went, m (the replay's result).
  double result_distance_m() const { return replay_->result->results.front().distance_m; }
  // Runs start at different paces: a runner that joins a game runs at speed at once (a flying
  // start), one that gets up after a fall or stands through a 3-2-1 gets going first. Seconds
  // the ghost's run, and a standing start, reach kRampDistance later than a flying start:
  // shown `raced` seconds into an own run, the ghost is at raced − own ramp + its ramp, so two
  // runs that start differently are side by side once both are at speed.
  static constexpr double kRampDistance = 400.0;  // units, inside every course's clear start
  double ramp_seconds() const { return ramp_seconds_; }
  double standing_ramp_seconds() const { return standing_ramp_seconds_; }
  // The ghost's time to show beside an own run `raced` seconds in (RunClock, flying or not).
  double time_beside(double raced, bool own_flying) const;

 private:
  GhostRunner(const replay::Replay& replay, sim::RunnerId runner, bool bot, std::string name);
  const replay::Replay* replay_;
  replay::ReplayPlayer player_;
  sim::RunnerId runner_;
  bool bot_;
  std::string name_;
  double go_seconds_ = 0.0;    // the race's go, seconds after the recording's first tick
  bool ends_running_ = false;  // its run ended with the recording, not in a crash
  double ramp_seconds_ = 0.0;
  double standing_ramp_seconds_ = 0.0;
  FigureMotion motion_;
  std::optional<RunnerView> view_;
};

// A ghost and the replay it is raced from (which its GhostRunner reads).
struct Ghost {
  std::unique_ptr<replay::Replay> replay;
  std::unique_ptr<GhostRunner> runner;
};
// The ghost of `replay`'s winner; nullopt with *why when GhostRunner::make refuses it.
std::optional<Ghost> make_ghost(replay::Replay replay, std::string* why);

// How long the own runner has been running in its current run: from its go (seen running
// after a 3-2-1 or a restart; a run already under way when first seen, a flying start, from
// when it would have left the start at the speed it has) until it starts over (a countdown
// again, or its distance falling back to the start).
class RunClock {
 public:
  // The own runner as drawn at session time `now` (null: none yet). Returns seconds since its
  // go (0 before it).
  double update(const RunnerView* own, double now);
  // The current run was under way when first seen (a game's first run starts at speed).
  bool flying() const { return flying_; }

 private:
  std::optional<double> go_;
  double last_distance_ = 0.0;
  bool seen_ = false;
  bool flying_ = false;
};

}  // namespace spear::client
