#pragma once
// Measures how smoothly interpolated joints move from one rendered frame to the next.
//
// step: the largest distance any joint moves between consecutive frames (units); fast limbs
//       move several units a frame, so this alone does not tell motion from a pop.
// pop:  the largest second difference |p(t) − 2 p(t−1) + p(t−2)| of any joint (units): near
//       zero for smooth motion, about the size of the jump when a joint snaps.
// Runners are tracked by id; a runner that leaves the view starts over when it comes back.
#include <cstdint>
#include <unordered_map>

#include "core/interpolation_buffer.hpp"

namespace spear::load {

class PopMeter {
 public:
  void observe(const client::InterpolatedView& view);
  double worst_step() const { return worst_step_; }
  double worst_pop() const { return worst_pop_; }
  std::uint64_t frames() const { return frames_; }

 private:
  struct History {
    rig::Pose prev{}, prev2{};
    int frames = 0;  // consecutive frames seen (capped at 2)
    std::uint64_t last_frame = 0;
  };
  std::unordered_map<std::uint32_t, History> runners_;
  double worst_step_ = 0.0;
  double worst_pop_ = 0.0;
  std::uint64_t frames_ = 0;
};

}  // namespace spear::load
