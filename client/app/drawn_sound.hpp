#pragma once
// The sound of the frame drawn: footsteps, whoosh, crunch, thud and wind from what the player
// sees, not from the session's present. During a hit-stop the drawn world runs up to about
// 65 ms behind the session (app/impact_presenter.hpp), and a footstep or a crunch must be heard
// on the frame it is seen.
#include "app/frame_assembly.hpp"
#include "audio/game_audio.hpp"

namespace spear::client {

// One frame of sound at wall time `t` from `shown` (the frame as drawn: its followed figure,
// mode, speed and the obstacles it shows).
void sound_of_frame(audio::GameAudio& sound, double t, const FrameData& shown);

}  // namespace spear::client
