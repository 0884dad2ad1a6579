#pragma once
// The crash (game.md): the runner trips, pitches forward, hits the ground with a squash and lies
// still, face down; the spear flies out of the hands and lands ahead. The ground decelerates to a
// stop. Normalized time p = motion time / kFallDuration, held at 1.
#include "rig/body.hpp"

namespace spear::rig {

BodyTargets fall_body(float p);

// Share of the ground speed at the crash still scrolling at p: slides to a stop by p 0.8.
float fall_scroll_factor(float p);

}  // namespace spear::rig
