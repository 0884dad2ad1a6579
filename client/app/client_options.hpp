#pragma once
// spear-client's command line (client.md "Starting it").
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "core/key_script.hpp"
#include "net/messages.hpp"

namespace spear::client {

// The smallest window or screenshot: below it the HUD's panels cannot be drawn legibly (the
// options refuse smaller; a window resized smaller is set back to it).
inline constexpr unsigned kMinWidth = 320, kMinHeight = 180;

struct ClientOptions {
  std::optional<std::string> connect;  // HOST[:PORT]; none: start the embedded server
  bool spectate = false;
  std::string name = "runner";
  std::string password;
  std::optional<net::PublicKey> server_key;  // --server-key
  bool headless = false;
  double duration = 0.0;  // seconds; 0: until quit (a window) — headless needs > 0
  bool autoplay = false;
  float autoplay_skill = 1.f;
  bool prediction = true;  // --no-prediction: the own runner interpolated (local game: no rewind)
  std::string stats_json;  // file; empty: none
  std::string screenshot;  // PNG file; empty: none
  int screenshot_frames = 1;  // consecutive frames saved at the end (FILE, FILE-2.png, ...)
  bool reduced_motion = false;
  unsigned width = 1280, height = 720;
  std::vector<ScriptedKey> script;
  // Frame pacing: --frame-rate HZ (none: 60 headless, the display's own rate in a window) and a
  // seeded random 0..J ms extra per frame (--frame-jitter-ms J); --frame-trace FILE: one JSON
  // line per frame (app/frame_trace.hpp).
  std::optional<double> frame_rate;
  double frame_jitter_ms = 0.0;
  std::string frame_trace;
  // Sound: a window plays it unless muted; --audio-wav writes the mix (headless: in run time).
  bool mute = false;      // no sound device is opened; a WAV holds silence
  float volume = 100.f;   // 0..100, linear
  std::string audio_wav;  // WAV file of the run's mixed sound; empty: none
  // The embedded server (no --connect).
  int bots = 3;
  // Local game: the match held at the start for a 3-2-1 of this many seconds once the runner is
  // on screen (0: none). Unset: 3 with a window, 0 headless (tests and tools start at once).
  std::optional<double> start_countdown;
  float bot_skill = 0.85f;
  std::optional<std::uint64_t> seed;
  // --replay FILE: play a recorded race instead (app/replay_viewer.hpp).
  std::string replay;
  // --ghost FILE: race the winner of that replay as a golden ghost (local play, on its course).
  std::string ghost;
  // Local play: the player's best run on each course seed is kept in this directory and raced
  // as a golden ghost (app/best_run_keeper.hpp). Empty: a window uses
  // default_ghost_directory(), a headless run keeps none. --no-best-runs: none either way.
  std::string ghost_dir;
  bool best_runs = true;
  double replay_speed = 1.0;  // --speed, 0.25..8
};

// Parses argv. Returns the options, or an exit code when parsing ended the program (--help: 0,
// a bad flag: 2, with the message printed).
std::variant<ClientOptions, int> parse_client_options(int argc, char** argv);

}  // namespace spear::client
