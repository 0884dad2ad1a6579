#include "core/input_mapping.hpp"

#include "rig/motion.hpp"
#include "sim/lab.hpp"

namespace spear::client {

namespace {
std::uint8_t pick(rig::Motion m) { return static_cast<std::uint8_t>(1 + static_cast<int>(m)); }

// Index of the lab's current motion in kLabMotions (0 when it is not in the list).
int lab_index(std::uint8_t current) {
  for (int i = 0; i < sim::kLabMotionCount; ++i)
    if (static_cast<std::uint8_t>(sim::kLabMotions[static_cast<std::size_t>(i)]) == current)
      return i;
  return 0;
}

std::uint8_t neighbour(std::uint8_t current, int step) {
  const int n = sim::kLabMotionCount;
  const int i = ((lab_index(current) + step) % n + n) % n;
  return pick(sim::kLabMotions[static_cast<std::size_t>(i)]);
}
}  // namespace

KeyMeaning map_key(Key key, ControlMode mode, std::uint8_t current_lab_motion) {
  KeyMeaning m;
  switch (key) {
    case Key::Escape:
      m.local = LocalAction::Quit;
      return m;
    case Key::F3:
      m.local = LocalAction::ToggleNetGraph;
      return m;
    case Key::Tab:
      if (mode == ControlMode::Spectator) m.local = LocalAction::NextRunner;
      return m;
    default:
      break;
  }
  if (mode == ControlMode::Spectator) {
    if (key == Key::S) m.local = LocalAction::ToggleSkeleton;
    if (key == Key::P) m.local = LocalAction::TogglePause;
    return m;
  }
  const bool lab = mode == ControlMode::Lab;
  switch (key) {
    case Key::Space:
    case Key::Up:
      if (!lab) m.buttons = net::buttons::kJump;
      break;
    case Key::F:
      if (!lab) m.buttons = net::buttons::kThrust;
      break;
    case Key::Right:
      if (lab)
        m.lab_motion = neighbour(current_lab_motion, +1);
      else
        m.buttons = net::buttons::kThrust;
      break;
    case Key::Left:
      if (lab) m.lab_motion = neighbour(current_lab_motion, -1);
      break;
    case Key::Num1:
    case Key::Num2:
    case Key::Num3:
    case Key::Num4:
    case Key::Num5:
      if (lab) {
        const auto i =
            static_cast<std::size_t>(static_cast<int>(key) - static_cast<int>(Key::Num1));
        m.lab_motion = pick(sim::kLabMotions[i]);
      }
      break;
    case Key::M:
      m.buttons = net::buttons::kToggleLab;
      break;
    case Key::S:
      m.buttons = net::buttons::kToggleSkeleton;
      break;
    case Key::P:  // the lab's own time in the lab, the local match elsewhere
      if (lab)
        m.buttons = net::buttons::kTogglePause;
      else
        m.local = LocalAction::TogglePause;
      break;
    case Key::Period:
      if (lab) m.buttons = net::buttons::kStep;
      break;
    default:
      break;
  }
  return m;
}

LocalAction InputAccumulator::press(Key key, ControlMode mode, std::uint8_t current_lab_motion) {
  // A second ←/→ in the same tick steps on from the first one's pick.
  const std::uint8_t current =
      lab_motion_ != 0 ? static_cast<std::uint8_t>(lab_motion_ - 1) : current_lab_motion;
  const KeyMeaning m = map_key(key, mode, current);
  buttons_ = static_cast<std::uint8_t>(buttons_ | m.buttons);
  if (m.lab_motion != 0) lab_motion_ = m.lab_motion;  // the later pick wins
  return m.local;
}

net::InputFrame InputAccumulator::take(net::Tick tick) {
  net::InputFrame f;
  f.tick = tick;
  f.buttons = buttons_;
  f.lab_motion = lab_motion_;
  buttons_ = 0;
  lab_motion_ = 0;
  return f;
}

}  // namespace spear::client
