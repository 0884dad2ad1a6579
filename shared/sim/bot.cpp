#include "sim/bot.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

#include "sim/pace.hpp"

namespace spear::sim {

namespace {

// Stride of the first, coarse scan of candidate ticks; the edges of the clearing window are then
// refined tick by tick.
constexpr int kCoarseStride = 5;  // ticks; clearing windows are 13 ticks or wider at 60 Hz
// A candidate is given this long to get past its obstacle (s); a leap is 0.62 s.
constexpr float kTrialSeconds = 1.5f;

// Does pressing `button` now (state before this tick) get past `obstacle` with no further input?
bool trial(RunnerState s, const Course& course, std::uint32_t obstacle, Button button, float dt) {
  Input press;
  press.press(button);
  const std::uint32_t limit = ticks_for(kTrialSeconds, dt);
  for (std::uint32_t t = 0; t < limit; ++t) {
    step_runner(s, t == 0 ? &press : nullptr, course, dt);
    if (!runner_alive(s)) return false;
    if (s.next_obstacle > obstacle) return true;
    if (button == Button::Thrust && target_broken(s, obstacle)) return true;
  }
  return false;
}

}  // namespace

BotController::BotController(float skill, std::uint64_t seed)
    : skill_(skill), rng_(mix_seed(seed, 0x626F74ull /* "bot" */)) {
  if (!(skill >= 0.f && skill <= 1.f)) {
    throw std::invalid_argument("bot: skill must be in [0, 1]");
  }
  stagger_ticks_ = static_cast<std::uint32_t>(
      rng_.below(static_cast<std::uint64_t>(ticks_for(kBotPlanStagger, kDefaultDt)) + 1));
}

void BotController::make_plan(const RunnerState& state, const Course& course,
                              const Obstacle& obstacle, Tick tick, float dt) {
  plan_ = Plan{};
  plan_.obstacle = obstacle.index;
  plan_.button = obstacle.kind == ObstacleKind::Hurdle ? Button::Jump : Button::Thrust;

  // The runner with no input, tick by tick: chain[k] is the state k ticks from now. Stops where
  // doing nothing crashes (no later candidate can help).
  const std::uint32_t horizon =
      ticks_for(kBotPlanHorizon, dt) + ticks_for(0.1f, dt) + stagger_ticks_;
  std::vector<RunnerState> chain;
  chain.reserve(horizon + 1);
  chain.push_back(state);
  while (chain.size() <= horizon) {
    RunnerState next = chain.back();
    step_runner(next, nullptr, course, dt);
    if (!runner_alive(next) || next.next_obstacle > obstacle.index) break;
    chain.push_back(next);
  }
  const int n = static_cast<int>(chain.size());
  std::vector<signed char> ok(static_cast<std::size_t>(n), -1);  // -1 untried, 0 fails, 1 clears
  auto test = [&](int k) {
    signed char& v = ok[static_cast<std::size_t>(k)];
    if (v < 0)
      v = trial(chain[static_cast<std::size_t>(k)], course, obstacle.index, plan_.button, dt) ? 1
                                                                                              : 0;
    return v == 1;
  };
  // Coarse scan; the widest run of clearing samples.
  int run_begin = -1, run_end = -1, best = 0;
  for (int k = 0, begin = -1; k < n; k += kCoarseStride) {
    if (test(k)) {
      if (begin < 0) begin = k;
      const int len = k - begin + 1;
      if (len > best) {
        best = len;
        run_begin = begin;
        run_end = k;
      }
    } else {
      begin = -1;
    }
  }
  if (run_begin < 0) {  // nothing between the samples? (narrower than the stride) try them all
    for (int k = 0; k < n; ++k) {
      if (test(k)) {
        run_begin = run_end = k;
        break;
      }
    }
  }
  int chosen = n / 2;  // nothing clears (not on a generated course): act anyway, and fail
  if (run_begin >= 0) {
    // Edges between the last failing and first clearing samples, by bisection.
    int lo = std::max(-1, run_begin - kCoarseStride), hi = run_begin;  // lo fails (or is -1)
    while (hi - lo > 1) {
      const int mid = (lo + hi) / 2;
      if (test(mid))
        hi = mid;
      else
        lo = mid;
    }
    const int left = hi;
    lo = run_end;
    hi = std::min(n, run_end + kCoarseStride);  // hi fails (or is n)
    while (hi - lo > 1) {
      const int mid = (lo + hi) / 2;
      if (test(mid))
        lo = mid;
      else
        hi = mid;
    }
    const int right = lo;
    chosen = left + (right - left) / 2;
    if (!test(chosen)) chosen = run_begin;  // a hole in the window: take a tick known to clear
  }

  // A person's timing error: none at skill 1, σ = kBotMaxErrorSeconds at skill 0.
  const float sigma_ticks = (1.f - skill_) * kBotMaxErrorSeconds / dt;
  const int error = static_cast<int>(std::lround(rng_.next_normal() * sigma_ticks));
  plan_.act_at = tick + static_cast<Tick>(std::max(0, chosen + error));
}

Input BotController::decide(const RunnerState& state, const Course& course, Tick tick, float dt) {
  Input in;
  in.tick = tick;
  if (state.runs != run_) {  // a new run: old plans are void
    run_ = state.runs;
    plan_ = Plan{};
    restart_set_ = false;
  }
  switch (state.mode) {
    case RunnerMode::Parked:  // a bot is never away; an autopilot's player may be
    case RunnerMode::Countdown:
      plan_ = Plan{};  // it stands: a plan made before is void
      return in;
    case RunnerMode::Lab:
    case RunnerMode::Falling:
      return in;
    case RunnerMode::Down:
      if (!restart_allowed(state, dt)) return in;
      if (!restart_set_) {
        restart_set_ = true;
        const float wait = (1.f - skill_) * kBotRestartWait * rng_.next_float();
        restart_at_ = tick + static_cast<Tick>(std::lround(wait / dt));
      }
      if (tick >= restart_at_) in.press(Button::Jump);
      return in;
    case RunnerMode::Running:
    case RunnerMode::Leaping:
      break;
  }

  if (plan_.obstacle != kNoObstacle && !plan_.done) {
    if (tick >= plan_.act_at) {
      in.press(plan_.button);
      plan_.done = true;
    }
    return in;
  }
  std::uint32_t next = state.next_obstacle;
  if (plan_.obstacle != kNoObstacle && plan_.obstacle >= next) next = plan_.obstacle + 1;
  const Obstacle& o = course.obstacle(next);
  const double speed =
      std::max(static_cast<double>(state.rig.scroll_speed), ground_speed_at(state.distance));
  const double ahead = o.x - (state.distance + static_cast<double>(body_front(state.pose)));
  const double plan_seconds =
      static_cast<double>(kBotPlanHorizon) + static_cast<double>(stagger_ticks_) * kDefaultDt;
  if (ahead <= speed * plan_seconds) {
    make_plan(state, course, o, tick, dt);
    if (tick >= plan_.act_at) {
      in.press(plan_.button);
      plan_.done = true;
    }
  }
  return in;
}

}  // namespace spear::sim
