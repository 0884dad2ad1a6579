#include "audio/sound_event.hpp"

namespace spear::audio {

std::string_view sound_kind_name(SoundKind k) {
  switch (k) {
    case SoundKind::Footstep:
      return "footstep";
    case SoundKind::Whoosh:
      return "whoosh";
    case SoundKind::Crunch:
      return "crunch";
    case SoundKind::Thud:
      return "thud";
    case SoundKind::TakeOff:
      return "take_off";
    case SoundKind::Landing:
      return "landing";
  }
  return "unknown";
}

}  // namespace spear::audio
