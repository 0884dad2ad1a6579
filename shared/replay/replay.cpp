#include "replay/replay.hpp"

#include "sim/race_start.hpp"

namespace spear::replay {

sim::RunnerState start_state(const RunnerStart& start, const sim::Course& course, float dt) {
  sim::RunnerState s = sim::race_start_state(start.wait_ticks, dt, start.away);
  // As the server's standing line state: stepped after each of the match's ticks, no input.
  for (std::uint32_t i = 0; i < start.stood_ticks; ++i) sim::step_runner(s, nullptr, course, dt);
  return s;
}

}  // namespace spear::replay
