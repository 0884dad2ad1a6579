#include "core/interpolation_buffer.hpp"

#include <algorithm>
#include <cmath>

#include "core/pose_blend.hpp"
#include "core/treadmill.hpp"
#include "net/bridge_residual.hpp"
#include "net/messages.hpp"

namespace spear::client {

namespace {
constexpr double kClockGain = 2.0;      // 1/s: playback rate correction per second of error
constexpr double kMaxRateChange = 0.1;  // playback runs at 0.9×..1.1× real time
constexpr double kResnap = 0.5;         // seconds of error beyond which the clock jumps
constexpr double kMaxSpeed = 1500.0;    // units/s: a faster anchor move is a teleport (restart)
constexpr double kStaleGap = 0.25;      // seconds: two snapshots this far apart do not extrapolate
constexpr double kMaxDistanceFade = 800.0;   // units (2 s of running): a larger one snaps
constexpr double kMinCorrectionSpeed = 6.0;  // units/s: the slowest a correction fades (it ends)

// The factor that fades a correction of `size` units by one frame: exponentially (`keep`), but
// by no more than max_step and by at least min_step (so that it ends).
double fade_factor(double size, double keep, double min_step, double max_step) {
  if (size <= min_step) return 0.0;
  return 1.0 - std::clamp(size * (1.0 - keep), min_step, max_step) / size;
}

bool teleported(const RunnerFrame& a, const RunnerFrame& b, double dt) {
  return std::abs(b.distance - a.distance) > kMaxSpeed * dt + 10.0;
}

// The lab's readouts between (or, t > 1, past) two frames of one runner, `span` seconds apart.
// Only within one lab stay: a frame outside the lab carries none. The treadmill moves on across
// a switch of motion (the rig's ground speed blends through it) and is the lab runner's ground
// speed; a new motion's phase starts afresh.
void blend_lab(RunnerFrame& out, const RunnerFrame& a, const RunnerFrame& b, float t, double span) {
  if (!(a.flags & b.flags & net::runner_flags::kLab)) return;
  const double moved = treadmill_gap(a.lab_scroll, b.lab_scroll);
  out.lab_scroll = wrap_treadmill(a.lab_scroll + moved * t);
  if (span > 0.0) out.speed = static_cast<float>(moved / span);
  if (a.lab_motion != b.lab_motion) return;
  out.lab_phase = lerp_phase(a.lab_phase, b.lab_phase, t);
  out.lab_gait = std::clamp(a.lab_gait + (b.lab_gait - a.lab_gait) * t, 0.f, 1.f);
  if (a.ik && b.ik && out.ik) out.ik = lerp_rig_debug(*a.ik, *b.ik, t);
}

RunnerFrame blend(const RunnerFrame& a, const RunnerFrame& b, double t, double span) {
  RunnerFrame out = t < 1.0 ? a : b;  // discrete fields: the state at or before the render time
  out.pose = lerp_pose(a.pose, b.pose, static_cast<float>(t));
  out.distance = a.distance + (b.distance - a.distance) * t;
  out.speed = static_cast<float>((b.distance - a.distance) / span);
  blend_lab(out, a, b, static_cast<float>(t), span);
  return out;
}
}  // namespace

const RunnerFrame* InterpolationBuffer::Snapshot::find(std::uint32_t id) const {
  for (const auto& r : runners)
    if (r.id == id) return &r;
  return nullptr;
}

const net::RunnerBridge* InterpolationBuffer::Snapshot::bridge(std::uint32_t id) const {
  for (const auto& [rid, b] : bridges)
    if (rid == id) return &b;
  return nullptr;
}

bool InterpolationBuffer::Snapshot::lists(std::uint32_t id) const {
  return std::binary_search(others.begin(), others.end(), id);
}

std::vector<std::uint32_t> InterpolationBuffer::others_between(
    const Snapshot& from, const Snapshot& carrier, const std::vector<RunnerFrame>& runners) {
  std::vector<std::uint32_t> out;
  const auto take = [&](std::uint32_t id) {
    if (!carrier.in_race(id)) return;
    for (const auto& r : runners)
      if (r.id == id) return;
    out.push_back(id);
  };
  for (const std::uint32_t id : from.others) take(id);
  for (const auto& r : from.runners) take(r.id);
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

InterpolationBuffer::Snapshot* InterpolationBuffer::find_snapshot(std::uint32_t tick) {
  auto it = std::lower_bound(snapshots_.begin(), snapshots_.end(), tick,
                             [](const Snapshot& s, std::uint32_t t) { return s.tick < t; });
  return it != snapshots_.end() && it->tick == tick ? &*it : nullptr;
}

InterpolationBuffer::InterpolationBuffer(InterpolationConfig config) : config_(config) {
  if (!(config_.tick_rate > 0)) config_.tick_rate = 60.0;
  if (!(config_.snapshot_rate > 0)) config_.snapshot_rate = 30.0;
  config_.capacity = std::max<std::size_t>(config_.capacity, 4);
}

void InterpolationBuffer::set_rates(double tick_rate, double snapshot_rate) {
  if (tick_rate > 0) config_.tick_rate = tick_rate;
  if (snapshot_rate > 0) config_.snapshot_rate = snapshot_rate;
  for (auto& s : snapshots_) s.time = s.tick / config_.tick_rate;
}

void InterpolationBuffer::reset() { *this = InterpolationBuffer(config_); }

double InterpolationBuffer::target_delay() const {
  const double base = delay_intervals() / config_.snapshot_rate;
  return std::clamp(base + config_.jitter_margin * clock_.jitter(), config_.min_delay,
                    config_.max_delay);
}

double InterpolationBuffer::loss() const {
  if (!stats_.first_tick || !stats_.newest_tick) return 0.0;
  const double stride = std::max(1.0, std::round(config_.tick_rate / config_.snapshot_rate));
  const double expected = std::floor((*stats_.newest_tick - *stats_.first_tick) / stride) + 1.0;
  const double arrived = static_cast<double>(unique_ + stats_.too_old);
  return std::clamp(1.0 - arrived / expected, 0.0, 1.0);
}

InterpolationBuffer::Insert InterpolationBuffer::push(std::uint32_t tick,
                                                      std::vector<RunnerFrame> runners,
                                                      double local_time,
                                                      std::vector<std::uint32_t> others) {
  ++stats_.received;
  if (!std::is_sorted(others.begin(), others.end())) std::sort(others.begin(), others.end());
  others.erase(std::unique(others.begin(), others.end()), others.end());
  const double time = tick / config_.tick_rate;
  std::vector<std::pair<std::uint32_t, net::RunnerBridge>> bridges;
  for (auto& r : runners) {
    if (!r.bridge.empty()) bridges.emplace_back(r.id, r.bridge);
    r.bridge = {};
  }
  auto it = std::lower_bound(snapshots_.begin(), snapshots_.end(), tick,
                             [](const Snapshot& s, std::uint32_t t) { return s.tick < t; });
  if (it != snapshots_.end() && it->tick == tick) {
    if (!it->rebuilt) {
      ++stats_.duplicates;
      return Insert::Duplicate;
    }
    // The real one after its stand-in (reordered): it holds the truth to within the residual
    // threshold, so the change is below what one frame of motion shows.
    note_revised(*it);
    it->runners = std::move(runners);
    it->bridges = std::move(bridges);
    it->others = std::move(others);
    it->rebuilt = false;
    it->guesses = 0;
    ++stats_.rebuilt_replaced;
    ++stats_.reordered;
    ++unique_;
    clock_.on_snapshot(time, local_time);
    rebuild_from(tick);  // what it carries may rebuild its predecessors better than its stand-in
    return Insert::Added;
  }
  // Older than the snapshot before the one playback stands on: it can change nothing (older
  // ones are kept only for runners missing from the snapshots since, see prune).
  if (playing_ && !snapshots_.empty()) {
    const auto past = std::upper_bound(snapshots_.begin(), snapshots_.end(), render_time_,
                                       [](double v, const Snapshot& s) { return v < s.time; });
    const auto stand = past - std::min<std::ptrdiff_t>(past - snapshots_.begin(), 2);
    if (past != snapshots_.begin() && it <= stand) {
      ++stats_.too_old;
      return Insert::TooOld;
    }
  }
  if (it != snapshots_.end()) ++stats_.reordered;
  clock_.on_snapshot(time, local_time);
  note_arrival(tick, local_time);
  note_turns(tick, runners, others, local_time);
  if (!stats_.first_tick || tick < *stats_.first_tick) stats_.first_tick = tick;
  if (!stats_.newest_tick || tick > *stats_.newest_tick) stats_.newest_tick = tick;
  ++unique_;
  snapshots_.insert(it, Snapshot{tick, time, std::move(runners), false, 0, std::move(bridges),
                                 std::move(others)});
  rebuild_from(tick);
  while (snapshots_.size() > config_.capacity) snapshots_.pop_front();
  return Insert::Added;
}

void InterpolationBuffer::rebuild_from(std::uint32_t tick) {
  // This one may rebuild its lost predecessors; a late one may complete what a newer one needs
  // (or give a guessed start its truth, so that what was rebuilt against the guess is redone).
  std::vector<std::uint32_t> later;
  for (const auto& s : snapshots_)
    if (s.tick >= tick && !s.rebuilt) later.push_back(s.tick);
  for (const std::uint32_t t : later) rebuild_lost(t);
}

void InterpolationBuffer::note_arrival(std::uint32_t tick, double local_time) {
  if (!stats_.newest_tick && config_.start_lossy) {
    // Until the path shows how it is: as over a lossy one that loses three in a row.
    recent_loss_ = 2.0 * config_.lossy_loss;
    last_burst_ = local_time;
    last_long_burst_ = local_time;
    long_burst_run_ = 3.0;
    extra_intervals_ =
        std::max(0.0, std::max(config_.lossy_delay_intervals, config_.burst_delay_intervals) -
                          config_.delay_intervals);
  }
  if (stats_.newest_tick && tick <= *stats_.newest_tick) return;  // a late one: counted lost
  const double stride = std::max(1.0, std::round(config_.tick_rate / config_.snapshot_rate));
  const double missing =
      stats_.newest_tick ? std::max(0.0, std::round((tick - *stats_.newest_tick) / stride) - 1.0)
                         : 0.0;
  // An average over the expected snapshots, each lost (1) or not (0).
  const double a = std::clamp(1.0 / (config_.snapshot_rate * config_.loss_memory), 0.0, 1.0);
  const double n = std::min(missing, 1000.0);
  for (double k = 0; k < n; ++k) recent_loss_ += a * (1.0 - recent_loss_);
  recent_loss_ -= a * recent_loss_;
  if (missing >= 2.0) last_burst_ = local_time;
  if (missing >= 3.0) {
    const bool going_on = last_long_burst_ && local_time - *last_long_burst_ < config_.burst_memory;
    long_burst_run_ = going_on ? std::max(long_burst_run_, missing) : missing;
    last_long_burst_ = local_time;
  }
}

void InterpolationBuffer::note_turns(std::uint32_t tick, const std::vector<RunnerFrame>& runners,
                                     const std::vector<std::uint32_t>& others, double local_time) {
  if (stats_.newest_tick && tick < *stats_.newest_tick) return;  // reordered: counted already
  const double stride = std::max(1.0, std::round(config_.tick_rate / config_.snapshot_rate));
  if (last_turn_ && local_time - *last_turn_ > config_.turn_memory) turn_intervals_ = 0.0;
  for (const RunnerFrame& r : runners) {
    auto [t, fresh] = turns_.try_emplace(r.id, Turn{tick, false});
    if (fresh || tick <= t->second.posed_tick) continue;
    if (t->second.waiting && tick - t->second.posed_tick <= kMaxRunnerGapTicks) {
      // Back from its turn: drawn between its poses once the delay spans the gap.
      turn_intervals_ = std::max(turn_intervals_, (tick - t->second.posed_tick) / stride);
      last_turn_ = local_time;
    }
    t->second = Turn{tick, false};
  }
  for (const std::uint32_t id : others)
    if (const auto t = turns_.find(id); t != turns_.end()) t->second.waiting = true;
  // Runners long gone are forgotten (the map stays the size of the race).
  if (turns_.size() > 2 * (runners.size() + others.size()) + 64)
    std::erase_if(turns_, [&](const auto& e) {
      return tick > e.second.posed_tick + 10 * kMaxRunnerGapTicks;
    });
}

void InterpolationBuffer::adapt_delay(double dt, double local_time) {
  const bool lossy = recent_loss_ > config_.lossy_loss && last_burst_ &&
                     local_time - *last_burst_ < config_.burst_memory;
  const bool long_bursts =
      last_long_burst_ && local_time - *last_long_burst_ < config_.burst_memory;
  const double longer =
      std::clamp(long_burst_run_ - 3.0, 0.0, std::max(0.0, config_.max_longer_burst_intervals));
  const double lossy_intervals =
      long_bursts ? std::max(config_.lossy_delay_intervals, config_.burst_delay_intervals + longer)
                  : config_.lossy_delay_intervals;
  double goal = lossy ? std::max(0.0, lossy_intervals - config_.delay_intervals) : 0.0;
  if (last_turn_ && local_time - *last_turn_ <= config_.turn_memory) {
    const double turns =
        std::min(turn_intervals_ + config_.turn_margin_intervals, config_.max_turn_delay_intervals);
    goal = std::max(goal, turns - config_.delay_intervals);
  }
  const double step = config_.delay_slew * dt;
  extra_intervals_ += std::clamp(goal - extra_intervals_, -step, step);
}

void InterpolationBuffer::note_revised(const Snapshot& s) {
  if (!playing_) return;
  auto b = std::upper_bound(snapshots_.begin(), snapshots_.end(), render_time_,
                            [](double time, const Snapshot& x) { return time < x.time; });
  if (b == snapshots_.end() || s.time <= b->time) revised_ = true;
}

bool InterpolationBuffer::insert_rebuilt(std::uint32_t lost, std::uint32_t tick,
                                         std::size_t level) {
  const Snapshot* carrier = find_snapshot(tick);
  auto at = std::lower_bound(snapshots_.begin(), snapshots_.end(), lost,
                             [](const Snapshot& s, std::uint32_t t) { return s.tick < t; });
  // Only with a start before it and the carrier after it.
  if (!carrier || at == snapshots_.begin() || at == snapshots_.end() || tick <= lost) return false;
  const bool replace = at->tick == lost;
  if (replace && !at->rebuilt) return false;  // received: nothing to rebuild
  // Only into a gap that reaches the carrier: what lies between was lost too (rebuilt, at most).
  // A received one between bridges it with what it carried, or had nothing to say (the chord is
  // within the threshold).
  for (auto it = replace ? at + 1 : at; it->tick < tick; ++it)
    if (!it->rebuilt) return false;
  const Snapshot& from = *(at - 1);
  const std::uint32_t chord_gap = lost - from.tick, gap = tick - lost;
  const double span = carrier->time - from.time;
  if (span <= 0.0 || chord_gap > net::kMaxBridgeGap || gap > net::kMaxBridgeGap) return false;
  const double u = static_cast<double>(net::bridge_share(chord_gap, gap));
  // Residuals against a guessed start rebuild a guess; a chord with none, more of one.
  const std::uint8_t guesses = level >= net::kBridgeDepth ? 2 : from.guesses > 0 ? 1 : 0;
  if (replace && guesses >= at->guesses) return false;
  std::vector<RunnerFrame> runners;
  runners.reserve(carrier->runners.size());
  for (const auto& rb : carrier->runners) {
    const RunnerFrame* ra = from.find(rb.id);
    if (!ra) continue;  // appears with the carrier, as when bridging
    if (teleported(*ra, rb, span)) {
      runners.push_back(*ra);  // a restart steps at the carrier, as when bridging
      continue;
    }
    RunnerFrame out = blend(*ra, rb, u, span);
    const net::BridgePoint a = net::bridge_point(ra->pose, ra->distance);
    const net::BridgePoint b = net::bridge_point(rb.pose, rb.distance);
    const net::RunnerBridge* bridge = level < net::kBridgeDepth ? carrier->bridge(rb.id) : nullptr;
    const net::BridgeResidual* res =
        bridge && bridge->back[level] ? &*bridge->back[level] : nullptr;
    const net::BridgePoint p = res && res->gap == gap && res->chord_gap == chord_gap
                                   ? net::apply_bridge_residual(a, b, *res)
                                   : net::bridge_chord(a, b, chord_gap, gap);
    out.pose.joints = p.joints;
    out.distance = p.distance;
    runners.push_back(out);
  }
  for (const auto& ra : from.runners)
    if (!carrier->find(ra.id)) runners.push_back(ra);  // leaves at the carrier
  std::vector<std::uint32_t> others = others_between(from, *carrier, runners);
  if (replace) {
    note_revised(*at);
    at->runners = std::move(runners);
    at->others = std::move(others);
    at->guesses = guesses;
  } else {
    note_revised(*at);  // it changes the interval playback may be in
    snapshots_.insert(at, Snapshot{.tick = lost,
                                   .time = lost / config_.tick_rate,
                                   .runners = std::move(runners),
                                   .rebuilt = true,
                                   .guesses = guesses,
                                   .bridges = {},
                                   .others = std::move(others)});
  }
  ++stats_.rebuilt;
  return true;
}

std::uint32_t InterpolationBuffer::stride() const {
  return static_cast<std::uint32_t>(
      std::max(1.0, std::round(config_.tick_rate / config_.snapshot_rate)));
}

bool InterpolationBuffer::insert_smoothed(std::uint32_t first, std::uint32_t tick) {
  const std::uint32_t st = stride();
  const Snapshot* carrier = find_snapshot(tick);
  auto at = std::lower_bound(snapshots_.begin(), snapshots_.end(), first,
                             [](const Snapshot& s, std::uint32_t t) { return s.tick < t; });
  if (!carrier || at == snapshots_.begin() || at == snapshots_.end() || at->tick == first)
    return false;
  for (auto it = at; it->tick < tick; ++it)
    if (!it->rebuilt) return false;  // a received one between: its residuals say more
  const Snapshot& from = *(at - 1);
  // The one before the first of three lost may be lost too (four in a row): it is guessed
  // with it.
  const bool hidden = from.tick + 2 * st == first;
  if ((!hidden && from.tick + st != first) || tick != first + (net::kBridgeDepth + 1) * st)
    return false;
  const Snapshot* before =
      at - 1 != snapshots_.begin() && (at - 2)->tick + st == from.tick ? &*(at - 2) : nullptr;
  const Snapshot* next = find_snapshot(tick + st);
  if (next && next->rebuilt) next = nullptr;
  const double span = carrier->time - from.time;
  const double intervals = static_cast<double>((tick - from.tick) / st);
  std::vector<RunnerFrame> runners, hidden_runners;
  runners.reserve(carrier->runners.size());
  for (const auto& rb : carrier->runners) {
    const RunnerFrame* ra = from.find(rb.id);
    if (!ra) continue;  // appears with the carrier, as when bridging
    if (teleported(*ra, rb, span)) {
      runners.push_back(*ra);  // a restart steps at the carrier, as when bridging
      if (hidden) hidden_runners.push_back(*ra);
      continue;
    }
    RunnerFrame out = blend(*ra, rb, (hidden ? 2.0 : 1.0) / intervals, span);
    const RunnerFrame* rn = next ? next->find(rb.id) : nullptr;
    if (rn && teleported(rb, *rn, span / intervals)) rn = nullptr;
    const RunnerFrame* rq = before ? before->find(rb.id) : nullptr;
    if (rq && teleported(*rq, *ra, span / intervals)) rq = nullptr;
    const net::RunnerBridge* bridge = carrier->bridge(rb.id);
    const net::RunnerBridge carried = bridge ? *bridge : net::RunnerBridge{};
    // The carrier's residual against its own guess, made from the two before the first of three
    // and without the one after the carrier (which it could not know): that guess plus the
    // residual. Without one (or without the second before the gap), the guess with all there is.
    // A guess residual applies where its gaps are the ones its level is made for.
    const auto strides_back = [st](const std::optional<net::BridgeResidual>& r,
                                   std::uint32_t strides) {
      return r && r->chord_gap == st && r->gap == strides * st;
    };
    const bool gaps = strides_back(carried.guess, net::kBridgeDepth + 1);
    const net::BridgeResidual* res = gaps && (hidden || rq) ? &*carried.guess : nullptr;
    const auto point = [](const RunnerFrame& f) { return net::bridge_point(f.pose, f.distance); };
    const std::optional<net::BridgePoint> q = rq ? std::optional(point(*rq)) : std::nullopt;
    if (hidden) {
      // The carrier's residual against its guess of the one before the first of three (made
      // with the one before the gap's start, without the one after the carrier), when sent.
      const net::BridgeResidual* hres =
          strides_back(carried.hidden, net::kBridgeDepth + 2) && rq ? &*carried.hidden : nullptr;
      const std::optional<net::BridgePoint> n =
          rn && !hres ? std::optional(point(*rn)) : std::nullopt;
      const net::BridgePoint pa = point(*ra), pb = point(rb);
      net::BridgePoint h =
          net::bridge_guess_hidden(q ? &*q : nullptr, pa, pb, n ? &*n : nullptr, carried, res, st);
      if (hres) h = net::apply_guess_residual(h, *hres);
      net::BridgePoint x = net::bridge_guess(&pa, h, pb, nullptr, carried, st);
      if (res) x = net::apply_guess_residual(x, *res);
      RunnerFrame hf = blend(*ra, rb, 1.0 / intervals, span);
      hf.pose.joints = h.joints;
      hf.distance = h.distance;
      hidden_runners.push_back(hf);
      out.pose.joints = x.joints;
      out.distance = x.distance;
    } else {
      const std::optional<net::BridgePoint> n =
          rn && !res ? std::optional(point(*rn)) : std::nullopt;
      net::BridgePoint p = net::bridge_guess(q ? &*q : nullptr, point(*ra), point(rb),
                                             n ? &*n : nullptr, carried, st);
      if (res) p = net::apply_guess_residual(p, *res);
      out.pose.joints = p.joints;
      out.distance = p.distance;
    }
    runners.push_back(out);
  }
  for (const auto& ra : from.runners) {
    if (carrier->find(ra.id)) continue;
    runners.push_back(ra);  // leaves at the carrier
    if (hidden) hidden_runners.push_back(ra);
  }
  std::vector<std::uint32_t> others = others_between(from, *carrier, runners);
  std::vector<std::uint32_t> hidden_others =
      hidden ? others_between(from, *carrier, hidden_runners) : std::vector<std::uint32_t>{};
  note_revised(*at);
  const auto insert = [this](std::uint32_t t, std::vector<RunnerFrame> rs,
                             std::vector<std::uint32_t> os) {
    auto it = std::lower_bound(snapshots_.begin(), snapshots_.end(), t,
                               [](const Snapshot& s, std::uint32_t v) { return s.tick < v; });
    snapshots_.insert(it, Snapshot{.tick = t,
                                   .time = t / config_.tick_rate,
                                   .runners = std::move(rs),
                                   .rebuilt = true,
                                   .guesses = 2,
                                   .bridges = {},
                                   .others = std::move(os)});
    ++stats_.rebuilt;
  };
  insert(first, std::move(runners), std::move(others));
  if (hidden) insert(first - st, std::move(hidden_runners), std::move(hidden_others));
  return true;
}

void InterpolationBuffer::rebuild_lost(std::uint32_t tick) {
  const std::uint32_t st = stride();
  {
    const Snapshot* carrier = find_snapshot(tick);
    if (!carrier || carrier->rebuilt) return;
  }
  // Three lost in a row: nothing carries the first of them. Guess it as the value that bends
  // the motion least, given what the carrier says of the other two.
  const std::uint32_t reach = (net::kBridgeDepth + 1) * st;
  if (tick > reach + st && !find_snapshot(tick - reach)) insert_smoothed(tick - reach, tick);
  // The one after such a carrier shows more of how the motion bends: guess again with it, and
  // rebuild the others against the new guess.
  if (tick > reach + 2 * st) {
    const std::uint32_t first = tick - st - reach;
    const Snapshot* guessed = find_snapshot(first);
    const Snapshot* carrier = find_snapshot(tick - st);
    bool redo =
        guessed && guessed->rebuilt && guessed->guesses == 2 && carrier && !carrier->rebuilt;
    for (std::uint32_t t = first + st; redo && t < tick - st; t += st)
      if (const Snapshot* g = find_snapshot(t); g && (!g->rebuilt || g->guesses == 0)) redo = false;
    if (redo) {
      // Four lost in a row: the one before the first was guessed with it, and is again.
      std::uint32_t from = first;
      if (const Snapshot* h = find_snapshot(first - st); h && h->rebuilt && h->guesses == 2)
        from = first - st;
      for (std::uint32_t t = from; t < tick - st; t += st) {
        auto it = std::lower_bound(snapshots_.begin(), snapshots_.end(), t,
                                   [](const Snapshot& x, std::uint32_t v) { return x.tick < v; });
        if (it == snapshots_.end() || it->tick != t) continue;
        note_revised(*it);
        snapshots_.erase(it);
      }
      rebuild_lost(tick - st);
    }
  }
  // Deepest first: the snapshot two back, then the previous one against it. A level applies
  // only when the snapshots between it and the carrier were lost too (otherwise the one in
  // between carried what bridges it, or had nothing to say: the chord is within the threshold).
  for (std::size_t level = net::kBridgeDepth; level-- > 0;) {
    const Snapshot* carrier = find_snapshot(tick);
    if (!carrier) return;
    const net::BridgeResidual* any = nullptr;
    for (const auto& [id, b] : carrier->bridges)
      if (b.back[level]) any = &*b.back[level];
    // Nothing sent for this level: the chord is within the threshold for every runner.
    const std::uint32_t gap = any ? any->gap : st * static_cast<std::uint32_t>(level + 1);
    const std::uint32_t chord_gap = any ? any->chord_gap : st;
    if (tick < gap + chord_gap) continue;
    const std::uint32_t lost = tick - gap, start = lost - chord_gap;
    const Snapshot* there = find_snapshot(lost);
    // Received, or rebuilt without a guess, already.
    if (there && there->guesses == 0) continue;
    // Lost, and nothing to add to the chord the buffer draws over it.
    if (!there && !any) continue;
    // The chord's start was lost too, and nothing carried it: it is the chord from the
    // snapshot before it, as the buffer would draw it, until a late one says more.
    if (!find_snapshot(start)) insert_rebuilt(start, tick, net::kBridgeDepth);
    if (find_snapshot(start)) insert_rebuilt(lost, tick, level);
  }
}

void InterpolationBuffer::advance_clock(double local_time) {
  if (playing_) adapt_delay(std::max(0.0, local_time - last_local_), local_time);
  const double now = clock_.server_time_at(local_time);
  const double target = now - target_delay();
  if (!playing_) {
    playing_ = true;
    render_time_ = target;
  } else {
    const double dt = std::max(0.0, local_time - last_local_);
    const double err = target - (render_time_ + dt);  // error if it ran at real time
    if (std::abs(err) > kResnap) {
      render_time_ = target;
      resynced_ = true;
      ++stats_.resyncs;
    } else {
      render_time_ += dt * (1.0 + std::clamp(err * kClockGain, -kMaxRateChange, kMaxRateChange));
    }
  }
  last_local_ = local_time;
  delay_ = now - render_time_;
}

std::optional<std::uint32_t> InterpolationBuffer::sample_runners(
    double t, InterpolatedView& view, std::vector<std::uint8_t>* held) const {
  view.runners.clear();
  if (held) held->clear();
  view.render_time = t;
  if (snapshots_.empty()) {
    view.kind = SampleKind::Empty;
    return std::nullopt;
  }
  // b: the first snapshot after t; a: the one before it.
  auto b = std::upper_bound(snapshots_.begin(), snapshots_.end(), t,
                            [](double time, const Snapshot& s) { return time < s.time; });
  if (b == snapshots_.begin()) {
    // Nothing to show yet: holding the first snapshot's figures would stand them still while
    // the match moves on, then start them. They appear when playback reaches them.
    view.kind = SampleKind::Early;
    view.base_tick = b->tick;
    return std::nullopt;
  }
  const auto bi = static_cast<std::size_t>(b - snapshots_.begin());
  const std::size_t ai = bi - 1;
  const Snapshot& a = snapshots_[ai];
  view.base_tick = a.tick;
  const bool interpolating = b != snapshots_.end();

  // The snapshots a runner's gap around t can reach, each runner's appearances in them grouped
  // (sorted by runner, then slot): back to its last appearance before the gap (within the limit
  // of b, or a later one could not be within it; within the limit of t, for one held while the
  // snapshots list it without a pose), on to its first one after (within the limit of a). Past
  // the newest: back the limit from it.
  constexpr auto limit = static_cast<std::int64_t>(kMaxRunnerGapTicks);
  const auto first_from = [this](std::int64_t tick) {
    return static_cast<std::size_t>(
        std::lower_bound(snapshots_.begin(), snapshots_.end(), tick,
                         [](const Snapshot& s, std::int64_t v) { return s.tick < v; }) -
        snapshots_.begin());
  };
  std::size_t lo = 0, hi = bi;  // [lo, hi)
  if (interpolating) {
    const auto held_from =
        static_cast<std::int64_t>(std::ceil(t * config_.tick_rate - 1e-6)) - limit;
    lo = std::min({first_from(std::int64_t{b->tick} - limit), first_from(held_from), ai});
    hi = std::max(first_from(std::int64_t{a.tick} + limit + 1), bi + 1);
  } else {
    lo = first_from(std::int64_t{a.tick} - limit);
  }
  // A rebuilt one's carrier tells which of its runners are copies (genuine).
  while (hi < snapshots_.size() && snapshots_[hi - 1].rebuilt) ++hi;
  std::vector<Appearance>& apps = appearances_;
  apps.clear();
  // Everything between a rebuilt snapshot and its carrier was rebuilt too: the carrier is the
  // next received one.
  std::size_t carrier = hi;
  for (std::size_t slot = hi; slot-- > lo;) {
    const Snapshot& s = snapshots_[slot];
    if (!s.rebuilt) carrier = slot;
    const auto c = static_cast<std::uint32_t>(s.rebuilt && carrier < hi ? carrier : slot);
    for (const auto& r : s.runners) apps.push_back({r.id, static_cast<std::uint32_t>(slot), c, &r});
  }
  std::sort(apps.begin(), apps.end(), [](const Appearance& x, const Appearance& y) {
    return x.id != y.id ? x.id < y.id : x.slot < y.slot;
  });
  const Appearance* const apps_begin = apps.data();
  const Appearance* const apps_end = apps_begin + apps.size();
  const auto group_end = [apps_end](const Appearance* first) {
    const Appearance* last = first;
    while (last != apps_end && last->id == first->id) ++last;
    return last;
  };
  const auto group_of = [&](std::uint32_t id) {
    const Appearance* first = std::lower_bound(
        apps_begin, apps_end, id, [](const Appearance& x, std::uint32_t v) { return x.id < v; });
    return std::pair{first, first != apps_end && first->id == id ? group_end(first) : first};
  };
  // Whether the group [from, end) holds an appearance in `slot` (the group is sorted by slot).
  const auto holds = [](const Appearance* from, const Appearance* end, std::size_t slot) {
    for (; from != end && from->slot <= slot; ++from)
      if (from->slot == slot) return true;
    return false;
  };
  // Whether e (of the group ending at end) says where the runner was: not a rebuilt snapshot's
  // copy of it from the one before, held there because its carrier lacks it ("leaves at the
  // carrier"), which says nothing of where it was.
  const auto genuine = [&](const Appearance& e, const Appearance* end) {
    return e.carrier == e.slot || holds(&e + 1, end, e.carrier);
  };
  // One runner's appearances around t: in a, in b (as they are), and its last genuine one at or
  // before a and first genuine one at or after b.
  struct Around {
    const Appearance* at_a = nullptr;
    const Appearance* at_b = nullptr;
    const Appearance* last = nullptr;
    const Appearance* next = nullptr;
  };
  const auto around = [&](const Appearance* first, const Appearance* end) {
    Around r;
    for (const Appearance* e = first; e != end; ++e) {
      if (e->slot == ai) r.at_a = e;
      if (e->slot == bi) r.at_b = e;
      if (e->slot <= ai) {
        if (genuine(*e, end)) r.last = e;
      } else if (!r.next && genuine(*e, end)) {
        r.next = e;
      }
    }
    return r;
  };
  const auto tick_of = [this](const Appearance* e) { return snapshots_[e->slot].tick; };
  std::optional<std::uint32_t> keep_from;
  const auto keep = [&](const Appearance* e) {
    if (!keep_from || tick_of(e) < *keep_from) keep_from = tick_of(e);
  };
  const auto show = [&](const RunnerFrame& f, bool held_open) {
    view.runners.push_back(f);
    if (held) held->push_back(held_open ? 1 : 0);
  };

  // Whether every snapshot after e's up to `last_slot` has runner `id` in the race: listed
  // without a pose, or held there as a rebuilt snapshot's copy (of the group [first, end)).
  const auto listed_since = [&](const Appearance* first, const Appearance* end, const Appearance& e,
                                std::size_t last_slot) {
    for (std::size_t slot = e.slot + 1; slot <= last_slot; ++slot)
      if (!snapshots_[slot].lists(e.id) && !holds(first, end, slot)) return false;
    return true;
  };

  if (interpolating) {
    view.kind = SampleKind::Interpolated;
    // Between two appearances of one runner: blended, or a restart (step at the later one, do
    // not sweep across the course).
    const auto between = [&](const Appearance& p, const Appearance& c) {
      const Snapshot& sp = snapshots_[p.slot];
      const double span = snapshots_[c.slot].time - sp.time;
      if (teleported(*p.frame, *c.frame, span)) {
        show(*p.frame, false);
      } else {
        show(blend(*p.frame, *c.frame, std::clamp((t - sp.time) / span, 0.0, 1.0), span), false);
      }
    };
    const auto resolve = [&](const Appearance* first, const Appearance* end) {
      const Around r = around(first, end);
      if (r.at_a && r.at_b && r.last == r.at_a && r.next == r.at_b) {
        between(*r.at_a, *r.at_b);
      } else if (r.last && r.next && tick_of(r.next) - tick_of(r.last) <= kMaxRunnerGapTicks) {
        between(*r.last, *r.next);  // across its gap, as if the snapshots between held it
      } else if (r.at_a && r.at_b) {
        between(*r.at_a, *r.at_b);
      } else if (r.at_a) {
        show(*r.at_a->frame, true);  // gone at b (it leaves there, or is away for longer)
      } else if (r.at_b) {
        show(*r.at_b->frame, false);  // appears: shown as first seen
      } else if (r.last && t <= (tick_of(r.last) + limit) / config_.tick_rate &&
                 listed_since(first, end, *r.last, bi)) {
        // Still in the race, left out of the poses since (the snapshot that shows it back, if
        // any, has not arrived): held where last seen, for at most the limit (then it has left
        // the view's zone).
        show(*r.last->frame, true);
      }
      // Missing from a: its last appearance may still be needed when a later one arrives.
      if (r.last && r.last != r.at_a) keep(r.last);
    };
    for (const auto& ra : a.runners) {
      const auto [first, end] = group_of(ra.id);
      resolve(first, end);
    }
    for (const auto& rb : b->runners) {
      const auto [first, end] = group_of(rb.id);
      if (!holds(first, end, ai)) resolve(first, end);
    }
    // In neither: shown across a gap, or held while listed without a pose.
    for (const Appearance* first = apps_begin; first != apps_end;) {
      const Appearance* end = group_end(first);
      if (!holds(first, end, ai) && !holds(first, end, bi)) resolve(first, end);
      first = end;
    }
    return keep_from;
  }
  // Past the newest snapshot: extrapolate from the last two, briefly, then hold.
  const double past = t - a.time;
  view.kind = past <= config_.max_extrapolation ? SampleKind::Extrapolated : SampleKind::Held;
  const double ahead = std::min(past, config_.max_extrapolation);
  const Snapshot* prev = snapshots_.size() >= 2 ? &*(b - 2) : nullptr;
  const double gap = prev ? a.time - prev->time : 0.0;
  for (const auto& rn : a.runners) {
    const RunnerFrame* rp = prev ? prev->find(rn.id) : nullptr;
    if (!rp || gap <= 0.0 || gap > kStaleGap || teleported(*rp, rn, gap)) {
      show(rn, false);
      view.runners.back().speed = 0.f;
      continue;
    }
    RunnerFrame out = rn;
    const double k = ahead / gap;
    out.pose =
        extrapolate_pose(rp->pose, rn.pose, static_cast<float>(k * config_.joint_extrapolation));
    out.distance = rn.distance + (rn.distance - rp->distance) * k;
    out.speed = static_cast<float>((rn.distance - rp->distance) / gap);
    blend_lab(out, *rp, rn, static_cast<float>(1.0 + k), gap);
    if (view.kind == SampleKind::Held) out.speed = 0.f;
    show(out, false);
  }
  // Missing from the newest but in one within the limit before it: held at its last pose, not
  // extrapolated from its own last two. Nothing after that one holds it, so the interval before
  // the newest already held it there (or, last seen earlier, did not show it): moving it on now
  // would jump. A snapshot that shows it again fades it from there (the kind changes). Of the
  // runners listed without a pose since their last appearance, this holds every one the limit
  // would (playback past the newest is later than the newest), and keeps them while the snapshots
  // have stopped, as it keeps the others standing.
  for (const Appearance* first = apps_begin; first != apps_end;) {
    const Appearance* end = group_end(first);
    const bool in_newest = holds(first, end, ai);
    const Around r = in_newest ? Around{} : around(first, end);
    first = end;
    if (in_newest || !r.last || a.tick - tick_of(r.last) > kMaxRunnerGapTicks) continue;
    show(*r.last->frame, true);
    view.runners.back().speed = 0.f;
    keep(r.last);
  }
  return keep_from;
}

void InterpolationBuffer::smooth(double dt, double previous_time) {
  const double fade = std::exp(-dt / std::max(1e-3, config_.correction_time));
  const double distance_fade = std::exp(-dt / std::max(1e-3, config_.distance_correction_time));
  const double cap = config_.max_correction_speed * dt;
  const double min_step = kMinCorrectionSpeed * dt;
  const double span_share = dt / std::max(1e-3, config_.correction_span);
  // What the snapshots held now say about the previous frame's time, sampled only when a
  // correction needs it.
  std::optional<InterpolatedView> previous;
  for (auto& [id, track] : tracks_) track.seen = false;
  for (std::size_t i = 0; i < view_.runners.size(); ++i) {
    RunnerFrame& r = view_.runners[i];
    auto [it, fresh] = tracks_.try_emplace(r.id);
    Track& tr = it->second;
    tr.seen = true;
    const bool was_guessing = tr.kind == SampleKind::Extrapolated || tr.kind == SampleKind::Held;
    const bool now_known =
        view_.kind == SampleKind::Interpolated || view_.kind == SampleKind::Early;
    const bool new_base = tr.base_tick != view_.base_tick;
    // Held where it left the snapshots, and a later one that arrived since shows it back within
    // the gap: it moves on from where it stood. (A runner drawn across its gap all along is one
    // track throughout, never fresh, and nothing here restarts.)
    const bool held_open = i < held_.size() && held_[i] != 0;
    const bool returned = tr.held_open && !held_open;
    if (!fresh &&
        ((was_guessing && (now_known || new_base)) || resynced_ || revised_ || returned)) {
      // Keep what was on screen and fade towards the truth. The error carried is the one the
      // previous frame had against what is known now (so the figure goes on moving with the
      // motion on this frame instead of standing still for one); the same when a snapshot
      // under the picture was replaced (a late one, or a better rebuild, in place of a guess).
      // After a clock jump the previous time means nothing, and it is the difference to this
      // frame's pose.
      const RunnerFrame* before = nullptr;
      if (!resynced_) {
        if (!previous) {
          previous.emplace();
          sample_runners(previous_time, *previous);
        }
        for (const auto& p : previous->runners)
          if (p.id == r.id) before = &p;
      }
      const RunnerFrame& base = before ? *before : r;
      for (std::size_t j = 0; j < rig::kJointCount; ++j)
        tr.joint_offset[j] = tr.shown.pose.joints[j] - base.pose.joints[j];
      const double dd = tr.shown.distance - base.distance;
      tr.distance_offset = std::abs(dd) < kMaxDistanceFade ? dd : 0.0;
      // The treadmill fades with the joints, so planted feet stay on the ground while it does.
      const bool lab = (tr.shown.flags & base.flags & net::runner_flags::kLab) != 0;
      tr.scroll_offset = lab ? treadmill_gap(base.lab_scroll, tr.shown.lab_scroll) : 0.0;
    } else {
      // The joints fade together (the figure stays a blend of two of its poses), at the pace
      // the largest allows.
      double largest = 0.0;
      for (const auto& o : tr.joint_offset) largest = std::max(largest, double{rig::length(o)});
      const auto k = static_cast<float>(
          fade_factor(largest, fade, min_step, std::max(cap, largest * span_share)));
      for (auto& o : tr.joint_offset) o *= k;
      const double dd = std::abs(tr.distance_offset);
      tr.distance_offset *=
          fade_factor(dd, distance_fade, min_step, std::max(cap, dd * span_share));
      tr.scroll_offset *= fade;
    }
    if (!(r.flags & net::runner_flags::kLab)) tr.scroll_offset = 0.0;
    for (std::size_t j = 0; j < rig::kJointCount; ++j) r.pose.joints[j] += tr.joint_offset[j];
    if (r.ik) {  // the targets move with the limbs they belong to
      using rig::Joint;
      const auto offset = [&](Joint j) { return tr.joint_offset[static_cast<std::size_t>(j)]; };
      r.ik->foot_target[0] += offset(Joint::FootNear);
      r.ik->foot_target[1] += offset(Joint::FootFar);
      r.ik->hand_target[0] += offset(Joint::HandNear);
      r.ik->hand_target[1] += offset(Joint::HandFar);
    }
    r.distance += tr.distance_offset;
    if (tr.scroll_offset != 0.0) r.lab_scroll = wrap_treadmill(r.lab_scroll + tr.scroll_offset);
    tr.kind = view_.kind;
    tr.base_tick = view_.base_tick;
    tr.held_open = held_open;
    tr.shown = r;
  }
  std::erase_if(tracks_, [](const auto& kv) { return !kv.second.seen; });
  resynced_ = false;
  revised_ = false;
}

void InterpolationBuffer::prune(std::optional<std::uint32_t> keep_from) {
  // Keep the snapshot before render time and the one before it (extrapolation needs two), and
  // any from keep_from on (a runner missing from the snapshots since is drawn from there).
  while (snapshots_.size() > 2 && snapshots_[2].time <= render_time_ &&
         (!keep_from || snapshots_.front().tick < *keep_from))
    snapshots_.pop_front();
}

const InterpolatedView& InterpolationBuffer::sample(double local_time) {
  const double dt = playing_ ? std::max(0.0, local_time - last_local_) : 0.0;
  if (!clock_.valid()) {
    view_ = InterpolatedView{};
    last_local_ = local_time;
    return view_;
  }
  const double previous_time = render_time_;
  advance_clock(local_time);
  const std::optional<std::uint32_t> keep_from = sample_runners(render_time_, view_, &held_);
  if (view_.kind == SampleKind::Extrapolated) ++stats_.extrapolated_frames;
  if (view_.kind == SampleKind::Held) ++stats_.held_frames;
  smooth(dt, previous_time);
  prune(keep_from);
  return view_;
}

}  // namespace spear::client
