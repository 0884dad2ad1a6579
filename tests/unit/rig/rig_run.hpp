#pragma once
// Test support: run the rig frame by frame and measure what the tests check.
#include <vector>

#include "rig/pose.hpp"
#include "rig/rig.hpp"

namespace spear::rig::test {

struct Frame {
  Pose pose;
  double scroll = 0.0;  // total ground travel after this frame
  float scroll_speed = 0.f;
  float motion_time = 0.f;
  float thrust_time = -1.f;
};

inline constexpr float kDt = 1.f / 60.f;

// Runs `motion` from a fresh state (first step dt 0) for `seconds`, one Frame per step.
std::vector<Frame> run_motion(Motion motion, float seconds, float dt = kDt, float cadence = 0.f);
// Continues `state` with `input` for `seconds`.
std::vector<Frame> run_more(RigState& state, const RigInput& input, float seconds, float dt = kDt);

// Largest distance any joint moves between two consecutive frames.
float max_joint_step(const Pose& a, const Pose& b);
float max_frame_move(const std::vector<Frame>& frames, std::size_t from = 1);

// World x of a point: the ground moves towards −x, so a ground-fixed point keeps x + scroll.
inline double world_x(float x, double scroll) { return static_cast<double>(x) + scroll; }

// Largest world-space movement of a planted foot over one uninterrupted stance.
float max_planted_slide(const std::vector<Frame>& frames, std::size_t from = 0);

// |bone length − expected| at its worst over the skeleton (meaningful at sx = sy = 1).
float worst_bone_error(const Pose& p);

bool all_finite(const Pose& p);

}  // namespace spear::rig::test
