#include "core/replay_scene.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>
#include <stdexcept>

#include "core/pose_blend.hpp"
#include "core/runner_frame.hpp"
#include "net/sim_wire.hpp"
#include "sim/race_start.hpp"

namespace spear::client {

namespace {
constexpr float kLongAgo = 10.f;  // seconds: an obstacle down since before the seek or start

std::size_t speed_index(double speed) {
  std::size_t best = 0;
  for (std::size_t i = 1; i < std::size(ReplayScene::kSpeeds); ++i) {
    if (std::abs(ReplayScene::kSpeeds[i] - speed) < std::abs(ReplayScene::kSpeeds[best] - speed))
      best = i;
  }
  return best;
}
}  // namespace

RunnerFrame blended_frame(const sim::MatchRunner& now, const sim::MatchRunner* before, float t,
                          bool bot, float dt) {
  // The wire's view of the runner, under its replay id.
  RunnerFrame f = runner_frame(
      net::runner_snapshot(static_cast<net::RunnerId>(now.id & 0xFFFFu), now.state, bot, dt));
  f.id = now.id;
  // Between the tick before and this one; a run that started over is not blended (a cut).
  if (before && now.state.distance >= before->state.distance) {
    const rig::Pose from = net::runner_snapshot(0, before->state, bot, dt).pose;
    f.pose = lerp_pose(from, f.pose, t);
    f.distance = before->state.distance + (now.state.distance - before->state.distance) * t;
    f.speed = static_cast<float>((now.state.distance - before->state.distance) / dt);
  }
  return f;
}

ReplayScene::ReplayScene(const replay::Replay& replay, double speed)
    : replay_(&replay), player_(replay) {
  player_.set_speed(speed);
  for (const replay::RosterEntry& r : replay.runners) roster_[r.id] = {r.name, r.bot};
  // The winner first; Tab goes on from there.
  if (replay.result && !replay.result->results.empty())
    follow_.set_own(replay.result->results.front().runner);
  player_.on_step([this](const sim::Match& m) {
    for (const sim::MatchRunner& r : m.runners()) {
      if (r.events.broke_target || r.events.toppled_hurdle)
        down_at_[{r.id, r.events.obstacle}] = m.tick() - 1;
    }
  });
  // It opens on the 3-2-1, not on the warm-up before it (a seek back away).
  if (const double at = countdown_seconds(replay); at > 0.0) player_.seek(at);
  build(0.f);
}

double countdown_seconds(const replay::Replay& replay) {
  if (!replay.result || replay.config.tick_rate <= 0) return 0.0;
  const float dt = 1.f / static_cast<float>(replay.config.tick_rate);
  const std::int64_t from = std::int64_t{replay.result->first_tick} -
                            std::int64_t{sim::race_countdown_ticks(dt)} -
                            std::int64_t{replay.first_tick};
  return from > 0 ? static_cast<double>(from) / replay.config.tick_rate : 0.0;
}

void ReplayScene::advance(double seconds, float dt_cosmetic) {
  player_.advance(seconds);
  build(player_.paused() ? 0.f : dt_cosmetic);
}

bool ReplayScene::press(Key key) {
  switch (key) {
    case Key::Space:
    case Key::P:
      toggle_pause();
      break;
    case Key::Left:
      seek_by(-kSeekSeconds);
      break;
    case Key::Right:
      seek_by(kSeekSeconds);
      break;
    case Key::Up:
      faster();
      break;
    case Key::Down:
      slower();
      break;
    case Key::Tab:
      follow_next();
      break;
    case Key::Escape:
      return false;
    default:
      break;
  }
  return true;
}

void ReplayScene::faster() {
  const std::size_t i = speed_index(player_.speed());
  player_.set_speed(kSpeeds[std::min(i + 1, std::size(kSpeeds) - 1)]);
}

void ReplayScene::slower() {
  const std::size_t i = speed_index(player_.speed());
  player_.set_speed(kSpeeds[i > 0 ? i - 1 : 0]);
}

void ReplayScene::seek_by(double seconds) {
  player_.seek(player_.seconds() + seconds);
  // What came down after the time landed on stands again.
  std::erase_if(down_at_, [&](const auto& kv) { return kv.second >= player_.tick(); });
  build(0.f);
}

void ReplayScene::follow_next() {
  follow_.next(ids_);
  for (RunnerView& v : runners_) v.followed = follow_.current() == v.frame.id;
}

const RunnerView* ReplayScene::followed() const {
  for (const RunnerView& v : runners_)
    if (v.followed) return &v;
  return nullptr;
}

void ReplayScene::build(float dt_cosmetic) {
  const std::vector<sim::MatchRunner>& before = player_.previous_runners();
  // The match as it stands at the tick shown: its runners and those joining at that tick.
  std::vector<sim::MatchRunner> now(player_.match().runners().begin(),
                                    player_.match().runners().end());
  for (sim::MatchRunner& r : player_.joining()) now.push_back(std::move(r));
  std::sort(now.begin(), now.end(),
            [](const sim::MatchRunner& a, const sim::MatchRunner& b) { return a.id < b.id; });
  const float dt = player_.match().dt();
  const auto t = static_cast<float>(player_.tick_fraction());
  ids_.clear();
  runners_.clear();
  for (const sim::MatchRunner& r : now) {
    const auto info = roster_.find(r.id);
    const bool bot = info != roster_.end() && info->second.second;
    const auto prev =
        std::lower_bound(before.begin(), before.end(), r.id,
                         [](const sim::MatchRunner& m, std::uint32_t id) { return m.id < id; });
    const bool found = prev != before.end() && prev->id == r.id;
    RunnerView v;
    v.frame = blended_frame(r, found ? &*prev : nullptr, t, bot, dt);
    v.lane = static_cast<int>(r.id);
    v.bot = bot;
    v.name = info != roster_.end() ? info->second.first : std::string("?");
    ids_.push_back(r.id);
    runners_.push_back(std::move(v));
  }
  const std::optional<std::uint32_t> shown = follow_.update(ids_);
  for (RunnerView& v : runners_) {
    v.followed = shown == v.frame.id;
    figures_.apply(v, dt_cosmetic);
  }
  figures_.keep_only(ids_);
}

std::vector<ObstacleView> ReplayScene::obstacles(double from, double to) const {
  std::vector<ObstacleView> out;
  if (!(to > from) || !std::isfinite(from) || !std::isfinite(to)) return out;
  const RunnerView* f = followed();
  const sim::MatchRunner* state = f ? player_.match().runner(f->frame.id) : nullptr;
  std::vector<sim::Obstacle> found;
  try {
    player_.match().course().obstacles_in(std::max(0.0, from),
                                          std::min(to, sim::kMaxCourseDistance), found);
  } catch (const std::exception&) {
    return out;  // out of the course's range: nothing to draw
  }
  const double rate = tick_rate();
  for (const sim::Obstacle& o : found) {
    ObstacleView ov;
    ov.obstacle = o;
    if (state && sim::obstacle_down(state->state, o.index)) {
      ov.broken = true;
      const auto at = down_at_.find({state->id, o.index});
      ov.broken_age = at == down_at_.end()
                          ? kLongAgo
                          : static_cast<float>(
                                (player_.tick() - 1 - at->second + player_.tick_fraction()) / rate);
    }
    out.push_back(ov);
  }
  return out;
}

}  // namespace spear::client
