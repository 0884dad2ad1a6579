#pragma once
// The motions the rig can play (rig.md §13, game.md).
#include <cstdint>
#include <optional>
#include <string_view>

namespace spear::rig {

enum class Motion : std::uint8_t {
  Idle,      // standing, breathing
  Walk,      // gait 0
  Run,       // gait 1 (the runner's base motion; cadence may be ramped)
  Throw,     // lab only: unarmed throw, stationary
  Jump,      // lab: the articles' standing jump (apex 160), stationary
  Form,      // lab: the 17-pose spear form, loops, stationary
  Thrust,    // running two-handed thrust, repeated (for the lab and the dump tool; the game uses
             // RigInput::start_thrust as an overlay on Run or Leap)
  Fall,      // crash: keyframed fall with squash, then lying down (holds the last key)
  Leap,      // the runner's jump over a hurdle: shorter than Jump, legs keep the run, travels
  FallBack,  // crash into a straw target: stopped dead, falls backwards, lies on its back
  Count
};

// Lower-case names: "idle", "walk", "run", "throw", "jump", "form", "thrust", "fall", "leap",
// "fall_back".
std::string_view motion_name(Motion m);
std::optional<Motion> motion_from_name(std::string_view name);

// True for motions during which the ground scrolls (walk, run, thrust, leap; fall decelerates).
bool motion_travels(Motion m);

}  // namespace spear::rig
