#pragma once
// The motion lab's list (game.md: ←/→ or 1–5: walk, run, throw, jump, spear form) and its
// readouts: the phase of the motion's cycle and the IK targets.
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>

#include "rig/jump.hpp"
#include "rig/motion.hpp"
#include "rig/rig.hpp"
#include "rig/spear_form.hpp"
#include "rig/throw_motion.hpp"
#include "sim/runner.hpp"

namespace spear::sim {

inline constexpr std::array<rig::Motion, 5> kLabMotions = {
    rig::Motion::Walk, rig::Motion::Run, rig::Motion::Throw, rig::Motion::Jump, rig::Motion::Form};
inline constexpr std::uint8_t kLabMotionCount = static_cast<std::uint8_t>(kLabMotions.size());

constexpr rig::Motion lab_motion(std::uint8_t index) {
  return kLabMotions[index < kLabMotionCount ? index : 0];
}

// Where the playing motion is in its cycle, 0..1: the gait phase for walk and run (near foot),
// the loop's progress for the one-shots the lab repeats (throw, jump: the motion and its rest)
// and for the spear form (its 17 poses).
inline float lab_cycle_progress(const rig::RigState& rig) {
  float cycle = 0.f;
  switch (rig.motion) {
    case rig::Motion::Form:
      cycle = rig::form_duration();
      break;
    case rig::Motion::Throw:
      cycle = rig::kThrowDuration + rig::kThrowRest;
      break;
    case rig::Motion::Jump:
      cycle = rig::kJumpDuration + rig::kJumpRest;
      break;
    default:
      return rig.phase - std::floor(rig.phase);
  }
  const float p = std::fmod(std::max(0.f, rig.motion_time), cycle) / cycle;
  return std::isfinite(p) ? p : 0.f;
}

// The IK targets of the lab's pose as it stands (for the skeleton overlay): a step of 0 s on a
// copy of the rig recomputes the pose (the copy's motion is the one playing, so no blend starts)
// and leaves the runner untouched.
inline rig::RigDebug lab_ik_targets(const RunnerState& s) {
  rig::RigState copy = s.rig;
  rig::RigInput in;
  in.motion = lab_motion(s.lab_motion);
  rig::RigDebug debug;
  (void)rig::step_rig(copy, in, 0.f, &debug);
  return debug;
}

}  // namespace spear::sim
