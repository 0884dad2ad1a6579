#include "server/wire_input.hpp"

#include <algorithm>

#include "sim/lab.hpp"

namespace spear::server {

sim::Input sim_input_from_wire(const net::InputFrame& frame) {
  sim::Input in;
  in.tick = frame.tick;
  const auto map = [&](std::uint8_t wire_bit, sim::Button button) {
    if (frame.buttons & wire_bit) in.press(button);
  };
  map(net::buttons::kJump, sim::Button::Jump);
  map(net::buttons::kThrust, sim::Button::Thrust);
  map(net::buttons::kToggleLab, sim::Button::LabToggle);
  map(net::buttons::kToggleSkeleton, sim::Button::SkeletonToggle);
  map(net::buttons::kTogglePause, sim::Button::PauseToggle);
  map(net::buttons::kStep, sim::Button::Step);
  // Wire: 1 + rig::Motion; sim: 1 + index into kLabMotions. Motions outside the lab's list
  // pick nothing.
  if (frame.lab_motion != 0) {
    const auto motion = static_cast<rig::Motion>(frame.lab_motion - 1);
    for (std::uint8_t i = 0; i < sim::kLabMotionCount; ++i) {
      if (sim::kLabMotions[i] == motion) in.lab_pick = static_cast<std::uint8_t>(i + 1);
    }
  }
  return in;
}

net::RunnerSnapshot runner_snapshot(net::RunnerId id, const sim::RunnerState& s, bool bot) {
  net::RunnerSnapshot r;
  r.id = id;
  switch (s.mode) {
    case sim::RunnerMode::Running:
      r.mode = s.rig.thrust_time >= 0.f ? net::RunnerMode::Thrusting : net::RunnerMode::Running;
      break;
    case sim::RunnerMode::Leaping:
      r.mode = net::RunnerMode::Jumping;
      break;
    case sim::RunnerMode::Falling:
      r.mode = net::RunnerMode::Falling;
      break;
    case sim::RunnerMode::Down:
      r.mode = net::RunnerMode::Down;
      break;
    case sim::RunnerMode::Lab:
      r.mode = net::RunnerMode::Lab;
      break;
  }
  std::uint8_t flags = 0;
  if (s.mode == sim::RunnerMode::Lab) flags |= net::runner_flags::kLab;
  if (s.skeleton) flags |= net::runner_flags::kSkeleton;
  if (s.lab_paused) flags |= net::runner_flags::kPaused;
  if (bot) flags |= net::runner_flags::kBot;
  r.flags = flags;
  r.lab_motion = static_cast<std::uint8_t>(sim::lab_motion(s.lab_motion));
  r.score = s.score;
  r.best = s.best;
  r.combo = static_cast<std::uint8_t>(std::min<std::uint32_t>(s.combo, net::kMaxWireCombo));
  r.distance = s.distance;
  r.pose = s.pose;
  if (s.mode == sim::RunnerMode::Lab) {
    r.lab_phase = sim::lab_cycle_progress(s.rig);
    r.lab_gait = s.rig.gait;
    if (s.skeleton) r.ik = sim::lab_ik_targets(s);
  }
  return r;
}

}  // namespace spear::server
