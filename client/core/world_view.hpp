#pragma once
// The world as the client shows it: snapshots go into the interpolation buffer, every frame it
// is sampled at the time shown, the own runner is drawn from the prediction at the predicted
// present (the prediction clock), the view follows one runner, every figure gets its secondary
// motion and ground, and the obstacles their breakage. No connection and no clock: snapshots,
// names and time are passed in, the prediction is the input pipeline's.
//
// A big race's snapshots carry full poses only for the runners near the followed one and a
// summary of every other (net::Snapshot::others), with a rig cue: the runners cued are drawn
// from rigs of their own (core/crowd_rigs.hpp), the interpolation buffer taking their frames as
// it takes poses. Summaries without a figure are kept per runner, by tick, and shown at the
// same render time as the drawn runners (others()), for the scoreboard and race strip.
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "core/broken_obstacles.hpp"
#include "core/crowd_rigs.hpp"
#include "core/figure_motion.hpp"
#include "core/follow_selection.hpp"
#include "core/interpolation_buffer.hpp"
#include "core/own_runner_predictor.hpp"
#include "core/prediction_clock.hpp"
#include "core/race_view.hpp"
#include "core/runner_summary_view.hpp"
#include "core/runner_view.hpp"
#include "net/messages.hpp"
#include "net/protocol.hpp"

namespace spear::client {

class WorldView {
 public:
  // `predict_own`: the own runner is drawn from the prediction (else interpolated like the rest).
  explicit WorldView(bool predict_own) : predict_own_(predict_own) {}

  // A new connection attempt: nothing buffered, no clock.
  void reset();
  // Course units across the window (what the server is told): runners drawn from their rigs
  // are those near enough to it.
  void set_view_width(double units) { view_width_ = units; }
  void on_welcome(const net::Welcome& welcome);
  // A decoded snapshot that arrived at local time `now`.
  void on_snapshot(const net::Snapshot& snapshot, double now);
  // Runner names received so far (added to, never forgotten).
  void on_roster(const std::map<net::RunnerId, net::RosterEntry>& roster);
  // Samples the buffer at local time `now` and advances the prediction clock by `dt` seconds.
  void sample(double now, double dt);
  // Builds this frame's runners: `frame_dt` seconds since the last frame fades the prediction's
  // correction, `dt_cosmetic` moves the hair and head; `predictor` draws the own runner (null:
  // none yet).
  void build(float frame_dt, float dt_cosmetic, OwnRunnerPredictor* predictor);

  // Tab: follow the next runner of the race (drawn, or only listed: then once its poses come).
  void follow_next() { follow_.next(ids_, listed_); }
  // The runner the view follows, or the one it waits to cut to (what the server is told).
  std::optional<std::uint32_t> wanted_follow() const { return follow_.wanted(); }

  const std::vector<RunnerView>& runners() const { return runners_; }
  // Marks the own runner of the runners built last as held (or not).
  void hold_own(bool held);
  // This frame's runners known only from summaries (none of them among runners()), ascending
  // ids: each at the render time, its distance interpolated between the summaries around it (no
  // extrapolation: past the newest it stays there), absent while the render time is still before
  // its first one. Built by build().
  const std::vector<RunnerSummaryView>& others() const { return others_; }
  const RunnerView* followed() const;
  const RunnerView* own() const;
  // Obstacles from `from` to `to` course units, breakage as of the time the followed runner is
  // shown at (`predictor`: the own runner's prediction, or null).
  std::vector<ObstacleView> obstacles(double from, double to,
                                      const OwnRunnerPredictor* predictor) const;
  const InterpolationBuffer& buffer() const { return buffer_; }
  const PredictionClock& prediction_clock() const { return display_clock_; }
  double render_time() const { return buffer_.view().render_time; }
  const RaceView& race() const { return race_; }

 private:
  bool drawn_predicted(const OwnRunnerPredictor* p) const {
    return predict_own_ && p && p->active();
  }
  // The roster's name for runner `id` ("runner <id>" before its entry) and whether it is a bot
  // (its `flags` or the roster say so).
  std::pair<std::string, bool> identity(std::uint32_t id, std::uint8_t flags) const;
  // Keeps the snapshot's summaries (but of `drawn`, its runners drawn from their rigs, ascending
  // ids: those count as posed); forgets the runners not summed up for kSummaryMemory.
  void take_summaries(const net::Snapshot& s, const std::vector<std::uint32_t>& drawn);
  // others_ at the render time (after runners_ and ids_).
  void build_others();

  // A runner's summaries, ascending ticks (the newest at or before the render time and those
  // after it), and the first tick after the newest of them a snapshot held its full pose.
  struct SummaryTrack {
    std::deque<std::pair<net::Tick, net::RunnerSummary>> entries;
    std::optional<net::Tick> posed;
  };

  bool predict_own_;
  InterpolationBuffer buffer_;
  CrowdRigs crowd_;
  double view_width_ = net::kDefaultViewWidth;
  std::vector<std::uint32_t> crowd_drawn_;  // scratch of on_snapshot
  PredictionClock display_clock_;           // the own runner drawn at (and inputs stamped with)
  FollowSelection follow_;
  std::optional<std::uint32_t> own_;
  int tick_rate_ = 0;  // from Welcome (0: none yet)
  std::map<std::uint32_t, net::RosterEntry> roster_;
  BrokenObstacles broken_;
  std::uint64_t base_seed_ = 0;  // Welcome's course seed: race n's is sim::race_course_seed
  RaceView race_;
  FigureMotion figures_;
  std::vector<std::uint32_t> ids_;     // in view, ascending
  std::vector<std::uint32_t> listed_;  // of others_, ascending (Tab reaches them too)
  std::vector<RunnerView> runners_;
  std::map<std::uint32_t, SummaryTrack> summaries_;
  std::optional<net::Tick> newest_tick_;  // of any snapshot taken in
  std::vector<RunnerSummaryView> others_;
};

}  // namespace spear::client
