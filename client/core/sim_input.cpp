#include "core/sim_input.hpp"

#include <array>
#include <utility>

#include "sim/lab.hpp"

namespace spear::client {

namespace {
constexpr std::array<std::pair<std::uint8_t, sim::Button>, 6> kButtons = {{
    {net::buttons::kJump, sim::Button::Jump},
    {net::buttons::kThrust, sim::Button::Thrust},
    {net::buttons::kToggleLab, sim::Button::LabToggle},
    {net::buttons::kToggleSkeleton, sim::Button::SkeletonToggle},
    {net::buttons::kTogglePause, sim::Button::PauseToggle},
    {net::buttons::kStep, sim::Button::Step},
}};
}  // namespace

sim::Input sim_input_from_frame(const net::InputFrame& frame) {
  sim::Input in;
  in.tick = frame.tick;
  for (const auto& [wire, button] : kButtons)
    if (frame.buttons & wire) in.press(button);
  // Wire: 1 + rig::Motion; sim: 1 + index into kLabMotions (other motions pick nothing).
  if (frame.lab_motion != 0) {
    const auto motion = static_cast<rig::Motion>(frame.lab_motion - 1);
    for (std::uint8_t i = 0; i < sim::kLabMotionCount; ++i)
      if (sim::kLabMotions[i] == motion) in.lab_pick = static_cast<std::uint8_t>(i + 1);
  }
  return in;
}

net::InputFrame frame_from_sim_input(const sim::Input& input) {
  net::InputFrame f;
  f.tick = input.tick;
  for (const auto& [wire, button] : kButtons)
    if (input.has(button)) f.buttons = static_cast<std::uint8_t>(f.buttons | wire);
  if (input.lab_pick >= 1 && input.lab_pick <= sim::kLabMotionCount)
    f.lab_motion =
        static_cast<std::uint8_t>(1 + static_cast<int>(sim::kLabMotions[input.lab_pick - 1]));
  return f;
}

}  // namespace spear::client
