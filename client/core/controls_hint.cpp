#include "core/controls_hint.hpp"

#include "sim/input.hpp"

namespace spear::client {

namespace {
constexpr const char* kBetween = "     \u00b7     ";
}

void ControlsHint::on_press(Key key, ControlMode mode) {
  if (mode != ControlMode::Runner) return;
  const std::uint16_t b = map_key(key, mode, 0).buttons;
  if (b & static_cast<std::uint16_t>(sim::Button::Jump)) jump_ = true;
  if (b & static_cast<std::uint16_t>(sim::Button::Thrust)) thrust_ = true;
}

std::string ControlsHint::pending() const {
  if (!jump_ && !thrust_) return all();
  if (!jump_) return kJumpControl;
  if (!thrust_) return kThrustControl;
  return "";
}

std::string ControlsHint::all() { return std::string(kJumpControl) + kBetween + kThrustControl; }

}  // namespace spear::client
