#pragma once
// What the session measures about itself, apart from what it does: the net graph's readings
// (F3), the followed runner's joint pops, the press-to-leap reaction, frame and snapshot counts,
// the interpolation delay's mean and the runners seen and followed, for --stats-json
// (RunStats). Watches only: nothing here changes what is drawn or sent.
#include <cstdint>
#include <optional>
#include <set>

#include "core/interpolation_buffer.hpp"
#include "core/net_graph_sampler.hpp"
#include "core/pop_meter.hpp"
#include "core/reaction_meter.hpp"
#include "core/run_stats.hpp"
#include "core/runner_view.hpp"
#include "net/messages.hpp"

namespace spear::client {

class SessionInstruments {
 public:
  // An update starts at session time `now` (the first one starts the run's clock).
  void begin_update(double now);
  void on_welcome(const net::Welcome& welcome);
  void on_snapshot(const net::Snapshot& snapshot, double now);
  // A Jump for the own runner was pressed (timed from the next update, like the press).
  void on_jump_pressed() { press_pending_ = true; }
  // The presses of this update are in: a Jump among them starts the reaction timer at `now`.
  void on_presses_taken(double now);
  // The buffer was sampled this update.
  void on_sampled(const InterpolationBuffer& buffer);
  // The view follows `followed` this update.
  void on_followed(const RunnerView* followed);
  // Tab: the followed runner changes (a cut, not a pop).
  void on_cut() { pops_.cut(); }
  // The update's last step: a net graph reading from the totals (rtt: the input round trip).
  void record(double now, const NetTotals& totals, std::optional<double> rtt,
              const InterpolationBuffer& buffer);
  // A frame showing the views of the update at `now` was drawn (or would have been).
  void on_frame(bool drawn, double now, const RunnerView* own, const RunnerView* followed);

  std::uint64_t snapshots() const { return snapshots_; }
  // A reading closed during the last update, else nullopt.
  const std::optional<NetReading>& new_reading() const { return new_reading_; }
  const std::optional<NetReading>& latest_reading() const { return sampler_.latest(); }
  // Fills the measured part of `s` at session time `now`.
  void fill(RunStats& s, double now) const;

 private:
  NetGraphSampler sampler_;
  std::optional<NetReading> new_reading_;
  PopMeter pops_;
  ReactionMeter reaction_;
  bool press_pending_ = false;  // a Jump pressed since the last update
  double started_at_ = -1.0;
  std::uint64_t frames_ = 0;          // drawn
  std::uint64_t frames_sampled_ = 0;  // every frame
  double delay_sum_ = 0.0;
  std::uint64_t delay_samples_ = 0;
  std::uint64_t snapshots_ = 0;
  std::set<std::uint32_t> followed_seen_, runners_seen_;
};

}  // namespace spear::client
