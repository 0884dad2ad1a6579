#include "app/replay_viewer.hpp"

#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Window/Event.hpp>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <fstream>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <vector>

#include "app/frame_assembly.hpp"
#include "app/frame_pacer.hpp"
#include "app/frame_strip.hpp"
#include "app/frame_trace.hpp"
#include "app/game_window.hpp"
#include "app/sfml_keys.hpp"
#include "app/window_strip.hpp"
#include "core/key_script.hpp"
#include "core/replay_scene.hpp"
#include "render/frame_renderer.hpp"
#include "render/offscreen.hpp"
#include "replay/replay_reader.hpp"
#include "sim/sim_version.hpp"

namespace spear::client {

namespace {
constexpr float kMaxDt = 0.033f;  // rig.md §12: a hitch must not fling the hair

std::uint32_t race_number(const replay::Replay& r) { return r.result ? r.result->number : 0; }

// Where the headless run got, for --stats-json and the last line. Exit 1 when the state
// differs from the recorded checkpoint at that tick.
int report(const ClientOptions& o, const replay::Replay& r, const ReplayScene& scene,
           std::uint64_t frames) {
  const std::uint64_t hash = scene.player().match().state_hash();
  const auto cp = std::find_if(r.checkpoints.begin(), r.checkpoints.end(),
                               [&](const replay::Checkpoint& c) { return c.tick == scene.tick(); });
  nlohmann::json j;
  j["replay"] = o.replay;
  j["speed"] = scene.speed();
  j["paused"] = scene.paused();
  j["tick"] = scene.tick();
  j["end_tick"] = r.end_tick;
  j["race_seconds"] = scene.seconds();
  j["at_end"] = scene.at_end();
  j["runners"] = scene.runners().size();
  j["followed"] = scene.followed() ? nlohmann::json(scene.followed()->frame.id) : nullptr;
  j["frames"] = frames;
  j["state_hash"] = hash;
  j["matches_checkpoint"] =
      cp == r.checkpoints.end() ? nlohmann::json(nullptr) : nlohmann::json(cp->hash == hash);
  if (!o.stats_json.empty()) {
    std::ofstream out(o.stats_json, std::ios::trunc);
    out << j.dump(2) << '\n';
    if (!out) {
      std::cerr << "spear-client: cannot write " << o.stats_json << "\n";
      return 1;
    }
  }
  std::cout << "replay: " << scene.seconds() << " s of race played to tick " << scene.tick()
            << (cp == r.checkpoints.end() ? ""
                : cp->hash == hash        ? " (matches the recorded checkpoint)"
                                          : " (DIFFERS from the recorded checkpoint)")
            << "\n";
  return cp != r.checkpoints.end() && cp->hash != hash ? 1 : 0;
}

int run_headless(const ClientOptions& o, const replay::Replay& r, ReplayScene& scene,
                 FrameTrace* trace) {
  const double rate = o.frame_rate.value_or(60.0);
  const double frame_seconds = 1.0 / rate;
  const auto frames = static_cast<std::uint64_t>(std::llround(o.duration * rate));
  KeyScript script(o.script);
  std::vector<FrameData> strip;  // the last frames, drawn after the run
  const auto keep = static_cast<std::size_t>(o.screenshot.empty() ? 0 : o.screenshot_frames);
  bool quit = false;
  std::uint64_t f = 0;
  float time = 0.f;
  for (; f < frames && !quit; ++f) {
    // Frame f shows the viewing time (f + 1) frames in: `frames` frames play --duration.
    const double t = static_cast<double>(f + 1) * frame_seconds;
    for (const Key k : script.due(t)) quit = !scene.press(k) || quit;
    scene.advance(frame_seconds, static_cast<float>(frame_seconds));
    time += static_cast<float>(frame_seconds);
    FrameData frame = assemble_replay_frame(scene, race_number(r), time);
    if (trace) trace->write(t, frame_seconds, frame, scene.paused());
    if (keep > 0 && f + keep >= frames) strip.push_back(std::move(frame));
  }
  if (keep > 0) {
    Offscreen target = create_offscreen(o.width, o.height);
    if (!target.texture) {
      std::cerr << "spear-client: error: cannot draw offscreen: " << target.error << "\n";
      return 2;
    }
    FrameRenderer renderer;
    if (const std::string w = renderer.load_fonts(); !w.empty())
      std::cerr << "spear-client: warning: " << w << "\n";
    if (const std::string err = save_frame_strip(renderer, *target.texture, strip, o.screenshot);
        !err.empty()) {
      std::cerr << "spear-client: error: " << err << "\n";
      return 2;
    }
  }
  if (trace && !trace->ok()) {
    std::cerr << "spear-client: error: could not write the whole frame trace " << o.frame_trace
              << "\n";
    return 1;
  }
  return report(o, r, scene, f);
}

double seconds_since(std::chrono::steady_clock::time_point origin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - origin).count();
}

int run_window(const ClientOptions& o, const replay::Replay& r, ReplayScene& scene,
               FrameTrace* trace) {
  GameWindow game = open_game_window(o, "Spear Run — replay", 1);
  sf::RenderWindow& window = *game.window;
  std::optional<FramePacer>& pacer = game.pacer;
  FrameRenderer renderer;
  if (const std::string w = renderer.load_fonts(); !w.empty())
    std::cerr << "spear-client: warning: " << w << "\n";
  KeyScript script(o.script);
  std::optional<WindowStrip> strip;  // --screenshot: the window's last frames
  if (!o.screenshot.empty()) strip.emplace(o.screenshot, o.screenshot_frames, o.duration);
  const auto origin = std::chrono::steady_clock::now();
  double last = 0.0;
  float time = 0.f;
  bool focused = true;
  while (window.isOpen()) {
    const double now = seconds_since(origin);
    if (o.duration > 0 && now >= o.duration) window.close();
    const double dt = now - last;
    last = now;
    sf::Event e;
    while (window.pollEvent(e)) {
      if (e.type == sf::Event::Closed) window.close();
      // In the background the replay holds still (SFML 2.5 reports minimizing so too).
      if (e.type == sf::Event::LostFocus) focused = false;
      if (e.type == sf::Event::GainedFocus) focused = true;
      if (e.type == sf::Event::KeyPressed) {
        const auto key = key_from_sfml(e.key.code);
        if (key && !scene.press(*key)) window.close();
      }
    }
    for (const Key k : script.due(now))
      if (!scene.press(k)) window.close();
    if (!window.isOpen()) break;
    const double played = focused ? dt : 0.0;
    scene.advance(played, std::min(kMaxDt, static_cast<float>(played)));
    time += static_cast<float>(played);
    const FrameData frame = assemble_replay_frame(scene, race_number(r), time);
    if (trace) trace->write(now, dt, frame, scene.paused() || !focused);
    renderer.draw_frame(window, frame.inputs());
    if (strip) strip->frame_drawn(window, now);
    window.display();
    if (pacer) pacer->wait();
  }
  if (strip) {
    if (const std::string err = strip->save(); !err.empty()) {
      std::cerr << "spear-client: error: " << err << "\n";
      return 2;
    }
  }
  return 0;
}
}  // namespace

std::optional<replay::Replay> load_replay(const std::string& path, const std::string& flag) {
  std::string error;
  const auto bytes = replay::read_file_bytes(path, error);
  if (!bytes) {
    std::cerr << "spear-client: " << flag << ": " << error << "\n";
    return std::nullopt;
  }
  replay::ReadResult read = replay::read_replay(*bytes);
  if (!read.replay) {
    std::cerr << "spear-client: " << flag << ": " << path << ": " << read.error << "\n";
    return std::nullopt;
  }
  if (read.replay->sim_version != sim::kSimVersion) {
    std::cerr << "spear-client: " << flag << ": " << path << ": recorded by sim version "
              << read.replay->sim_version << ", this build's is " << sim::kSimVersion << "\n";
    return std::nullopt;
  }
  return std::move(read.replay);
}

int run_replay(const ClientOptions& o) {
  std::unique_ptr<FrameTrace> trace;
  if (!open_frame_trace(o.frame_trace, &trace)) return 2;
  const std::optional<replay::Replay> r = load_replay(o.replay, "--replay");
  if (!r) return 2;
  ReplayScene scene(*r, o.replay_speed);
  if (o.headless) return run_headless(o, *r, scene, trace.get());
  return run_window(o, *r, scene, trace.get());
}

}  // namespace spear::client
