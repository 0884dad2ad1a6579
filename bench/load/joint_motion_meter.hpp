#pragma once
// How far and how unevenly interpolated joints move from one rendered frame to the next, with
// no reference to compare with. Neither figure tells a pop from fast motion: a thrust moves the
// spear tens of units a frame and changes its speed as much at every snapshot, on a perfect link
// too (17–29 units of second difference on loopback). For pops, measure against a truth
// (spear-load --truth; truth_pop_meter.hpp).
//
// step:              the largest distance any joint moves between consecutive frames (units).
// second difference: the largest |p(t) − 2 p(t−1) + p(t−2)| of any joint (units).
// Runners are tracked by id; a runner that leaves the view starts over when it comes back.
#include <cstdint>
#include <unordered_map>

#include "core/interpolation_buffer.hpp"

namespace spear::load {

class JointMotionMeter {
 public:
  void observe(const client::InterpolatedView& view);
  double worst_step() const { return worst_step_; }
  double worst_second_difference() const { return worst_second_difference_; }
  std::uint64_t frames() const { return frames_; }

 private:
  struct History {
    rig::Pose prev{}, prev2{};
    int frames = 0;  // consecutive frames seen (capped at 2)
    std::uint64_t last_frame = 0;
  };
  std::unordered_map<std::uint32_t, History> runners_;
  double worst_step_ = 0.0;
  double worst_second_difference_ = 0.0;
  std::uint64_t frames_ = 0;
};

}  // namespace spear::load
