#pragma once
// The one mapping between the simulation and the wire: the sim's input and the wire's input
// frame (both ways), and the sim's runner as the wire's runner snapshot (mode and flags
// included). The two sides number their buttons and modes independently (sim/input.hpp,
// net/messages.hpp); server, client prediction, tools and benchmarks all convert here, so they
// cannot disagree.
#include <cstdint>

#include "net/messages.hpp"
#include "sim/input.hpp"
#include "sim/runner.hpp"

namespace spear::net {

// Wire frame -> sim input. Wire lab_motion is 1 + rig::Motion; the sim's lab_pick is 1 + an
// index into sim::kLabMotions, so motions outside the lab's list pick nothing.
sim::Input to_sim_input(const InputFrame& frame);
// Sim input -> wire frame: the exact inverse for every input the wire can carry (LabNext and
// LabPrev have no wire bit: a client picks motions by number).
InputFrame to_input_frame(const sim::Input& input);

// The runner's mode as clients see it: Running with a thrust playing is Thrusting, Leaping is
// Jumping.
RunnerMode wire_mode(const sim::RunnerState& state);
// runner_flags bits of the runner (kBot from `bot`: the sim does not know who steers).
std::uint8_t wire_flags(const sim::RunnerState& state, bool bot);

// The runner as a client sees it (pose relative to the anchor, as the sim computed it; the lab
// readouts only in the lab, the IK targets only with the skeleton overlay on; the countdown's
// ticks left at the match's step `dt`).
RunnerSnapshot runner_snapshot(RunnerId id, const sim::RunnerState& state, bool bot,
                               float dt = sim::kDefaultDt);

}  // namespace spear::net
