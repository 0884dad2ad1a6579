#include "joint_motion_meter.hpp"

#include <algorithm>
#include <cmath>

#include "core/pose_blend.hpp"

namespace spear::load {

void JointMotionMeter::observe(const client::InterpolatedView& view) {
  ++frames_;
  if (view.kind == client::SampleKind::Empty) return;
  for (const client::RunnerFrame& r : view.runners) {
    History& h = runners_[r.id];
    if (h.last_frame + 1 != frames_) h.frames = 0;  // absent last frame: a new appearance
    h.last_frame = frames_;
    if (h.frames >= 1) {
      worst_step_ =
          std::max(worst_step_, static_cast<double>(client::max_joint_distance(h.prev, r.pose)));
    }
    if (h.frames >= 2) {
      for (std::size_t j = 0; j < rig::kJointCount; ++j) {
        const rig::Vec2 a = r.pose.joints[j], b = h.prev.joints[j], c = h.prev2.joints[j];
        const double dx = a.x - 2.0 * b.x + c.x, dy = a.y - 2.0 * b.y + c.y;
        worst_second_difference_ = std::max(worst_second_difference_, std::sqrt(dx * dx + dy * dy));
      }
    }
    h.prev2 = h.prev;
    h.prev = r.pose;
    h.frames = std::min(h.frames + 1, 2);
  }
}

}  // namespace spear::load
