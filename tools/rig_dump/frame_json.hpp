#pragma once
// One line of spear-rig-dump: a frame of the rig as a fixed-format JSON object.
#include <string>

#include "rig/motion.hpp"
#include "rig/pose.hpp"
#include "rig/secondary.hpp"

namespace spear::tools {

struct DumpFrame {
  double t = 0.0;  // s
  rig::Motion motion = rig::Motion::Idle;
  double scroll = 0.0;           // total ground travel, units (ground moves towards −x)
  rig::Pose pose;                // the rig's pose (head before the spring)
  rig::SecondaryPose secondary;  // sprung head and hair
};

// Appends the line (with a trailing newline) to `out`.
void append_frame_json(const DumpFrame& frame, std::string& out);

}  // namespace spear::tools
