#include "sim/bot.hpp"

#include <algorithm>
#include <climits>
#include <cmath>
#include <cstring>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

#include "sim/pace.hpp"

namespace spear::sim {

namespace {

// make_plan() compares states byte for byte.
static_assert(std::is_trivially_copyable_v<RunnerState>);

// Stride of the first, coarse scan of candidate ticks; the edges of the clearing window are then
// refined tick by tick.
constexpr int kCoarseStride = 5;  // ticks; clearing windows are 13 ticks or wider at 60 Hz
// A candidate is given this long to get past its obstacle (s); a leap is 0.62 s.
constexpr float kTrialSeconds = 1.5f;
// s before the no-input contact: about the middle of a clearing window. The coarse sample nearest
// it is tried first: once one sample is known to clear, the search cannot end in the scan of every
// candidate (which could choose any tick), so the rest of it can wait for later ticks.
constexpr float kProbeSeconds = 0.37f;
// s before the no-input contact: the coarse scan starts here. Clearing windows open at most about
// 0.52 s before contact (bot.hpp), so earlier samples all fail, and they are the dearest to try
// (the runner lands short of the obstacle and runs on into it).
constexpr float kScanSeconds = 0.6f;

// s: look_ahead() begins the next plan's search this long before its obstacle comes into view.
constexpr double kLookAheadSeconds = 0.2;

}  // namespace

BotController::BotController(float skill, std::uint64_t seed, BotPersonality personality)
    : skill_(skill),
      personality_(std::move(personality)),
      rng_(mix_seed(seed, 0x626F74ull /* "bot" */)) {
  if (!(skill >= 0.f && skill <= 1.f)) {
    throw std::invalid_argument("bot: skill must be in [0, 1]");
  }
  stagger_ticks_ = static_cast<std::uint32_t>(
      rng_.below(static_cast<std::uint64_t>(ticks_for(kBotPlanStagger, kDefaultDt)) + 1));
}

void BotController::begin_chain(const RunnerState& state) {
  chain_.clear();
  chain_.push_back(state);
  chain_done_ = false;
  trial_k_ = -1;
}

bool BotController::extend_chain(const Course& course, std::uint32_t obstacle, float dt, int& steps,
                                 int limit) {
  // The runner with no input, tick by tick: chain_[k] is the state k ticks after chain_[0]. Stops
  // where doing nothing crashes (no later candidate can help).
  const std::uint32_t horizon =
      ticks_for(kBotPlanHorizon, dt) + ticks_for(0.1f, dt) + stagger_ticks_;
  chain_.reserve(horizon + 1);
  while (!chain_done_ && chain_.size() <= horizon) {
    if (steps >= limit) return false;
    RunnerState next = chain_.back();
    step_runner(next, nullptr, course, dt);
    ++steps;
    if (!runner_alive(next) || next.next_obstacle > obstacle) break;
    chain_.push_back(next);
  }
  if (!chain_done_) tried_.assign(chain_.size(), -1);
  chain_done_ = true;
  return true;
}

void BotController::make_plan(const RunnerState& state, const Course& course,
                              const Obstacle& obstacle, Tick tick, float dt, int& steps) {
  // The work done ahead is this plan's if the runner is exactly where it was foreseen (the chain
  // and the trials are functions of the state, the obstacle and dt alone).
  const bool foreseen = ahead_ == Ahead::Found && ahead_plan_.obstacle == obstacle.index &&
                        ahead_plan_.dt == dt &&
                        std::memcmp(&ahead_state_, &state, sizeof(RunnerState)) == 0;
  ahead_ = Ahead::None;
  plan_ = Plan{};
  plan_.obstacle = obstacle.index;
  plan_.button = obstacle.kind == ObstacleKind::Hurdle ? Button::Jump : Button::Thrust;
  plan_.start = tick;
  plan_.dt = dt;
  if (!foreseen) begin_chain(state);
  extend_chain(course, obstacle.index, dt, steps, INT_MAX);

  // A person's timing error: none at skill 1, σ = kBotMaxErrorSeconds at skill 0, shifted and
  // widened by the personality. (It does not depend on the search, so it is drawn now, before it.)
  const float u = 1.f - skill_;
  const float sigma_ticks = u * kBotMaxErrorSeconds * personality_.reaction_spread / dt;
  float error = rng_.next_normal() * sigma_ticks + u * personality_.reaction_bias / dt;
  if (personality_.mistake_rate > 0.f && rng_.next_float() < u * personality_.mistake_rate) {
    // A blunder: far too early, far too late, or (a target) no thrust at all.
    const auto kind = rng_.below(plan_.button == Button::Thrust ? 3 : 2);
    const float off = rng_.uniform(kBotBlunderMin, kBotBlunderMax) / dt;
    if (kind == 2)
      plan_.miss = true;
    else
      error += kind == 0 ? -off : off;
  }
  plan_.error = static_cast<int>(std::lround(error));
}

// The search over the candidates, replayed on the trials done so far. The probe first, about the
// middle of the window: if it clears, the window is the run of clearing ticks around it (on a
// generated course the clearing ticks are one run), its edges found by bisection, and the choice is
// tried too (a hole there: the probe itself is taken). If the probe fails, a coarse scan for the
// widest run of clearing samples, then its edges by bisection. Stops at the first candidate it
// needs that is untried, with a lower bound on the candidate it will choose whatever the untried
// ones give.
BotController::Search BotController::search(const Plan& plan) const {
  const int n = static_cast<int>(chain_.size());
  auto at = [&](int k) { return tried_[static_cast<std::size_t>(k)]; };
  Search s;
  auto need = [&](int k, int floor) {
    s.need = k;
    s.floor = std::max(0, floor);
    return s;
  };
  // Coarse samples from kScanSeconds before the contact (n − 1); the probe among them.
  const int from = std::max(0, n - 1 - static_cast<int>(ticks_for(kScanSeconds, plan.dt))) /
                   kCoarseStride * kCoarseStride;
  const int last = (n - 1) / kCoarseStride * kCoarseStride;
  const int probe =
      std::clamp((n - static_cast<int>(ticks_for(kProbeSeconds, plan.dt)) + kCoarseStride / 2) /
                     kCoarseStride * kCoarseStride,
                 from, last);
  if (at(probe) < 0) return need(probe, 0);  // the scan of every candidate may come: no bound
  // The window's brackets: left_lo fails (or is −1) and left_hi clears, right_lo clears and
  // right_hi fails (or is n); `known` clears. Around a clearing probe: from a stride before the
  // scan (taken to fail, as the scan takes a stride before a clearing first sample) to the probe,
  // and from the probe to past the chain.
  int left_lo = std::max(-1, from - kCoarseStride), left_hi = probe;
  int right_lo = probe, right_hi = n;
  int known = probe;
  if (at(probe) == 0) {  // a coarse scan for the widest run of clearing samples
    int run_begin = -1, run_end = -1, best = 0, first_clear = -1;
    for (int k = from, begin = -1; k < n; k += kCoarseStride) {
      if (at(k) < 0) {
        bool any_clear = first_clear >= 0;
        for (int j = k; j < n && !any_clear; j += kCoarseStride) any_clear = at(j) == 1;
        if (!any_clear) return need(k, 0);  // the scan of every candidate may come: no bound
        // The widest run begins at a clearing sample, at first_clear or (none before k) k or later;
        // the left edge is less than a stride before it.
        return need(k, (first_clear >= 0 ? first_clear : k) - (kCoarseStride - 1));
      }
      if (at(k) == 1) {
        if (first_clear < 0) first_clear = k;
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
        if (at(k) < 0) return need(k, std::min(k, n / 2));
        if (at(k) == 1) {
          run_begin = run_end = k;
          break;
        }
      }
    }
    if (run_begin < 0) {
      s.finished = true;
      s.chosen = n / 2;  // nothing clears (not on a generated course): act anyway, and fail
      return s;
    }
    left_lo = std::max(-1, run_begin - kCoarseStride);
    left_hi = known = run_begin;
    right_lo = run_end;
    right_hi = std::min(n, run_end + kCoarseStride);
  }
  // The edges by bisection.
  int lo = left_lo, hi = left_hi;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (at(mid) < 0) return need(mid, lo + 1);
    (at(mid) == 1 ? hi : lo) = mid;
  }
  const int left = hi;
  lo = right_lo;
  hi = right_hi;
  while (hi - lo > 1) {
    const int mid = (lo + hi) / 2;
    if (at(mid) < 0) return need(mid, left);
    (at(mid) == 1 ? lo : hi) = mid;
  }
  // A jump in the middle of the window; a thrust as early in it as the bot is eager.
  const float eager =
      plan.button == Button::Thrust ? std::clamp(personality_.thrust_eagerness, 0.f, 1.f) : 0.5f;
  // (At 0.5 this is left + (right − left) / 2, the neutral bot's middle.)
  int chosen = lo - static_cast<int>(std::lround(eager * static_cast<float>(lo - left)));
  if (at(chosen) < 0) return need(chosen, std::min(chosen, known));
  if (at(chosen) == 0) chosen = known;  // a hole in the window: take a tick known to clear
  s.finished = true;
  s.chosen = chosen;
  return s;
}

void BotController::advance_plan(const Course& course, Tick tick, int steps) {
  for (;;) {
    const Search s = search(plan_);
    if (s.finished) {
      plan_.act_at = plan_.start + static_cast<Tick>(std::max(0, s.chosen + plan_.error));
      plan_.ready = true;
      return;
    }
    // The press comes at start + max(0, chosen + error) with chosen ≥ floor: if that is still
    // ahead, the rest can wait once this tick's share is done.
    const Tick earliest = plan_.start + static_cast<Tick>(std::max(0, s.floor + plan_.error));
    if (earliest > tick && steps >= kBotPlanStepsPerTick) return;
    try_candidate(plan_, course, s.need, steps, earliest > tick ? kBotPlanStepsPerTick : INT_MAX);
  }
}

void BotController::try_candidate(const Plan& plan, const Course& course, int k, int& steps,
                                  int limit) {
  if (trial_k_ != k) {
    trial_k_ = k;
    trial_t_ = 0;
    trial_state_ = chain_[static_cast<std::size_t>(k)];
  }
  // Does pressing the button at candidate k get past the obstacle with no further input?
  Input press;
  press.press(plan.button);
  const std::uint32_t end = ticks_for(kTrialSeconds, plan.dt);
  signed char clears = 0;
  while (trial_t_ < end) {
    if (steps >= limit) return;  // to be resumed
    step_runner(trial_state_, trial_t_ == 0 ? &press : nullptr, course, plan.dt);
    ++trial_t_;
    ++steps;
    if (!runner_alive(trial_state_)) break;
    if (trial_state_.next_obstacle > plan.obstacle ||
        (plan.button == Button::Thrust && target_broken(trial_state_, plan.obstacle))) {
      clears = 1;
      break;
    }
  }
  tried_[static_cast<std::size_t>(k)] = clears;
  trial_k_ = -1;
}

bool BotController::in_view(const RunnerState& state, const Obstacle& obstacle,
                            double extra_seconds) const {
  const double speed =
      std::max(static_cast<double>(state.rig.scroll_speed), ground_speed_at(state.distance));
  const double ahead = obstacle.x - (state.distance + static_cast<double>(body_front(state.pose)));
  const double plan_seconds =
      static_cast<double>(kBotPlanHorizon) + static_cast<double>(stagger_ticks_) * kDefaultDt;
  return ahead <= speed * (plan_seconds + extra_seconds);
}

std::uint32_t BotController::next_to_plan(const RunnerState& state) const {
  std::uint32_t next = state.next_obstacle;
  if (plan_.obstacle != kNoObstacle && plan_.obstacle >= next) next = plan_.obstacle + 1;
  return next;
}

void BotController::look_ahead(const RunnerState& state, const Course& course, Tick tick,
                               float dt) {
  // What was foreseen is past (the runner was not where it was foreseen): start again from here.
  if (ahead_ != Ahead::None && ahead_tick_ < tick) ahead_ = Ahead::None;
  if (ahead_ == Ahead::Lost) return;
  if (ahead_ == Ahead::None) {
    ahead_ = Ahead::Running;
    ahead_state_ = state;
    ahead_tick_ = tick;
  }
  int steps = 0;
  while (ahead_ == Ahead::Running) {
    if (steps >= kBotPlanStepsPerTick) return;
    step_runner(ahead_state_, nullptr, course, dt);
    ++steps;
    ++ahead_tick_;
    if (!runner_alive(ahead_state_)) {  // decide() will not plan from there: nothing to do
      ahead_ = Ahead::Lost;
      return;
    }
    const Obstacle& o = course.obstacle(next_to_plan(ahead_state_));
    if (in_view(ahead_state_, o)) {  // make_plan() will be called at ahead_tick_ with this state
      ahead_ = Ahead::Found;
      ahead_plan_ = Plan{};
      ahead_plan_.obstacle = o.index;
      ahead_plan_.button = o.kind == ObstacleKind::Hurdle ? Button::Jump : Button::Thrust;
      ahead_plan_.start = ahead_tick_;
      ahead_plan_.dt = dt;
      begin_chain(ahead_state_);
    }
  }
  if (!extend_chain(course, ahead_plan_.obstacle, dt, steps, kBotPlanStepsPerTick)) return;
  while (steps < kBotPlanStepsPerTick) {
    const Search s = search(ahead_plan_);
    if (s.finished) return;
    try_candidate(ahead_plan_, course, s.need, steps, kBotPlanStepsPerTick);
  }
}

Input BotController::decide(const RunnerState& state, const Course& course, Tick tick, float dt) {
  Input in;
  in.tick = tick;
  if (state.runs != run_) {  // a new run: old plans are void
    run_ = state.runs;
    plan_ = Plan{};
    ahead_ = Ahead::None;
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

  auto act = [&](int steps) {
    if (!plan_.ready) advance_plan(course, tick, steps);
    if (!plan_.ready || tick < plan_.act_at) return;
    if (!plan_.miss) in.press(plan_.button);
    plan_.done = true;
  };
  if (plan_.obstacle != kNoObstacle && !plan_.done) {
    act(0);
    return in;
  }
  const Obstacle& o = course.obstacle(next_to_plan(state));
  if (in_view(state, o)) {
    int steps = 0;
    make_plan(state, course, o, tick, dt, steps);
    act(steps);
  } else {
    // Not long before: the foreseeing costs a runner step a tick, the spread it buys is worth more.
    if (in_view(state, o, kLookAheadSeconds)) look_ahead(state, course, tick, dt);
  }
  return in;
}

}  // namespace spear::sim
