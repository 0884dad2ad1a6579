#pragma once
// From key presses to what they mean (client.md "Controls"): buttons for the own runner as the
// sim's own input (sim::Input, the client's native input: the connection converts it to the wire
// once, net/sim_wire.hpp), and actions the client handles itself.
//
// Space/↑ jump · F/→ thrust · M runner ⇄ lab · in the lab ←/→ or 1–5 pick a motion, S skeleton,
// P pause (outside the lab: the local match), . step · Tab next runner (spectators) · F3 net graph
// · Esc quit.
#include <cstdint>
#include <vector>

#include "core/key.hpp"
#include "sim/input.hpp"

namespace spear::client {

// Where the keys go: a player running, a player in the lab, or a spectator (no runner).
enum class ControlMode : std::uint8_t { Runner, Lab, Spectator };

enum class LocalAction : std::uint8_t {
  None,
  NextRunner,      // Tab: follow the next runner
  ToggleNetGraph,  // F3
  ToggleSkeleton,  // S for a spectator: a local overlay (a spectator's inputs move nothing)
  Quit,            // Esc
  TogglePause,     // P outside the lab (and P or Space while paused): pause the local match
  FocusLost,       // a scripted window event (--script T:FocusLost): the app acts on it
  FocusGained,     // like the window's own
};

struct KeyMeaning {
  std::uint16_t buttons = 0;  // sim::Button bits for the own runner
  std::uint8_t lab_pick = 0;  // 0 or 1 + an index into sim::kLabMotions (sim::Input::lab_pick)
  LocalAction local = LocalAction::None;
};

// The meaning of one press. `current_lab_motion` is the rig::Motion the own runner's lab plays
// (from the snapshot), used by ←/→ to pick the neighbour in the lab's list.
KeyMeaning map_key(Key key, ControlMode mode, std::uint8_t current_lab_motion);

// Collects the presses of one client tick into one sim::Input (edges: each press once).
class InputAccumulator {
 public:
  // Adds a press's buttons and pick; returns its local action for the caller to handle.
  LocalAction press(Key key, ControlMode mode, std::uint8_t current_lab_motion);
  // The input for `tick` with everything pressed since the last take(), then clears.
  sim::Input take(sim::Tick tick);
  bool empty() const { return buttons_ == 0 && lab_pick_ == 0; }

 private:
  std::uint16_t buttons_ = 0;
  std::uint8_t lab_pick_ = 0;
};

}  // namespace spear::client
