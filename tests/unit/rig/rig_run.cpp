#include "rig_run.hpp"

#include <algorithm>
#include <cmath>

#include "rig/skeleton.hpp"

namespace spear::rig::test {

std::vector<Frame> run_more(RigState& state, const RigInput& input, float seconds, float dt) {
  std::vector<Frame> out;
  const int n = static_cast<int>(std::lround(seconds / dt));
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    Frame f;
    f.pose = step_rig(state, input, dt);
    f.scroll = state.scroll;
    f.scroll_speed = state.scroll_speed;
    f.motion_time = state.motion_time;
    f.thrust_time = state.thrust_time;
    out.push_back(f);
  }
  return out;
}

std::vector<Frame> run_motion(Motion motion, float seconds, float dt, float cadence) {
  RigState s;
  RigInput in;
  in.motion = motion;
  in.cadence = cadence;
  std::vector<Frame> out;
  Frame first;
  first.pose = step_rig(s, in, 0.f);
  out.push_back(first);
  const auto more = run_more(s, in, seconds, dt);
  out.insert(out.end(), more.begin(), more.end());
  return out;
}

float max_joint_step(const Pose& a, const Pose& b) {
  float m = 0.f;
  for (std::size_t i = 0; i < kJointCount; ++i) m = std::max(m, distance(a.joints[i], b.joints[i]));
  return m;
}

float max_frame_move(const std::vector<Frame>& f, std::size_t from) {
  float m = 0.f;
  for (std::size_t i = std::max<std::size_t>(from, 1); i < f.size(); ++i) {
    m = std::max(m, max_joint_step(f[i - 1].pose, f[i].pose));
  }
  return m;
}

float max_planted_slide(const std::vector<Frame>& frames, std::size_t from) {
  float worst = 0.f;
  for (int foot = 0; foot < 2; ++foot) {
    const Joint j = foot == 0 ? Joint::FootNear : Joint::FootFar;
    bool in_stance = false;
    double x0 = 0.0;
    float y0 = 0.f;
    for (std::size_t i = from; i < frames.size(); ++i) {
      const Pose& p = frames[i].pose;
      const bool planted = foot == 0 ? p.contact_near : p.contact_far;
      if (!planted) {
        in_stance = false;
        continue;
      }
      const double wx = world_x(p[j].x, frames[i].scroll);
      if (!in_stance) {
        in_stance = true;
        x0 = wx;
        y0 = p[j].y;
        continue;
      }
      const float dx = static_cast<float>(wx - x0);
      const float dy = p[j].y - y0;
      worst = std::max(worst, std::sqrt(dx * dx + dy * dy));
    }
  }
  return worst;
}

float worst_bone_error(const Pose& p) {
  float worst = 0.f;
  for (const SkeletonLink& link : kSkeleton) {
    if (is_bone(link))
      worst =
          std::max(worst, std::fabs(distance(p[link.parent], p[link.child]) - link.rest_length));
  }
  return worst;
}

bool all_finite(const Pose& p) {
  for (const Vec2& v : p.joints) {
    if (!std::isfinite(v.x) || !std::isfinite(v.y)) return false;
  }
  return std::isfinite(p.sx) && std::isfinite(p.sy) && std::isfinite(p.head_r);
}

}  // namespace spear::rig::test
