#include "motion_poses.hpp"

#include <algorithm>

#include "rig/rig.hpp"

namespace spear::sim::test {

std::vector<rig::Pose> every_motion_poses() {
  std::vector<rig::Pose> out;
  for (rig::Motion m : {rig::Motion::Run, rig::Motion::Leap, rig::Motion::Thrust, rig::Motion::Fall,
                        rig::Motion::FallBack, rig::Motion::Walk}) {
    for (float cadence : {2.55f, 3.4f}) {
      rig::RigState s;
      rig::RigInput in;
      in.motion = rig::Motion::Run;
      in.cadence = cadence;
      for (int t = 0; t < 60; ++t) out.push_back(rig::step_rig(s, in, 1.f / 60.f));
      in.motion = m;
      for (int t = 0; t < 90; ++t) {
        in.start_thrust = t % 40 == 0;
        out.push_back(rig::step_rig(s, in, 1.f / 60.f));
      }
    }
  }
  return out;
}

double point_segment(rig::Vec2 p, rig::Vec2 a, rig::Vec2 b) {
  const rig::Vec2 e = b - a;
  const float len2 = rig::dot(e, e);
  const float t = len2 > 0.f ? std::clamp(rig::dot(p - a, e) / len2, 0.f, 1.f) : 0.f;
  return rig::distance(p, a + e * t);
}

}  // namespace spear::sim::test
