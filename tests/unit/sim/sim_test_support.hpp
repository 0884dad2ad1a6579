#pragma once
// Helpers shared by the sim tests: courses with a wanted first obstacle, running to a moment.
#include <cstdint>
#include <functional>

#include "sim/course.hpp"
#include "sim/runner.hpp"

namespace spear::sim::test {

// The first seed from `from` whose obstacle 0 is of `kind`.
inline std::uint64_t seed_with_first(ObstacleKind kind, std::uint64_t from = 1) {
  for (std::uint64_t s = from;; ++s) {
    if (Course(s).obstacle(0).kind == kind) return s;
  }
}

// Steps a fresh runner with no input until `stop` says so (or `limit` ticks); returns the ticks.
inline int run_until(RunnerState& s, const Course& c,
                     const std::function<bool(const RunnerState&)>& stop, int limit = 60 * 60) {
  for (int t = 0; t < limit; ++t) {
    if (stop(s)) return t;
    step_runner(s, nullptr, c);
  }
  return limit;
}

// Outcome of pressing `button` at tick `k` from a fresh runner on `c`, then nothing, until
// obstacle 0 is passed or hit.
struct Trial {
  bool crashed = false;
  bool passed = false;  // obstacle 0 fully passed
  bool broke = false;
  bool acted = false;  // the press did something (a leap or a thrust started)
  RunnerState end{};
};
inline Trial try_press_at(const Course& c, int k, Button button, int ticks_after = 120) {
  Trial r;
  RunnerState s = new_runner_state();
  Input press;
  press.press(button);
  for (int t = 0; t <= k + ticks_after; ++t) {
    const RunnerEvents ev = step_runner(s, t == k ? &press : nullptr, c);
    r.crashed |= ev.crashed;
    r.broke |= ev.broke_target && ev.obstacle == 0;
    r.acted |= t == k && (ev.jumped || ev.thrust_started);
    if (ev.crashed) break;
    if (s.next_obstacle > 0) {  // past obstacle 0: what comes next is not this trial's business
      r.passed = true;
      break;
    }
  }
  r.end = s;
  return r;
}

}  // namespace spear::sim::test
