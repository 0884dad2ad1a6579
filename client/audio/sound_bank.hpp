#pragma once
// The game's one-shot sounds, synthesized at start from seeded noise and sines (no asset files):
// footsteps (short low-passed noise thumps with a sine knock, in a few variants so a run of
// steps does not sound like a machine gun), the thrust's whoosh (band-passed noise swept up and
// down), the straw crunch (a burst of band-passed crackles), the fall thud (a falling low
// sine with a scrape after it), a jump's take-off (a scuff of grit as the feet push off) and its
// landing (a heavier, lower footstep). Mono float samples, peak 1, at the mixer's rate.
#include <array>
#include <cstddef>
#include <vector>

#include "audio/sound_event.hpp"

namespace spear::audio {

using Clip = std::vector<float>;

class SoundBank {
 public:
  static constexpr std::size_t kFootstepVariants = 4;

  explicit SoundBank(int sample_rate);

  int sample_rate() const { return rate_; }
  // The clip for a kind; `variant` picks among the footsteps (taken modulo their count).
  const Clip& clip(SoundKind kind, std::size_t variant = 0) const;
  // How loud each kind sits in the mix (peak, before the event's own gain and the volume).
  static float level(SoundKind kind);

 private:
  int rate_;
  std::array<Clip, kFootstepVariants> footsteps_;
  Clip whoosh_, crunch_, thud_, take_off_, landing_;
};

}  // namespace spear::audio
