#include "net/sim_wire.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <utility>

#include "sim/lab.hpp"

namespace spear::net {

namespace {
constexpr std::array<std::pair<std::uint8_t, sim::Button>, 8> kButtons = {{
    {buttons::kJump, sim::Button::Jump},
    {buttons::kThrust, sim::Button::Thrust},
    {buttons::kToggleLab, sim::Button::LabToggle},
    {buttons::kToggleSkeleton, sim::Button::SkeletonToggle},
    {buttons::kTogglePause, sim::Button::PauseToggle},
    {buttons::kStep, sim::Button::Step},
    {buttons::kAway, sim::Button::Away},
    {buttons::kBack, sim::Button::Back},
}};
}  // namespace

sim::Input to_sim_input(const InputFrame& frame) {
  sim::Input in;
  in.tick = frame.tick;
  for (const auto& [wire, button] : kButtons)
    if (frame.buttons & wire) in.press(button);
  if (frame.lab_motion != 0) {
    const auto motion = static_cast<rig::Motion>(frame.lab_motion - 1);
    for (std::uint8_t i = 0; i < sim::kLabMotionCount; ++i)
      if (sim::kLabMotions[i] == motion) in.lab_pick = static_cast<std::uint8_t>(i + 1);
  }
  return in;
}

InputFrame to_input_frame(const sim::Input& input) {
  InputFrame f;
  f.tick = input.tick;
  for (const auto& [wire, button] : kButtons)
    if (input.has(button)) f.buttons = static_cast<std::uint8_t>(f.buttons | wire);
  if (input.lab_pick >= 1 && input.lab_pick <= sim::kLabMotionCount)
    f.lab_motion =
        static_cast<std::uint8_t>(1 + static_cast<int>(sim::kLabMotions[input.lab_pick - 1]));
  return f;
}

RunnerMode wire_mode(const sim::RunnerState& s) {
  switch (s.mode) {
    case sim::RunnerMode::Running:
      return s.rig.thrust_time >= 0.f ? RunnerMode::Thrusting : RunnerMode::Running;
    case sim::RunnerMode::Leaping:
      return RunnerMode::Jumping;
    case sim::RunnerMode::Falling:
      return RunnerMode::Falling;
    case sim::RunnerMode::Down:
      return RunnerMode::Down;
    case sim::RunnerMode::Lab:
      return RunnerMode::Lab;
    case sim::RunnerMode::Parked:
      return RunnerMode::Parked;
    case sim::RunnerMode::Countdown:
      return RunnerMode::Countdown;
  }
  return RunnerMode::Running;
}

std::uint8_t wire_flags(const sim::RunnerState& s, bool bot) {
  std::uint8_t flags = 0;
  if (s.mode == sim::RunnerMode::Lab) flags |= runner_flags::kLab;
  if (s.skeleton) flags |= runner_flags::kSkeleton;
  if (s.lab_paused) flags |= runner_flags::kPaused;
  if (bot) flags |= runner_flags::kBot;
  if (s.away) flags |= runner_flags::kAway;
  return flags;
}

RunnerSnapshot runner_snapshot(RunnerId id, const sim::RunnerState& s, bool bot, float dt) {
  RunnerSnapshot r;
  r.id = id;
  r.mode = wire_mode(s);
  r.flags = wire_flags(s, bot);
  r.lab_motion = static_cast<std::uint8_t>(sim::lab_motion(s.lab_motion));
  r.score = s.score;
  r.best = s.best;
  r.combo = static_cast<std::uint8_t>(std::min<std::uint32_t>(s.combo, kMaxWireCombo));
  r.distance = s.distance;
  r.pace = s.pace;
  r.pace_ticks = s.pace_ticks;
  r.countdown_ticks = static_cast<std::uint16_t>(
      std::min<std::uint32_t>(sim::countdown_ticks_left(s, dt), kMaxWireCountdown));
  r.pose = s.pose;
  r.rig_values.phase = s.rig.phase;
  r.rig_values.motion = static_cast<std::uint8_t>(s.rig.motion);
  r.rig_values.motion_ticks =
      static_cast<std::uint32_t>(std::lround(std::clamp(s.rig.motion_time / dt, 0.f, 4.0e9f)));
  r.rig_values.thrust_ticks = s.rig.thrust_time >= 0.f
                                  ? static_cast<std::int32_t>(std::lround(s.rig.thrust_time / dt))
                                  : -1;
  if (s.mode == sim::RunnerMode::Lab) {
    r.lab_phase = sim::lab_cycle_progress(s.rig);
    r.lab_gait = s.rig.gait;
    r.lab_scroll = static_cast<float>(std::fmod(s.rig.scroll, double{kLabScrollSpan}));
    if (s.skeleton) r.ik = sim::lab_ik_targets(s);
  }
  return r;
}

}  // namespace spear::net
