#pragma once
// The motion sequence of spear-rig-dump: "walk@0,run@3,throw@6" — switch to NAME at T seconds.
#include <string>
#include <string_view>
#include <vector>

#include "rig/motion.hpp"

namespace spear::tools {

struct SequenceEntry {
  rig::Motion motion;
  double at;  // s, ≥ 0
};

struct SequenceParse {
  std::vector<SequenceEntry> entries;  // sorted by time (stable)
  std::string error;                   // empty when the text was valid
};

SequenceParse parse_sequence(std::string_view text);

// The motion in effect at time t: the last entry at or before t; Idle before the first.
rig::Motion motion_at(const std::vector<SequenceEntry>& entries, double t);

}  // namespace spear::tools
