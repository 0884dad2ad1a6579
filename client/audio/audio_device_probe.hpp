#pragma once
// Whether this machine has a sound output device, asked before any SFML audio object exists:
// SFML 2.5 prints a page of errors and can crash in its streaming thread when OpenAL has no
// device, so without one the client must not touch sf::SoundStream at all.
namespace spear::audio {

// Opens and closes OpenAL's default playback device. The libraries' own complaints on the way
// (ALSA, OpenAL) are kept off stderr: the caller says it in one line.
bool audio_device_available();

}  // namespace spear::audio
