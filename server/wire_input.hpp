#pragma once
// The wire's input frame (net::InputFrame) as the simulation's input (sim::Input), and the
// sim's runner as the wire's runner snapshot. The two sides number their buttons and modes
// independently; this is the one place that maps them.
#include "net/messages.hpp"
#include "sim/input.hpp"
#include "sim/runner.hpp"

namespace spear::server {

sim::Input sim_input_from_wire(const net::InputFrame& frame);

// The runner as a client sees it (pose relative to the anchor, as the sim computed it).
net::RunnerSnapshot runner_snapshot(net::RunnerId id, const sim::RunnerState& state, bool bot);

}  // namespace spear::server
