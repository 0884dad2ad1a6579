#pragma once
// Test poses of every motion a runner plays, and a point-to-segment distance, for the body shape
// tests (body_shape_test.cpp, and body_shape_drawn_test.cpp against the figure as drawn).
#include <vector>

#include "rig/pose.hpp"

namespace spear::sim::test {

// Run, then each of Run, Leap, Thrust, Fall, FallBack and Walk (thrusting now and then), at two
// cadences: 900 poses.
std::vector<rig::Pose> every_motion_poses();

// Distance from p to the segment a–b (units).
double point_segment(rig::Vec2 p, rig::Vec2 a, rig::Vec2 b);

}  // namespace spear::sim::test
