#include "core/input_mapping.hpp"

#include "rig/motion.hpp"
#include "sim/lab.hpp"

namespace spear::client {

namespace {
// The lab pick of kLabMotions[i].
std::uint8_t pick(int i) { return static_cast<std::uint8_t>(1 + i); }

// Index of the lab's current motion (a rig::Motion) in kLabMotions (0 when it is not there).
int lab_index(std::uint8_t current) {
  for (int i = 0; i < sim::kLabMotionCount; ++i)
    if (static_cast<std::uint8_t>(sim::kLabMotions[static_cast<std::size_t>(i)]) == current)
      return i;
  return 0;
}

std::uint8_t neighbour(std::uint8_t current, int step) {
  const int n = sim::kLabMotionCount;
  return pick(((lab_index(current) + step) % n + n) % n);
}

constexpr std::uint16_t bit(sim::Button b) { return static_cast<std::uint16_t>(b); }
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
      if (!lab) m.buttons = bit(sim::Button::Jump);
      break;
    case Key::F:
      if (!lab) m.buttons = bit(sim::Button::Thrust);
      break;
    case Key::Right:
      if (lab)
        m.lab_pick = neighbour(current_lab_motion, +1);
      else
        m.buttons = bit(sim::Button::Thrust);
      break;
    case Key::Left:
      if (lab) m.lab_pick = neighbour(current_lab_motion, -1);
      break;
    case Key::Num1:
    case Key::Num2:
    case Key::Num3:
    case Key::Num4:
    case Key::Num5:
      if (lab) m.lab_pick = pick(static_cast<int>(key) - static_cast<int>(Key::Num1));
      break;
    case Key::M:
      m.buttons = bit(sim::Button::LabToggle);
      break;
    case Key::S:
      m.buttons = bit(sim::Button::SkeletonToggle);
      break;
    case Key::P:  // the lab's own time in the lab, the local match elsewhere
      if (lab)
        m.buttons = bit(sim::Button::PauseToggle);
      else
        m.local = LocalAction::TogglePause;
      break;
    case Key::Period:
      if (lab) m.buttons = bit(sim::Button::Step);
      break;
    default:
      break;
  }
  return m;
}

LocalAction InputAccumulator::press(Key key, ControlMode mode, std::uint8_t current_lab_motion) {
  // A second ←/→ in the same tick steps on from the first one's pick.
  const std::uint8_t current = lab_pick_ != 0
                                   ? static_cast<std::uint8_t>(sim::kLabMotions[lab_pick_ - 1u])
                                   : current_lab_motion;
  const KeyMeaning m = map_key(key, mode, current);
  buttons_ = static_cast<std::uint16_t>(buttons_ | m.buttons);
  if (m.lab_pick != 0) lab_pick_ = m.lab_pick;  // the later pick wins
  return m.local;
}

sim::Input InputAccumulator::take(sim::Tick tick) {
  const sim::Input in{tick, buttons_, lab_pick_};
  buttons_ = 0;
  lab_pick_ = 0;
  return in;
}

}  // namespace spear::client
