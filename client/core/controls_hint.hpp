#pragma once
// The run's two controls on screen for a new player (client.md "Controls"): shown until the
// player has used each (a press that jumps or thrusts as a runner), and said again whole on the
// crash screen. Pure: presses in, words out.
#include <string>

#include "core/input_mapping.hpp"
#include "core/key.hpp"

namespace spear::client {

inline constexpr const char* kJumpControl = "Space / \u2191  jump";
inline constexpr const char* kThrustControl = "F / \u2192  thrust";

class ControlsHint {
 public:
  // A key pressed in control mode `mode` (only a runner's Jump and Thrust count).
  void on_press(Key key, ControlMode mode);
  bool jump_used() const { return jump_; }
  bool thrust_used() const { return thrust_; }
  // The controls not used yet, "" once both have been.
  std::string pending() const;
  // Both controls, for the crash screen.
  static std::string all();

 private:
  bool jump_ = false;
  bool thrust_ = false;
};

}  // namespace spear::client
