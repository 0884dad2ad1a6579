#include "core/pop_meter.hpp"

#include <algorithm>

#include "core/pose_blend.hpp"

namespace spear::client {

namespace {
constexpr std::size_t kMaxSteps = 4096;
}

void PopMeter::add(std::uint32_t runner, const rig::Pose& pose) {
  if (runner_ != runner) {
    runner_ = runner;
    last_.reset();
  }
  if (last_) {
    const float step = max_joint_distance(*last_, pose);
    worst_ = std::max<double>(worst_, step);
    // Keep every k-th step once full, so the median covers the whole run.
    if (steps_.size() < kMaxSteps)
      steps_.push_back(step);
    else
      steps_[count_ % kMaxSteps] = step;
    ++count_;
  }
  last_ = pose;
}

double PopMeter::median() const {
  if (steps_.empty()) return 0.0;
  std::vector<float> s = steps_;
  std::nth_element(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(s.size() / 2), s.end());
  return s[s.size() / 2];
}

}  // namespace spear::client
