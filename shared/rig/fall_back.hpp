#pragma once
// The crash into an unbroken straw target (game.md): the target stops the runner dead at its
// near face, so there is no slide; the runner recoils, tips over backwards (legs up, arms flung
// out), lands on its back with a squash and lies still; the spear is knocked out of the hands and
// falls behind. Everything moves back from where the body met the target, never forward into it.
// Normalized time p = motion time / kFallDuration (the same length as the forward fall), held at 1.
#include "rig/body.hpp"

namespace spear::rig {

BodyTargets fall_back_body(float p);

}  // namespace spear::rig
