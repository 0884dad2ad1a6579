#pragma once
// How a race begins, the same for the server that runs it and the client that predicts its own
// runner in it: the course seed of race n, the countdown's length and the state every runner
// stands in at the start line when the countdown begins.
#include <cstdint>

#include "sim/prng.hpp"
#include "sim/runner.hpp"
#include "sim/tick.hpp"

namespace spear::sim {

// The course seed of race `number` (1, 2, 3 ...) of a server started with `base` (--seed): race
// 1 runs on `base` itself (so a seed names the first course, as before races), race n > 1 on
// mix_seed(base, n). A client needs only the base (Welcome::course_seed) and the race number.
constexpr std::uint64_t race_course_seed(std::uint64_t base, std::uint32_t number) {
  return number <= 1 ? base : mix_seed(base, number);
}

// The 3-2-1 countdown: the last ticks the runners stand at the line (RunnerMode::Countdown).
inline std::uint32_t race_countdown_ticks(float dt) { return ticks_for(kResumeCountdown, dt); }

// Every runner of a race's match when it begins: standing at the course start for
// `wait_ticks` (the results of the race before, the warm-up, the countdown), running from the
// race's first tick. A player who was away stays away (the sim parks it at once).
inline RunnerState race_start_state(std::uint32_t wait_ticks, float dt, bool away = false) {
  RunnerState s = waiting_runner_state(wait_ticks, dt);
  s.away = away;
  return s;
}

}  // namespace spear::sim
