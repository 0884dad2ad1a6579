#pragma once
// The game's sound as the command line asks for it (--mute, --volume, --audio-wav): the loop's
// two call sites, start and end.
#include <memory>

#include "app/client_options.hpp"
#include "audio/game_audio.hpp"
#include "core/run_stats.hpp"

namespace spear::client {

// A window plays on the sound device unless --mute (a machine without one: one line of warning,
// then silence); headless never opens a device. --audio-wav writes the mix: headless, on the
// run's own clock; with a device, what the device played. Returns null
// after printing why when the WAV cannot be written (exit 2).
std::unique_ptr<audio::GameAudio> start_sound(const ClientOptions& o, bool window);

// Renders the sound up to `t`, closes the WAV (an error is printed) and, given stats, records
// the sounds played in them. Returns false when the WAV could not be finished.
bool end_sound(audio::GameAudio& sound, double t, RunStats* stats);

}  // namespace spear::client
