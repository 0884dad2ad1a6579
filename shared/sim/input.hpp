#pragma once
// One runner's input for one tick: the buttons pressed during that tick (edges, not held keys).
// The client stamps it with the tick it is meant for; the match applies each input once.
#include <cstdint>

#include "sim/tick.hpp"

namespace spear::sim {

// Bit positions of Input::buttons. The wire numbers its buttons on its own (net::buttons);
// net/sim_wire.hpp is the one place that maps them.
enum class Button : std::uint16_t {
  Jump = 1u << 0,            // Space / Up: jump; restarts a runner that is down (after the delay)
  Thrust = 1u << 1,          // F / Right: two-handed thrust (in the air too)
  LabToggle = 1u << 2,       // M: enter / leave the motion lab
  LabNext = 1u << 3,         // lab: next motion (Right)
  LabPrev = 1u << 4,         // lab: previous motion (Left)
  SkeletonToggle = 1u << 5,  // S: skeleton overlay on / off
  PauseToggle = 1u << 6,     // lab: pause / resume the lab's time
  Step = 1u << 7,            // lab, paused: advance exactly one tick
  Away = 1u << 8,            // online: the window went to the background (park the runner)
  Back = 1u << 9,            // online: the window is back in focus (resume after a countdown)
};
inline constexpr std::uint16_t kButtonMask = 0x3FF;  // every defined bit

struct Input {
  Tick tick = 0;              // the tick this input is for
  std::uint16_t buttons = 0;  // Button bits pressed this tick
  std::uint8_t lab_pick = 0;  // 0: none; 1..kLabMotionCount picks that lab motion (keys 1–5)

  constexpr bool has(Button b) const { return (buttons & static_cast<std::uint16_t>(b)) != 0; }
  constexpr Input& press(Button b) {
    buttons = static_cast<std::uint16_t>(buttons | static_cast<std::uint16_t>(b));
    return *this;
  }
  constexpr bool empty() const { return buttons == 0 && lab_pick == 0; }
  friend constexpr bool operator==(const Input&, const Input&) = default;
};

// Two inputs applied in the same tick (a late one catching up with the current one): buttons
// are OR-ed, the later pick wins. The tick is `later`'s.
constexpr Input merge_inputs(const Input& earlier, const Input& later) {
  Input m = later;
  m.buttons = static_cast<std::uint16_t>(earlier.buttons | later.buttons);
  if (m.lab_pick == 0) m.lab_pick = earlier.lab_pick;
  return m;
}

}  // namespace spear::sim
