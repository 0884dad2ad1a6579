#pragma once
// Test poses built from the skeleton's bone lengths, moving like a runner (sinusoids at run
// cadence, periodic jumps with squash), so the codecs can be measured before and besides the
// real rig.
#include "net/messages.hpp"
#include "rig/pose.hpp"

namespace spear::net::test {

// time: seconds; phase_offset: 0..1 to desynchronise runners.
rig::Pose synthetic_running_pose(double time, double phase_offset = 0.0);

// A runner as the server would report it at `tick` (60 Hz).
RunnerSnapshot synthetic_runner(RunnerId id, Tick tick);

}  // namespace spear::net::test
