#include "core/world_view.hpp"

#include <algorithm>
#include <limits>
#include <string>
#include <tuple>

#include "sim/race_start.hpp"

namespace spear::client {

namespace {
// Seconds of snapshot time a runner stays known after the last snapshot that summed it up.
constexpr double kSummaryMemory = 2.0;
// Summaries kept per runner at most (the render time is at most InterpolationConfig::max_delay
// behind the newest; older ones are dropped as it passes them).
constexpr std::size_t kMaxSummaries = 64;
}  // namespace

void WorldView::reset() {
  buffer_.reset();
  crowd_.reset();
  display_clock_.reset();
  own_.reset();  // until the next Welcome names it
  race_.reset();
  tick_rate_ = 0;
  summaries_.clear();
  newest_tick_.reset();
  others_.clear();
}

void WorldView::on_welcome(const net::Welcome& w) {
  buffer_.set_rates(w.tick_rate, w.snapshot_rate);
  crowd_.set_tick_rate(w.tick_rate);
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
  // Runners cued without a pose are drawn from their rigs; the others the snapshot lists are
  // still in the race: the buffer holds them across the snapshots they wait for their turn.
  std::vector<RunnerFrame> frames;
  std::vector<std::uint32_t> others;
  buffer_input(s, crowd_, crowd_zone(s, follow_.wanted(), own_, view_width_), frames, crowd_drawn_,
               others);
  buffer_.push(s.tick, std::move(frames), now, std::move(others));
  take_summaries(s, crowd_drawn_);
}

void WorldView::take_summaries(const net::Snapshot& s, const std::vector<std::uint32_t>& drawn) {
  if (!newest_tick_ || s.tick > *newest_tick_) newest_tick_ = s.tick;
  // A full pose supersedes the summaries once the render time reaches it (until then the
  // earlier ones still stand for the runner: build_others drops the track there).
  const auto posed_at = [&](std::uint32_t id) {
    auto it = summaries_.find(id);
    if (it == summaries_.end() || s.tick <= it->second.entries.back().first) return;
    auto& posed = it->second.posed;
    const bool current = posed && *posed > it->second.entries.back().first;
    posed = current ? std::min(*posed, s.tick) : s.tick;
  };
  for (const auto& r : s.runners) posed_at(r.id);
  for (const std::uint32_t id : drawn) posed_at(id);
  for (const net::RunnerSummary& o : s.others) {
    if (std::binary_search(drawn.begin(), drawn.end(), o.id)) continue;
    auto& entries = summaries_[o.id].entries;
    auto at = std::lower_bound(entries.begin(), entries.end(), s.tick,
                               [](const auto& e, net::Tick t) { return e.first < t; });
    if (at != entries.end() && at->first == s.tick) {
      at->second = o;  // the same snapshot again
      continue;
    }
    entries.insert(at, {s.tick, o});
    while (entries.size() > kMaxSummaries) entries.pop_front();
  }
  const double memory_ticks = kSummaryMemory * buffer_.config().tick_rate;
  for (auto it = summaries_.begin(); it != summaries_.end();) {
    const auto& entries = it->second.entries;
    if (entries.empty() || *newest_tick_ - entries.back().first > memory_ticks)
      it = summaries_.erase(it);
    else
      ++it;
  }
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
  const auto followed = follow_.update(ids_, listed_);
  const bool predicting = predictor && predictor->active();
  runners_.clear();
  for (const auto& r : v.runners) {
    RunnerView rv;
    rv.frame = r;
    rv.lane = static_cast<int>(r.id);
    rv.followed = followed && *followed == r.id;
    rv.own = own_ && *own_ == r.id;
    // The own runner predicted, in the lab too: a lab key (a motion, P, M) shows on the next
    // frame drawn, its readouts (motion, phase, pause, treadmill) the prediction's.
    if (rv.own && predict_own_ && predicting) {
      const double display_tick = display_clock_.valid() ? display_clock_.time() * tick_rate_
                                                         : std::numeric_limits<double>::infinity();
      rv.frame = predictor->frame(r.id, frame_dt, display_tick);
      rv.rig_scroll = predictor->drawn_rig_scroll();
      rv.frame.flags =
          static_cast<std::uint8_t>(rv.frame.flags | (r.flags & net::runner_flags::kBot));
      rv.frame.combo = r.combo;  // HUD only: the snapshot's is a few ticks old
    }
    std::tie(rv.name, rv.bot) = identity(r.id, r.flags);
    figures_.apply(rv, dt_cosmetic);
    runners_.push_back(std::move(rv));
  }
  figures_.keep_only(ids_);
  build_others();
}

void WorldView::hold_own(bool held) {
  for (RunnerView& r : runners_) r.held = r.own && held;
}

std::pair<std::string, bool> WorldView::identity(std::uint32_t id, std::uint8_t flags) const {
  bool bot = (flags & net::runner_flags::kBot) != 0;
  if (auto it = roster_.find(id); it != roster_.end())
    return {it->second.name, bot || it->second.bot};
  return {"runner " + std::to_string(id), bot};
}

void WorldView::build_others() {
  // Ticks to seconds as the buffer maps them, so summaries and poses share one render time.
  const double tick_rate = buffer_.config().tick_rate;
  const double t = render_time();
  const auto time_of = [&](net::Tick tick) { return tick / tick_rate; };
  others_.clear();
  for (auto it = summaries_.begin(); it != summaries_.end();) {
    SummaryTrack& track = it->second;
    auto& entries = track.entries;
    if (track.posed && *track.posed > entries.back().first && t >= time_of(*track.posed)) {
      it = summaries_.erase(it);  // drawn from its pose from here on
      continue;
    }
    // The render time moves on: what lies before the newest summary at or before it is not
    // needed again (after a resync back in time the runner waits for summaries to reach it).
    while (entries.size() >= 2 && time_of(entries[1].first) <= t) entries.pop_front();
    const std::uint32_t id = it->first;
    ++it;
    if (std::binary_search(ids_.begin(), ids_.end(), id)) continue;  // drawn this frame
    if (time_of(entries.front().first) > t) continue;                // not shown yet
    const net::RunnerSummary& a = entries.front().second;
    RunnerSummaryView v;
    v.id = id;
    std::tie(v.name, v.bot) = identity(id, a.flags);
    v.own = own_ && *own_ == id;
    v.mode = a.mode;
    v.flags = a.flags;
    v.score = a.score;
    v.distance = a.distance;
    if (entries.size() >= 2) {
      const double ta = time_of(entries[0].first), tb = time_of(entries[1].first);
      const net::RunnerSummary& b = entries[1].second;
      // Backwards is a restart at the start line: it steps there, it does not sweep back.
      if (b.distance >= a.distance && tb > ta)
        v.distance =
            a.distance + (b.distance - a.distance) * std::clamp((t - ta) / (tb - ta), 0.0, 1.0);
    }
    others_.push_back(std::move(v));
  }
  listed_.clear();
  for (const RunnerSummaryView& o : others_) listed_.push_back(o.id);
  std::sort(listed_.begin(), listed_.end());
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
