#include "server/own_runner_check.hpp"

#include <cmath>

#include "sim/runner_check.hpp"

namespace spear::server {

std::optional<net::OwnRunnerState> own_runner_state(const sim::Match& match, sim::RunnerId runner,
                                                    net::RunnerId wire, net::Tick tick,
                                                    std::optional<net::Tick> acked) {
  const sim::MatchRunner* r = match.runner(runner);
  if (!r) return std::nullopt;
  net::OwnRunnerState own;
  own.id = wire;
  own.state_tick = tick;
  own.last_input_tick = acked.value_or(0);
  sim::RunnerCheck check;
  // The newest state whose inputs have all arrived (the client can compare that one), else now.
  check.hash_tick = tick;
  sim::RunnerState hashed = r->state;
  if (acked && *acked < tick) {
    if (const auto past = match.state_after(runner, *acked)) {
      check.hash_tick = *acked;
      hashed = *past;
    }
  }
  check.hash = sim::check_hash(hashed);
  check.moves = match.input_moves(runner);
  own.sim_state = sim::encode_runner_check(check, tick);
  return own;
}

sim::Tick rewind_ticks(double ms, int tick_rate) {
  if (!(ms > 0.0) || tick_rate <= 0) return 0;
  return static_cast<sim::Tick>(std::lround(std::min(ms, 2000.0) / 1000.0 * tick_rate));
}

}  // namespace spear::server
