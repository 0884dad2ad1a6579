#include "app/client_options.hpp"

#include <CLI/CLI.hpp>
#include <charconv>
#include <cmath>
#include <iostream>

#include "audio/wav_writer.hpp"
#include "cli/strict_options.hpp"
#include "net/name_text.hpp"
#include "net/protocol.hpp"
#include "net/session_crypto.hpp"

namespace spear::client {

std::variant<ClientOptions, int> parse_client_options(int argc, char** argv) {
  ClientOptions o;
  CLI::App app{
      "Spear Run: the client. With no --connect it starts a local server and plays at once."};
  app.set_version_flag("--version", "spear-client 0.1");
  std::string connect, script;
  std::uint64_t seed = 0;
  app.add_option("--connect", connect, "join a server at HOST[:PORT] (default port 27600)")
      ->check(cli::NonEmpty);
  app.add_flag("--spectate", o.spectate, "watch instead of playing (Tab: next runner)");
  app.add_option("--name", o.name,
                 "your runner's name (1-24 bytes of UTF-8, no control characters; a longer one "
                 "is cut at a character boundary)");
  app.add_option("--password", o.password,
                 "the server's join password, if it has one (at most 64 bytes)")
      ->check(cli::NonEmpty)
      ->check(cli::MaxBytes(net::kMaxPasswordBytes));
  std::string server_key;
  app.add_option("--server-key", server_key,
                 "the server's public key (64 hex digits, printed by spear-server at start): "
                 "refuse any server at --connect that does not hold it")
      ->check(cli::ServerKeyText);
  app.add_flag("--headless", o.headless,
               "no window: connect, play or watch for --duration seconds, report");
  app.add_option("--duration", o.duration,
                 "seconds to run (headless: required; a window closes after them)")
      ->check(cli::FiniteRange(0.0, 1e7));
  app.add_option("--replay", o.replay,
                 "play this replay file (spear-server --record-dir) instead of a game: Space "
                 "pause, Left/Right 5 s, Up/Down speed, Tab next runner, Esc quit")
      ->check(cli::NonEmpty);
  app.add_option("--ghost", o.ghost,
                 "race the winner of this replay file as a golden ghost (local play: the game "
                 "runs on the replay's course)")
      ->check(cli::NonEmpty);
  app.add_option("--ghost-dir", o.ghost_dir,
                 "local play: keep your best run on each course seed here and race it as a "
                 "golden ghost (default in a window: ~/.local/share/spear-run/ghosts; headless: "
                 "only with this flag)")
      ->check(cli::NonEmpty);
  bool no_best_runs = false;
  app.add_flag("--no-best-runs", no_best_runs,
               "local play: neither keep your best runs nor race them as ghosts");
  app.add_option("--speed", o.replay_speed, "with --replay: play at this speed, 0.25..8")
      ->check(cli::FiniteRange(0.25, 8.0));
  app.add_flag("--autoplay", o.autoplay, "the bot controller drives your runner");
  app.add_option("--autoplay-skill", o.autoplay_skill, "skill of --autoplay, 0..1")
      ->check(cli::FiniteRange(0.0, 1.0));
  bool no_prediction = false;
  app.add_flag(
      "--no-prediction", no_prediction,
      "show your runner interpolated like the others, inputs at the time shown (local game: "
      "the server applies inputs when they arrive)");
  app.add_option("--stats-json", o.stats_json,
                 "write what the run saw to this JSON file at the end")
      ->check(cli::Writable);
  app.add_option(
         "--screenshot", o.screenshot,
         "write the last frame to this PNG file (headless: drawn offscreen at the end; a window: "
         "as the window showed it, with --duration)")
      ->check(cli::Writable);
  app.add_option("--screenshot-frames", o.screenshot_frames,
                 "with --screenshot: this many consecutive last frames (FILE, FILE-2.png, ...): "
                 "headless at the paced frame rate, a window at its own")
      ->check(cli::IntegerRange(1, 120));
  app.add_flag("--reduced-motion", o.reduced_motion,
               "start paused on one static frame (P resumes); no hit-stop, camera kick, dust or "
               "smear");
  // A size the HUD cannot be drawn in is refused with the reason.
  const auto size_check = [](unsigned min, unsigned max) {
    const CLI::Validator range = cli::IntegerRange(min, max);
    return CLI::Validator(
        [range, min](std::string& text) -> std::string {
          std::string copy = text;
          std::string why = range(copy);
          if (!why.empty() && why.find("outside") != std::string::npos)
            why += " (under " + std::to_string(min) + " the HUD cannot be drawn legibly)";
          return why;
        },
        range.get_description());
  };
  app.add_option("--width", o.width, "window or screenshot width, pixels")
      ->check(size_check(kMinWidth, 7680));
  app.add_option("--height", o.height, "window or screenshot height, pixels")
      ->check(size_check(kMinHeight, 4320));
  app.add_option("--script", script,
                 "scripted key presses after connecting, e.g. \"2.0:Tab,3.5:Space\" (also "
                 "FocusLost, FocusGained: the window to the background and back)");
  double frame_rate = 0.0;
  app.add_option("--frame-rate", frame_rate,
                 "pace the loop at HZ frames a second (headless default 60; a window: the "
                 "display's own rate)")
      ->check(cli::FinitePositive(1000.0));
  app.add_option("--frame-jitter-ms", o.frame_jitter_ms,
                 "add a seeded random 0..J ms sleep to every frame")
      ->check(cli::FiniteRange(0.0, 1000.0));
  app.add_option("--frame-trace", o.frame_trace,
                 "write one JSON object per frame (camera, followed runner, mode, pause, "
                 "scrolls, foot contact) to this file")
      ->check(cli::Writable);
  app.add_flag("--mute", o.mute, "no sound (no sound device is opened)");
  std::string volume;
  app.add_option("--volume", volume, "sound volume, 0..100 (default 100)")->type_name("0..100");
  app.add_option("--audio-wav", o.audio_wav,
                 "write the run's mixed sound to this WAV file (16-bit mono, 44.1 kHz; headless: "
                 "in the run's own time, a window: what the sound device played)")
      ->check(cli::NonEmpty)
      ->type_name("FILE");
  app.add_option("--bots", o.bots, "local game: bot runners beside you")
      ->check(cli::IntegerRange(0, 15));
  app.add_option("--bot-skill", o.bot_skill, "local game: bot skill, 0..1")
      ->check(cli::FiniteRange(0.0, 1.0));
  app.add_option("--start-countdown", o.start_countdown,
                 "local game: seconds of 3-2-1 before the run starts (default 3 in a window, 0 "
                 "headless)")
      ->check(cli::FiniteRange(0.0, 10.0));
  app.add_option("--seed", seed, "local game: course seed (default: random)")
      ->check(cli::Unsigned64);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int code = app.exit(e);
    return code == 0 ? 0 : 2;  // --help and --version: 0; any bad usage: 2
  }
  if (app.count("--name")) {
    // Too long is cut (at a character boundary, by the connection); anything else wrong is an
    // error here, not a refusal later.
    const std::string cut = net::cut_at_character(o.name, net::kMaxNameBytes);
    if (!net::is_valid_name(cut)) {
      std::cerr << "spear-client: --name needs 1 to " << net::kMaxNameBytes
                << " bytes of UTF-8 with no control characters\n";
      return 2;
    }
    o.name = cut;
  }
  if (!connect.empty()) o.connect = connect;
  if (app.count("--frame-rate")) {
    if (!(frame_rate > 0.0) || !std::isfinite(frame_rate) || frame_rate > 1000.0) {
      std::cerr << "spear-client: --frame-rate must be a number of frames a second, > 0 and "
                   "at most 1000\n";
      return 2;
    }
    o.frame_rate = frame_rate;
  }
  if (!(o.frame_jitter_ms >= 0.0) || !std::isfinite(o.frame_jitter_ms) ||
      o.frame_jitter_ms > 1000.0) {
    std::cerr << "spear-client: --frame-jitter-ms must be milliseconds, from 0 to 1000\n";
    return 2;
  }
  o.prediction = !no_prediction;
  if (app.count("--seed")) o.seed = seed;
  if (!script.empty()) {
    std::string error;
    auto keys = parse_key_script(script, &error);
    if (!keys) {
      std::cerr << "spear-client: --script: " << error << "\n";
      return 2;
    }
    o.script = std::move(*keys);
  }
  if (app.count("--volume")) {
    double v = 0.0;
    const auto [end, ec] = std::from_chars(volume.data(), volume.data() + volume.size(), v);
    if (ec != std::errc{} || end != volume.data() + volume.size() || !std::isfinite(v) || v < 0.0 ||
        v > 100.0) {
      std::cerr << "spear-client: --volume: expected a number from 0 to 100, got '" << volume
                << "'\n";
      return 2;
    }
    o.volume = static_cast<float>(v);
  }
  if (!o.audio_wav.empty()) {
    if (const std::string why = audio::check_writable(o.audio_wav); !why.empty()) {
      std::cerr << "spear-client: --audio-wav: " << why << "\n";
      return 2;
    }
  }
  if (!o.ghost.empty() && (o.connect || !o.replay.empty())) {
    std::cerr << "spear-client: --ghost races in a local game; it cannot go with "
              << (o.connect ? "--connect" : "--replay") << "\n";
    return 2;
  }
  o.best_runs = !no_best_runs;
  if (!o.ghost_dir.empty() && (o.connect || !o.replay.empty() || no_best_runs)) {
    std::cerr << "spear-client: --ghost-dir keeps best runs of a local game; it cannot go with "
              << (o.connect           ? "--connect"
                  : !o.replay.empty() ? "--replay"
                                      : "--no-best-runs")
              << "\n";
    return 2;
  }
  if (!o.replay.empty() && o.connect) {
    std::cerr << "spear-client: --replay plays a file; it cannot go with --connect\n";
    return 2;
  }
  if (!server_key.empty()) {
    if (!o.connect) {
      std::cerr << "spear-client: --server-key checks the server at --connect; the local game "
                   "needs none\n";
      return 2;
    }
    o.server_key = net::key_from_hex(server_key);
  }
  if (o.headless && !(o.duration > 0)) {
    std::cerr << "spear-client: --headless needs --duration SECONDS (> 0)\n";
    return 2;
  }
  // The strip is a run's last frames: a window needs to know when its run ends.
  if (!o.headless && app.count("--screenshot") && !(o.duration > 0)) {
    std::cerr << "spear-client: --screenshot in a window needs --duration SECONDS (the strip is "
                 "the window's last frames)\n";
    return 2;
  }
  if (app.count("--screenshot-frames") && o.screenshot.empty()) {
    std::cerr << "spear-client: --screenshot-frames needs --screenshot FILE\n";
    return 2;
  }
  if (o.connect && app.count("--bots"))
    std::cerr << "spear-client: note: --bots only applies to the local game\n";
  return o;
}

}  // namespace spear::client
