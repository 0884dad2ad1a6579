#pragma once
// Measures how much the followed runner's joints move from one drawn frame to the next: the
// worst move is the "worst joint pop" of --stats-json, the median the steady motion to compare it
// with. Switching the followed runner starts over (that is a cut, not a pop).
#include <cstdint>
#include <optional>
#include <vector>

#include "rig/pose.hpp"

namespace spear::client {

class PopMeter {
 public:
  void add(std::uint32_t runner, const rig::Pose& pose);
  double worst() const { return worst_; }
  double median() const;
  void cut() { last_.reset(); }

 private:
  std::optional<std::uint32_t> runner_;
  std::optional<rig::Pose> last_;
  double worst_ = 0.0;
  std::vector<float> steps_;  // a bounded sample of per-frame moves
  std::uint64_t count_ = 0;
};

}  // namespace spear::client
