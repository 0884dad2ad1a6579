#pragma once
// Client-side prediction of the own runner (after Valve's Source and Overwatch netcode): the
// client steps its runner with the shared sim at the present tick, each input applied at the
// tick it was pressed, the course known from the seed. The server applies those inputs at the
// same ticks (lag compensation, sim::MatchConfig::rewind_ticks), so the prediction is the
// server's runner, ahead of the snapshots. Each snapshot's check (sim/runner_check.hpp) says
// which inputs the server had to apply later than stamped: the client moves them in its
// history and re-simulates, and compares a state hash to find out whether it is still exact.
// A correction is faded out over a few frames (never a pop).
//
// What is drawn is not the last stepped tick but the runner between the last two stepped ticks
// at the display time (a fixed-timestep accumulator's blend factor, after Fiedler's "Fix Your
// Timestep"): the sim steps whole 60 Hz ticks, the screen any rate, and the figure moves evenly.
//
// Before its first input the runner has only run: the predictor finds it by stepping a fresh
// runner until its state hash equals the server's (alignment). In a race's match it may also
// have stood at the start line since the match began: a second probe steps that standing state.
//
// Races: each race is a new sim match on a new course, every runner re-seated at the line at a
// tick both sides know ahead (net::RaceStatus). restart_at() names that tick: advance() begins
// the new match there, from the known start state, so prediction stays exact across it.
#include <array>
#include <cstdint>
#include <deque>
#include <functional>
#include <limits>
#include <map>
#include <optional>
#include <vector>

#include "core/runner_frame.hpp"
#include "net/messages.hpp"
#include "sim/course.hpp"
#include "sim/runner_check.hpp"
#include "sim/runner_history.hpp"

namespace spear::client {

struct PredictionConfig {
  std::size_t history_ticks = 240;  // ticks of predicted states kept (4 s at 60 Hz)
  double correction_time = 0.1;     // s: time constant of fading a correction out
  float max_correction_step = 2.f;  // units: a correction moves a joint at most this per frame
  float snap_distance = 300.f;      // units: a larger correction (a restart) is not faded
  int give_up_after = 3;            // consecutive mismatched checks before prediction stops
  // Ticks stepped at most by one advance() or one alignment attempt. A present or a check far
  // ahead (a hitch of seconds, or a hostile server's tick of 2·10⁹) is then caught up over
  // frames, never in one unbounded loop: the frame loop, --duration and the link stay alive.
  std::uint32_t max_steps_per_call = 240;
};

struct PredictionStats {
  std::uint64_t checks = 0;  // hashes compared
  std::uint64_t matches = 0;
  std::uint64_t mismatches = 0;
  std::uint64_t bad_checks = 0;  // malformed sim_state
  std::uint64_t moves = 0;       // inputs moved to the tick the server applied them at
  std::uint64_t lost_moves = 0;  // moves older than the history (cannot be repaired)
  std::uint64_t resimulations = 0;
  std::uint64_t corrections = 0;       // re-simulations that changed what is shown
  double worst_correction = 0.0;       // units: the largest correction (before fading)
  double worst_correction_step = 0.0;  // units: the largest per-frame move of a fading correction
  std::uint64_t capped_calls = 0;      // advance()/alignment calls cut at max_steps_per_call
  std::uint64_t restarts = 0;          // new races' matches begun at the tick named ahead
  bool gave_up = false;
};

class OwnRunnerPredictor {
 public:
  // The input for `tick`, given the runner's state before that tick.
  using Decide = std::function<sim::Input(const sim::RunnerState&, net::Tick)>;

  OwnRunnerPredictor(std::uint64_t course_seed, int tick_rate, PredictionConfig config = {});
  // The runner in a race's match that began at `first_tick`; `line_wait`: its runners stood at
  // the line for that many ticks from there (sim::race_start_state), so a runner seated with
  // them may be found standing too (nullopt: only a fresh running runner is probed).
  OwnRunnerPredictor(std::uint64_t course_seed, int tick_rate, PredictionConfig config,
                     net::Tick first_tick, std::optional<std::uint32_t> line_wait);

  // The next race's match begins at `tick` on `course_seed`, the runner standing `wait` ticks at
  // the line (sim::race_start_state; away stays away). Repeating it changes nothing; a tick
  // already stepped restarts at once and steps again to where it was, own inputs kept.
  void restart_at(net::Tick tick, std::uint64_t course_seed, std::uint32_t wait);
  // First tick of the match predicted (nullopt: not known, the predictor of an endless match).
  std::optional<net::Tick> first_tick() const { return first_tick_; }
  // The tick of the restart named and not yet reached.
  std::optional<net::Tick> pending_restart() const {
    return restart_ ? std::optional<net::Tick>(restart_->tick) : std::nullopt;
  }

  // The own runner's part of a snapshot: its check, and its distance there (for alignment).
  void on_snapshot(const net::OwnRunnerState& own, std::optional<double> distance);
  // Predicting (aligned and not given up).
  bool active() const { return aligned_ && !stats_.gave_up; }
  // The server sends checks (else it predates prediction, and the client must not wait for it).
  bool server_checks() const { return checks_seen_; }

  // Steps the runner through tick `present` (inclusive), asking `decide` for each tick's input.
  // Returns the inputs to send, one per stepped tick (stamped with it, empty ones included).
  // Nothing before alignment.
  std::vector<sim::Input> advance(net::Tick present, const Decide& decide);
  net::Tick next_tick() const { return next_tick_; }  // the tick stepped next

  const sim::RunnerState& state() const { return state_; }  // after next_tick() − 1
  // The predicted state after `tick`, while it is in the history.
  std::optional<sim::RunnerState> state_after(net::Tick tick) const;
  const sim::Course& course() const { return course_; }
  float dt() const { return dt_; }

  // The runner to draw (`id`, plus `flags` such as kBot) at `display_tick` (the display time in
  // ticks, fractional), with the correction still fading; advances the fade by dt_frame
  // seconds. As a fixed-timestep accumulator renders between its previous and current state,
  // the frame trails the newest stepped state by one tick: the state after tick n is drawn at
  // display tick n + 1, the one after n − 1 at n, and in between they blend (distance, every
  // joint, the IK targets). With display tick D the caller steps through floor(D), so the
  // blend factor is D's fraction. No display tick: the newest state. The speed is the ground
  // speed of the tick drawn (units/s): smooth, because the sim's is.
  RunnerFrame frame(std::uint32_t id, float dt_frame,
                    double display_tick = std::numeric_limits<double>::infinity());
  // The rig's own ground travel (RigState::scroll, units) as drawn by the last frame().
  double drawn_rig_scroll() const { return drawn_rig_scroll_; }
  const PredictionStats& stats() const { return stats_; }
  // Goes on counting from `earlier` (a predictor that replaces another: a new race's match the
  // client joined or learned of late). gave_up is not carried: the new match is a new start.
  void carry_stats(PredictionStats earlier) {
    earlier.gave_up = false;
    stats_ = earlier;
  }

 private:
  void try_align(const sim::RunnerCheck& check, double distance);
  void try_align_standing(const sim::RunnerCheck& check);
  void aligned_at(const sim::RunnerState& s, net::Tick hash_tick);
  void restart_now();
  void reconcile(const sim::RunnerCheck& check, net::Tick acked);
  RunnerFrame raw_frame() const;
  // The frame between the state after tick next_tick() − 2 and the last one, at `alpha` 0..1.
  RunnerFrame blended_frame(double alpha) const;
  const sim::RunnerState& previous_state() const;  // after tick next_tick() − 2, or state()

  PredictionConfig config_;
  sim::Course course_;
  float dt_;
  sim::RunnerHistory history_;
  sim::RunnerState state_{};
  net::Tick next_tick_ = 0;
  bool aligned_ = false;
  bool checks_seen_ = false;
  int mismatch_run_ = 0;
  sim::Input applied_at(net::Tick tick) const;  // every own input the server applies at `tick`

  std::map<net::Tick, sim::Input> stamped_;  // own inputs with buttons, by the tick stamped
  std::map<net::Tick, net::Tick> moved_;     // stamp -> tick the server applied it at
  // Alignment: a fresh runner stepped without input, its last states.
  sim::RunnerState probe_{};
  std::uint32_t probe_steps_ = 0;
  std::deque<sim::RunnerState> probe_recent_;
  // The match: its first tick, a standing probe (the state after first_tick_ + line_steps_ − 1),
  // the next race's match.
  std::optional<net::Tick> first_tick_;
  std::optional<sim::RunnerState> line_probe_;
  std::uint32_t line_steps_ = 0;
  std::deque<sim::RunnerState> line_recent_;
  struct Restart {
    net::Tick tick = 0;
    std::uint64_t seed = 0;
    std::uint32_t wait = 0;
  };
  std::optional<Restart> restart_;
  // Shown = predicted + offset; the offset fades to 0.
  double distance_offset_ = 0.0;
  std::array<rig::Vec2, rig::kJointCount> joint_offset_{};
  double alpha_ = 1.0;  // the blend factor of the last frame()
  double drawn_rig_scroll_ = 0.0;
  PredictionStats stats_;
};

}  // namespace spear::client
