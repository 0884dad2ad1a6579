#include "app/client_options.hpp"

#include <CLI/CLI.hpp>
#include <iostream>

namespace spear::client {

std::variant<ClientOptions, int> parse_client_options(int argc, char** argv) {
  ClientOptions o;
  CLI::App app{
      "Spear Run: the client. With no --connect it starts a local server and plays at once."};
  app.set_version_flag("--version", "spear-client 0.1");
  std::string connect, script;
  std::uint64_t seed = 0;
  app.add_option("--connect", connect, "join a server at HOST[:PORT] (default port 27600)");
  app.add_flag("--spectate", o.spectate, "watch instead of playing (Tab: next runner)");
  app.add_option("--name", o.name, "your runner's name (1-24 bytes of UTF-8)");
  app.add_option("--password", o.password, "the server's join password, if it has one");
  app.add_flag("--headless", o.headless,
               "no window: connect, play or watch for --duration seconds, report");
  app.add_option("--duration", o.duration, "seconds to run (headless: required)")
      ->check(CLI::NonNegativeNumber);
  app.add_flag("--autoplay", o.autoplay, "the bot controller drives your runner");
  app.add_option("--autoplay-skill", o.autoplay_skill, "skill of --autoplay, 0..1")
      ->check(CLI::Range(0.0, 1.0));
  bool no_prediction = false;
  app.add_flag(
      "--no-prediction", no_prediction,
      "show your runner interpolated like the others, inputs at the time shown (local game: "
      "the server applies inputs when they arrive)");
  app.add_option("--stats-json", o.stats_json,
                 "write what the run saw to this JSON file at the end");
  app.add_option("--screenshot", o.screenshot,
                 "write the last frame, drawn offscreen, to this PNG file");
  app.add_option("--screenshot-frames", o.screenshot_frames,
                 "with --screenshot: this many consecutive last frames (FILE, FILE-2.png, ...)")
      ->check(CLI::Range(1, 10));
  app.add_flag("--reduced-motion", o.reduced_motion,
               "start paused on one static frame (P resumes)");
  app.add_option("--width", o.width, "window or screenshot width, pixels")
      ->check(CLI::Range(160, 7680));
  app.add_option("--height", o.height, "window or screenshot height, pixels")
      ->check(CLI::Range(120, 4320));
  app.add_option("--script", script,
                 "scripted key presses after connecting, e.g. \"2.0:Tab,3.5:Space\" (also "
                 "FocusLost, FocusGained: the window to the background and back)");
  app.add_option("--bots", o.bots, "local game: bot runners beside you")->check(CLI::Range(0, 15));
  app.add_option("--bot-skill", o.bot_skill, "local game: bot skill, 0..1")
      ->check(CLI::Range(0.0, 1.0));
  app.add_option("--seed", seed, "local game: course seed (default: random)");
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    return app.exit(e);
  }
  if (!connect.empty()) o.connect = connect;
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
  if (o.headless && !(o.duration > 0)) {
    std::cerr << "spear-client: --headless needs --duration SECONDS (> 0)\n";
    return 2;
  }
  if (o.connect && app.count("--bots"))
    std::cerr << "spear-client: note: --bots only applies to the local game\n";
  return o;
}

}  // namespace spear::client
