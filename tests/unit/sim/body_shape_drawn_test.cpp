// The sim's body shape against the hoses as the client draws them (client/render/limb_geometry):
// the capsules cover every point of the drawn outline.
#include <gtest/gtest.h>

#include "motion_poses.hpp"
#include "render/limb_geometry.hpp"
#include "sim/body_shape.hpp"

namespace spear::sim {
namespace {

using rig::Joint;
using rig::Vec2;

TEST(BodyShape, CoversTheDrawnHosesOfTheFullStrengthParts) {
  client::LimbGeometry g;
  for (const rig::Pose& p : test::every_motion_poses()) {
    const BodyShape s = body_shape(p);
    client::build_limb(p[Joint::Hip], p[Joint::KneeNear], p[Joint::FootNear], client::LimbStyle{},
                       g);
    for (Vec2 v : g.outline) {
      bool inside = false;
      for (int i = 0; i < s.count && !inside; ++i) {
        const Capsule& c = s.capsules[static_cast<std::size_t>(i)];
        inside = c.part == BodyPart::NearLeg && test::point_segment(v, c.a, c.b) <= c.r + 1e-3;
      }
      ASSERT_TRUE(inside) << v.x << "," << v.y;
    }
  }
}

}  // namespace
}  // namespace spear::sim
