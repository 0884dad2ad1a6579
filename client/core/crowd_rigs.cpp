#include "core/crowd_rigs.hpp"

#include <algorithm>
#include <cmath>

#include "net/protocol.hpp"
#include "net/rig_cue.hpp"
#include "rig/locomotion.hpp"
#include "sim/pace.hpp"

namespace spear::client {

namespace {

using rig::Motion;

// An anchor further than this from the roll call's distance is put there (a restart, a crash's
// push back off a target); nearer, it is brought within the distance's rounding.
constexpr double kSnapDistance = 32.0;
constexpr double kDistanceSlack = 0.5;  // the roll call's distance is rounded to the unit
// A cued phase further than this from the rig's own (a step and a half: beyond the cue's
// rounding) sets it.
constexpr float kPhaseSlack = 1.5f / net::kCuePhaseSteps;
// A new figure steps at most this many ticks of its motion (two seconds: blends have settled,
// a fall lies still); the motion's clock is set forward for the rest.
constexpr std::uint32_t kMaxPreroll = 120;

// The match moves a runner with its rig's ground in every motion of the course but standing.
bool travels(Motion m) { return m == Motion::Run || m == Motion::Leap || m == Motion::Fall; }

}  // namespace

void CrowdRigs::reset() {
  figures_.clear();
  newest_.reset();
}

void CrowdRigs::set_tick_rate(double tick_rate) {
  if (tick_rate > 0.0) dt_ = static_cast<float>(1.0 / tick_rate);
}

void CrowdRigs::step(Figure& f, Motion motion, bool start_thrust) const {
  rig::RigInput in;
  in.motion = motion;
  in.cadence = sim::runner_cadence(f.distance, f.pace);
  in.start_thrust = start_thrust;
  const double before = f.rig.scroll;
  f.pose = rig::step_rig(f.rig, in, dt_);
  if (travels(motion)) f.distance += f.rig.scroll - before;
}

bool CrowdRigs::start(Figure& f, const Entry& e, net::Tick t) const {
  const net::RigCue& c = *e.cue;
  if (!c.phase || !c.motion) return false;
  const auto motion = static_cast<Motion>(*c.motion);
  // Standing starts standing (a runner waiting at the line has stood since it came); every
  // other motion is come to from the run. Back to where the motion (or the thrust) began, from
  // a steady run at the phase that brings the rig to the cued one at `t`; then the ticks since,
  // as the server's rig stepped them.
  const Motion before = motion == Motion::Idle ? Motion::Idle : Motion::Run;
  const std::uint32_t in_motion = motion == before ? 0u : c.motion_ticks;
  const std::uint32_t motion_ticks = std::min(in_motion, kMaxPreroll);
  const std::uint32_t thrust_ticks = c.thrust_ticks ? *c.thrust_ticks + 1u : 0u;
  const std::uint32_t n = std::max(motion_ticks, thrust_ticks);
  const std::uint32_t moving = rig::is_locomotion(motion) ? n : n - motion_ticks;
  const float cadence = sim::runner_cadence(e.distance, e.pace);
  f = Figure{};
  f.pace = e.pace;
  rig::RigInput in;
  in.motion = before;
  in.cadence = cadence;
  (void)rig::step_rig(f.rig, in, 0.f);
  f.rig.phase = net::wrap_phase(static_cast<float>(*c.phase) / net::kCuePhaseSteps -
                                cadence * static_cast<float>(moving) * dt_);
  rig::reset_feet(f.rig, cadence);
  f.pose = rig::step_rig(f.rig, in, 0.f);
  // Where it stood when the steps begin (the cadence of each step is its distance's).
  f.distance = e.distance - (rig::is_locomotion(before)
                                 ? sim::runner_speed(e.distance, e.pace) * static_cast<double>(n) *
                                       static_cast<double>(dt_)
                                 : 0.0);
  for (std::uint32_t k = 1; k <= n; ++k) {
    const bool in_mode = k > n - motion_ticks;
    step(f, in_mode ? motion : before, c.thrust_ticks && k == n - *c.thrust_ticks);
  }
  if (motion == before) {
    // A run or a stand since long: its clock as the server's.
    f.rig.motion_time = static_cast<float>(c.motion_ticks) * dt_;
    in.motion = motion;
    f.pose = rig::step_rig(f.rig, in, 0.f);
  } else if (in_motion > motion_ticks) {
    // Long in it (lying): the motion's clock runs on from where the steps left it.
    f.rig.motion_time += static_cast<float>(in_motion - motion_ticks) * dt_;
    in.motion = motion;
    f.pose = rig::step_rig(f.rig, in, 0.f);
  }
  f.distance = e.distance;
  f.tick = t;
  f.motion = motion;
  return true;
}

void CrowdRigs::advance(Figure& f, const Entry& e, net::Tick t) const {
  const net::RigCue& c = *e.cue;
  const Motion was = f.motion;
  const Motion now = c.motion ? static_cast<Motion>(*c.motion) : was;
  const auto first = static_cast<std::int64_t>(f.tick) + 1, last = static_cast<std::int64_t>(t);
  // The first tick of the cued motion (it began `motion_ticks` steps ago); the same motion begun
  // again since (the snapshots between lost) starts over there.
  const std::int64_t from = c.motion ? last - c.motion_ticks + 1 : first;
  const bool switches = now != was;
  const bool again = !switches && c.motion && from >= first;
  // The tick a thrust started (the rig takes it on that tick's step).
  std::optional<std::int64_t> thrust_at;
  if (c.thrust_ticks) thrust_at = last - *c.thrust_ticks;
  // A new pace (set as the runner passed an obstacle) runs the server's rig for its last
  // `pace_ticks` steps.
  const std::int16_t old_pace = f.pace;
  const std::int64_t new_pace_from = last - static_cast<std::int64_t>(e.pace_ticks) + 1;
  for (std::int64_t k = first; k <= last; ++k) {
    const bool in_motion = k >= from;
    // A run after a fall is a restart: from the course's start (its cadence is the start's).
    const bool restart =
        switches && now == Motion::Run && (was == Motion::Fall || was == Motion::FallBack);
    if (restart && (k == from || (k == first && from < first))) f.distance = 0.0;
    if (again && k == from) f.rig.motion_time = 0.f;
    f.pace = k >= new_pace_from ? e.pace : old_pace;
    step(f, in_motion ? now : was, thrust_at && k == *thrust_at);
    // Told late (the snapshots that said it were lost): it has been playing since `from`.
    if (k == first && in_motion && switches && from < k)
      f.rig.motion_time += static_cast<float>(k - from) * dt_;
  }
  f.pace = e.pace;
  bool again_pose = false;
  if (thrust_at && f.rig.thrust_time < 0.f && rig::is_locomotion(now)) {
    // Told late, or the rig still cooling down from one it started early: the thrust plays from
    // where the server's stands.
    const float since = static_cast<float>(last - *thrust_at) * dt_;
    if (since < rig::kThrustDuration) {
      f.rig.thrust_time = since;
      again_pose = true;
    }
  }
  if (c.phase) {
    const float gap =
        net::phase_gap(static_cast<float>(*c.phase) / net::kCuePhaseSteps, f.rig.phase);
    if (std::fabs(gap) > kPhaseSlack) {
      f.rig.phase = net::wrap_phase(f.rig.phase + gap);
      // The planted feet where that phase has them (in a steady gait, exactly).
      if (rig::is_locomotion(now)) rig::reset_feet(f.rig, sim::runner_cadence(f.distance, f.pace));
      again_pose = true;
    }
  }
  if (again_pose) {
    rig::RigInput in;
    in.motion = now;
    in.cadence = sim::runner_cadence(f.distance, f.pace);
    f.pose = rig::step_rig(f.rig, in, 0.f);
  }
  const double error = e.distance - f.distance;
  if (std::fabs(error) > kSnapDistance)
    f.distance = e.distance;
  else if (std::fabs(error) > kDistanceSlack)
    f.distance += error - std::copysign(kDistanceSlack, error);
  f.tick = t;
  f.motion = now;
}

void CrowdRigs::on_snapshot(const net::Snapshot& s, std::vector<RunnerFrame>& frames,
                            std::vector<std::uint32_t>& drawn, const CrowdZone& zone) {
  drawn.clear();
  if (newest_ && s.tick <= *newest_) return;  // late: its runners are drawn across it
  newest_ = s.tick;
  std::size_t started = 0;
  const auto take = [&](const Entry& e) -> Figure* {
    if (e.cue->empty()) return nullptr;  // a place holder says nothing
    auto it = figures_.find(e.id);
    if (it != figures_.end() && s.tick - it->second.seen > kForgetTicks) {
      figures_.erase(it);
      it = figures_.end();
    }
    if (it == figures_.end()) {
      Figure f;
      if (started >= kMaxNewFigures || !start(f, e, s.tick)) return nullptr;
      ++started;
      f.seen = s.tick;
      return &figures_.emplace(e.id, f).first->second;
    }
    Figure& f = it->second;
    advance(f, e, s.tick);
    f.seen = s.tick;
    return &f;
  };
  for (const net::RunnerSnapshot& r : s.runners)
    if (r.cue) (void)take({r.id, r.mode, r.distance, &*r.cue, r.pace, 0});
  for (const net::RunnerSummary& o : s.others) {
    if (!o.cue) continue;
    Figure* f = take({o.id, o.mode, o.distance, &*o.cue, o.pace, o.pace_ticks});
    if (!f || o.mode == net::RunnerMode::Lab) continue;
    if (zone.centre && std::fabs(f->distance - *zone.centre) > zone.reach) continue;
    f->best = std::max(f->best, static_cast<std::int32_t>(o.score));
    RunnerFrame fr;
    fr.id = o.id;
    fr.mode = o.mode;
    fr.flags = o.flags;
    fr.score = static_cast<std::int32_t>(o.score);
    fr.best = f->best;
    fr.distance = f->distance;
    fr.pose = f->pose;
    frames.push_back(std::move(fr));
    drawn.push_back(o.id);
  }
  std::sort(drawn.begin(), drawn.end());
  for (auto it = figures_.begin(); it != figures_.end();) {
    if (s.tick - it->second.seen > kForgetTicks)
      it = figures_.erase(it);
    else
      ++it;
  }
}

CrowdZone crowd_zone(const net::Snapshot& s, std::optional<std::uint32_t> followed,
                     std::optional<std::uint32_t> own, double view_width) {
  CrowdZone zone;
  zone.reach = net::kNearViewShare * view_width + net::kNearMargin;
  const auto distance_of = [&](std::uint32_t id) -> std::optional<double> {
    for (const auto& r : s.runners)
      if (r.id == id) return r.distance;
    for (const auto& o : s.others)
      if (o.id == id) return o.distance;
    return std::nullopt;
  };
  if (followed) zone.centre = distance_of(*followed);
  if (!zone.centre && own) zone.centre = distance_of(*own);
  if (!zone.centre) {
    // The first runner by id, as the server centres a view that says nothing.
    std::optional<std::uint32_t> first;
    for (const auto& r : s.runners)
      if (!first || r.id < *first) first = r.id;
    if (!s.others.empty() && (!first || s.others.front().id < *first)) first = s.others.front().id;
    if (first) zone.centre = distance_of(*first);
  }
  return zone;
}

void buffer_input(const net::Snapshot& s, CrowdRigs& crowd, const CrowdZone& zone,
                  std::vector<RunnerFrame>& frames, std::vector<std::uint32_t>& drawn,
                  std::vector<std::uint32_t>& others) {
  frames.clear();
  frames.reserve(s.runners.size() + s.others.size());
  for (const auto& r : s.runners) frames.push_back(runner_frame(r));
  crowd.on_snapshot(s, frames, drawn, zone);
  others.clear();
  others.reserve(s.others.size());
  for (const auto& o : s.others)
    if (!std::binary_search(drawn.begin(), drawn.end(), o.id)) others.push_back(o.id);
}

}  // namespace spear::client
