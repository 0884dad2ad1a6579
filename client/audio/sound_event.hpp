#pragma once
// One sound the game asks for: what, when and how loud. `t` is the run's own seconds, the clock
// the mixer counts samples on (a sound at t starts at sample round(t × rate)).
#include <cstdint>
#include <string_view>

namespace spear::audio {

enum class SoundKind : std::uint8_t {
  Footstep,  // a foot of the followed runner touching down
  Whoosh,    // a thrust starting
  Crunch,    // a straw target breaking
  Thud,      // a fallen body hitting the ground
  TakeOff,   // both feet leaving the ground in a jump
  Landing,   // the first foot back on the ground after a jump
};

// "footstep", "whoosh", "crunch", "thud", "take_off", "landing" (the names --stats-json uses).
std::string_view sound_kind_name(SoundKind k);

struct SoundEvent {
  SoundKind kind = SoundKind::Footstep;
  double t = 0.0;    // run seconds
  float gain = 1.f;  // 0..1, on top of the sound's own level
};

}  // namespace spear::audio
