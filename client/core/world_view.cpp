#include "core/world_view.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "sim/race_start.hpp"

namespace spear::client {

void WorldView::reset() {
  buffer_.reset();
  display_clock_.reset();
  own_.reset();  // until the next Welcome names it
  race_.reset();
  tick_rate_ = 0;
}

void WorldView::on_welcome(const net::Welcome& w) {
  buffer_.set_rates(w.tick_rate, w.snapshot_rate);
  broken_.set_course(w.course_seed);
  base_seed_ = w.course_seed;
  own_ = w.runner_id ? std::optional<std::uint32_t>(*w.runner_id) : std::nullopt;
  tick_rate_ = w.tick_rate;
  follow_.set_own(own_);
  display_clock_.reset();
}

void WorldView::on_snapshot(const net::Snapshot& s, double now) {
  race_.on_snapshot(s);
  if (const auto& r = race_.status()) {
    // The results are stood at the next race's course already.
    const bool results = r->phase == net::RacePhase::Results;
    broken_.set_course(sim::race_course_seed(base_seed_, results ? r->race + 1 : r->race));
  }
  broken_.on_snapshot(s);
  std::vector<RunnerFrame> frames;
  frames.reserve(s.runners.size());
  for (const auto& r : s.runners) frames.push_back(runner_frame(r));
  buffer_.push(s.tick, std::move(frames), now);
}

void WorldView::on_roster(const std::map<net::RunnerId, net::RosterEntry>& roster) {
  for (const auto& [id, entry] : roster) roster_[id] = entry;
}

void WorldView::sample(double now, double dt) {
  buffer_.sample(now);
  if (buffer_.clock().valid()) display_clock_.advance(dt, buffer_.clock().server_time_at(now));
}

void WorldView::build(float frame_dt, float dt_cosmetic, OwnRunnerPredictor* predictor) {
  const InterpolatedView& v = buffer_.view();
  ids_.clear();
  for (const auto& r : v.runners) ids_.push_back(r.id);
  std::sort(ids_.begin(), ids_.end());
  const auto followed = follow_.update(ids_);
  const bool predicting = predictor && predictor->active();
  runners_.clear();
  for (const auto& r : v.runners) {
    RunnerView rv;
    rv.frame = r;
    rv.lane = static_cast<int>(r.id);
    rv.followed = followed && *followed == r.id;
    rv.own = own_ && *own_ == r.id;
    // The own runner predicted, except in the lab (no timing there; its readouts come from the
    // server) and on the way in or out of it.
    const bool lab = (r.flags & net::runner_flags::kLab) ||
                     (predictor && predictor->state().mode == sim::RunnerMode::Lab);
    if (rv.own && predict_own_ && predicting && !lab) {
      const double display_tick = display_clock_.valid() ? display_clock_.time() * tick_rate_
                                                         : std::numeric_limits<double>::infinity();
      rv.frame = predictor->frame(r.id, frame_dt, display_tick);
      rv.rig_scroll = predictor->drawn_rig_scroll();
      rv.frame.flags =
          static_cast<std::uint8_t>(rv.frame.flags | (r.flags & net::runner_flags::kBot));
      rv.frame.combo = r.combo;  // HUD only: the snapshot's is a few ticks old
    } else if (rv.own && lab && predicting) {
      // Drawn from snapshots in the lab, but the rig's own travel is the prediction's (the
      // treadmill follows it a delay later at the same speed).
      rv.rig_scroll = predictor->state().rig.scroll;
    }
    rv.bot = (r.flags & net::runner_flags::kBot) != 0;
    if (auto it = roster_.find(r.id); it != roster_.end()) {
      rv.name = it->second.name;
      rv.bot = rv.bot || it->second.bot;
    } else {
      rv.name = "runner " + std::to_string(r.id);
    }
    figures_.apply(rv, dt_cosmetic);
    runners_.push_back(std::move(rv));
  }
  figures_.keep_only(ids_);
}

const RunnerView* WorldView::followed() const {
  for (const auto& r : runners_)
    if (r.followed) return &r;
  return nullptr;
}

const RunnerView* WorldView::own() const {
  for (const auto& r : runners_)
    if (r.own) return &r;
  return nullptr;
}

std::vector<ObstacleView> WorldView::obstacles(double from, double to,
                                               const OwnRunnerPredictor* p) const {
  const RunnerView* f = followed();
  const double tick_rate = tick_rate_ > 0 ? tick_rate_ : 60.0;
  std::optional<PredictedShown> predicted;
  if (f && f->own && drawn_predicted(p) && p->next_tick() > 0)
    predicted = PredictedShown{&p->state(), p->next_tick() - 1};
  return broken_.in_view(from, to, f, tick_rate, render_time(), predicted);
}

}  // namespace spear::client
