// spear-client: plays, watches, or runs headless (client.md).
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Window/Event.hpp>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <thread>

#include "app/client_options.hpp"
#include "app/desktop_motion_setting.hpp"
#include "app/embedded_server.hpp"
#include "app/frame_assembly.hpp"
#include "app/sfml_keys.hpp"
#include "core/client_session.hpp"
#include "net/udp_endpoint.hpp"
#include "render/frame_renderer.hpp"
#include "render/offscreen.hpp"

namespace {

using namespace spear;
using namespace spear::client;

constexpr double kFrameSeconds = 1.0 / 60.0;

// SIGINT/SIGTERM end the loop like Esc: the server is told, files are written.
std::atomic<bool> g_stop{false};
extern "C" void on_stop_signal(int) { g_stop.store(true); }
constexpr float kMaxDt = 0.033f;  // rig.md §12: a hitch must not fling the hair

double seconds_since(std::chrono::steady_clock::time_point origin) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - origin).count();
}

void write_stats(const ClientOptions& o, const RunStats& stats) {
  if (o.stats_json.empty()) return;
  std::ofstream out(o.stats_json);
  out << to_json(stats);
  if (!out) std::cerr << "spear-client: could not write " << o.stats_json << "\n";
}

std::filesystem::path numbered(const std::filesystem::path& file, int i) {
  if (i == 0) return file;
  auto p = file;
  p.replace_filename(file.stem().string() + "-" + std::to_string(i + 1) +
                     file.extension().string());
  return p;
}

// What the user can see pause: frozen (reduced motion, P) keeps one frame and draws it again.
struct Freeze {
  bool requested = false;  // frozen, or waiting for the first frame with a figure to freeze on
  std::optional<FrameData> frame;
};

// The session plus a server to talk to. Returns an exit code on a start-up failure.
struct Setup {
  std::unique_ptr<EmbeddedServer> server;  // the local game, when there is no --connect
  std::unique_ptr<ClientSession> session;
};

std::variant<Setup, int> set_up(const ClientOptions& o) {
  Setup s;
  SessionConfig sc;
  sc.role = o.spectate ? net::Role::Spectator : net::Role::Player;
  sc.name = o.name;
  sc.password = o.password;
  sc.autoplay = o.autoplay;
  sc.autoplay_skill = o.autoplay_skill;
  sc.prediction = o.prediction;
  sc.script = o.script;
  sc.online = o.connect.has_value();  // online away: set_away() parks the runner on the server
  std::optional<net::PeerAddress> peer;
  std::string bad;
  if (o.connect) {
    sc.server_label = *o.connect;
    peer = net::parse_udp_peer(*o.connect, net::kDefaultPort, &bad);
    if (!peer && bad.empty()) bad = "cannot resolve " + *o.connect;
  } else {
    const std::uint64_t seed =
        o.seed ? *o.seed : std::random_device{}() * 0x9E3779B97F4A7C15ull + std::random_device{}();
    std::string error;
    s.server = EmbeddedServer::start(o.bots, o.bot_skill, seed, &error, o.prediction ? 250.0 : 0.0);
    if (!s.server) {
      std::cerr << "spear-client: error: " << error << "\n";
      return 2;
    }
    sc.server_label = "local game";
    peer = net::PeerAddress::ipv4(127, 0, 0, 1, s.server->port());
  }
  std::unique_ptr<ServerLink> link;
  if (peer) {
    link = ServerLink::open(*peer, &bad);
    if (!link) bad = "cannot open a UDP socket: " + bad;
  }
  s.session = std::make_unique<ClientSession>(sc, std::move(link), bad);
  return s;
}

int run_headless(const ClientOptions& o, Setup& setup) {
  ClientSession& session = *setup.session;
  std::optional<Offscreen> target;
  std::unique_ptr<FrameRenderer> renderer;
  if (!o.screenshot.empty()) {
    target = create_offscreen(o.width, o.height);
    if (!target->texture) {
      std::cerr << "spear-client: error: cannot draw offscreen: " << target->error << "\n";
      return 2;
    }
    renderer = std::make_unique<FrameRenderer>();
    if (const std::string w = renderer->load_fonts(); !w.empty())
      std::cerr << "spear-client: warning: " << w << "\n";
  }
  Freeze freeze{o.reduced_motion, std::nullopt};
  NetPlotHistory plot;
  const auto origin = std::chrono::steady_clock::now();
  double t = 0.0;
  double draw_seconds = 0.0;
  float anim_time = 0.f;
  bool net_graph = false, quit = false;
  auto frame = [&](bool draw) {
    session.update(t, kFrameSeconds);
    for (const LocalAction a : session.take_local_actions()) {
      if (a == LocalAction::ToggleNetGraph) net_graph = !net_graph;
      if (a == LocalAction::Quit) quit = true;
    }
    if (const auto& r = session.new_reading()) plot.push(plot_sample(*r));
    anim_time += static_cast<float>(kFrameSeconds);
    if (!draw) {
      session.on_frame(false);
      return;
    }
    if (freeze.requested && !freeze.frame) {
      FrameData f =
          assemble_frame(session, t, anim_time, {true, "reduced motion  ·  P to resume", nullptr});
      if (f.has_followed) freeze.frame = std::move(f);
    }
    const FrameData live = freeze.frame ? FrameData{}
                                        : assemble_frame(session, t, anim_time,
                                                         {false, "", net_graph ? &plot : nullptr});
    const FrameData& shown = freeze.frame ? *freeze.frame : live;
    const auto t0 = std::chrono::steady_clock::now();
    renderer->draw_frame(*target->texture, shown.inputs());
    target->texture->display();
    draw_seconds += seconds_since(t0);
    session.on_frame(true);
  };
  // Frames are sampled at 60 Hz but drawn only at the end: a software-rendered offscreen frame
  // costs tens of milliseconds and would slow the loop that keeps the link and the clock.
  while ((t = seconds_since(origin)) < o.duration && !g_stop.load() && !quit) {
    frame(false);
    if (auto why = session.status().failure()) {
      RunStats st = session.stats(t);
      write_stats(o, st);
      std::cerr << "spear-client: error: " << *why << "\n";
      session.quit(t);
      return 2;
    }
    const double next = (std::floor(t / kFrameSeconds) + 1.0) * kFrameSeconds;
    std::this_thread::sleep_for(
        std::chrono::duration<double>(std::max(0.0, next - seconds_since(origin))));
  }
  if (renderer) {
    for (int i = 0; i < o.screenshot_frames; ++i) {
      if (i > 0) std::this_thread::sleep_for(std::chrono::duration<double>(kFrameSeconds));
      t = seconds_since(origin);
      frame(true);
      const auto file = numbered(o.screenshot, i);
      if (const std::string err = save_png(*target->texture, file); !err.empty()) {
        std::cerr << "spear-client: error: " << err << "\n";
        return 2;
      }
    }
  }
  RunStats st = session.stats(t);
  session.quit(t);
  if (st.snapshots_received == 0 && st.failure.empty())
    st.failure = "no snapshot arrived from " + st.server;
  write_stats(o, st);
  if (!st.failure.empty()) {
    std::cerr << "spear-client: error: " << st.failure << "\n";
    return 2;
  }
  std::fprintf(
      stderr,
      "spear-client: %llu snapshots, %.1f%% lost, delay %.0f ms, worst joint step %.2f units, "
      "%llu frames drawn (%.1f ms each)\n",
      static_cast<unsigned long long>(st.snapshots_received), st.snapshot_loss * 100.0,
      st.interp_delay_mean_ms, st.worst_joint_pop, static_cast<unsigned long long>(st.frames_drawn),
      st.frames_drawn ? draw_seconds * 1000.0 / st.frames_drawn : 0.0);
  return 0;
}

int run_window(const ClientOptions& o, Setup& setup) {
  ClientSession& session = *setup.session;
  sf::ContextSettings cs;
  cs.antialiasingLevel = 8;  // SFML falls back to what the driver offers
  sf::RenderWindow window(sf::VideoMode(o.width, o.height), "Spear Run", sf::Style::Default, cs);
  {  // centre it ourselves: without a window manager (Xvfb, kiosks) X11 may place it off screen
    const sf::VideoMode desk = sf::VideoMode::getDesktopMode();
    const auto centre = [](unsigned screen, unsigned size) {
      return screen > size ? static_cast<int>((screen - size) / 2) : 0;
    };
    window.setPosition({centre(desk.width, o.width), centre(desk.height, o.height)});
  }
  window.setVerticalSyncEnabled(true);
  window.setFramerateLimit(120);  // a ceiling where vsync is unavailable (a virtual display)
  window.setKeyRepeatEnabled(false);
  FrameRenderer renderer;
  if (const std::string w = renderer.load_fonts(); !w.empty())
    std::cerr << "spear-client: warning: " << w << "\n";
  Freeze freeze{o.reduced_motion || desktop_prefers_reduced_motion(), std::nullopt};
  NetPlotHistory plot;
  bool net_graph = false, focused = true, dirty = true;
  bool reported = false;
  const auto origin = std::chrono::steady_clock::now();
  double last = 0.0;
  float anim_time = 0.f;
  while (window.isOpen()) {
    if (g_stop.load()) window.close();
    const double now = seconds_since(origin);
    const float dt = std::min(kMaxDt, static_cast<float>(now - last));
    last = now;
    sf::Event e;
    while (window.pollEvent(e)) {
      if (e.type == sf::Event::Closed) window.close();
      if (e.type == sf::Event::LostFocus) focused = false;
      if (e.type == sf::Event::GainedFocus) focused = true;
      // Online away (issue 15, part 3): the server parks the runner while the window is in the
      // background and counts down on return. Local play pauses the match instead (not here).
      if (o.connect && (e.type == sf::Event::LostFocus || e.type == sf::Event::GainedFocus))
        session.set_away(e.type == sf::Event::LostFocus);
      if (e.type == sf::Event::Resized) dirty = true;
      if (e.type == sf::Event::KeyPressed) {
        const auto key = key_from_sfml(e.key.code);
        if (!key) continue;
        if (*key == Key::P && freeze.requested && session.control_mode() != ControlMode::Lab) {
          freeze = {false, std::nullopt};  // P resumes a reduced-motion start
          continue;
        }
        switch (session.press(*key)) {
          case LocalAction::Quit:
            window.close();
            break;
          case LocalAction::ToggleNetGraph:
            net_graph = !net_graph;
            break;
          default:
            break;
        }
      }
    }
    if (!window.isOpen()) break;
    const bool visible = focused;  // SFML 2.5 reports minimizing as a focus loss
    session.update(now, visible && !freeze.frame ? dt : 0.f);
    for (const LocalAction a : session.take_local_actions()) {
      if (a == LocalAction::ToggleNetGraph) net_graph = !net_graph;
      if (a == LocalAction::Quit) window.close();
    }
    if (const auto& r = session.new_reading()) plot.push(plot_sample(*r));
    if (auto why = session.status().failure(); why && !reported) {
      std::cerr << "spear-client: " << *why << "\n";  // the window says it too, and retries
      reported = true;
    } else if (!why) {
      reported = false;
    }
    if (!visible && !dirty) {
      std::this_thread::sleep_for(
          std::chrono::milliseconds(50));  // keep the link alive, draw nothing
      continue;
    }
    if (visible && !freeze.frame) anim_time += dt;
    const HudExtras extras{!focused, "window in the background", net_graph ? &plot : nullptr};
    if (freeze.requested && !freeze.frame) {
      FrameData f = assemble_frame(session, now, anim_time,
                                   {true, "reduced motion  ·  P to resume", nullptr});
      if (f.has_followed) freeze.frame = std::move(f);
    }
    const FrameData live =
        freeze.frame ? FrameData{} : assemble_frame(session, now, anim_time, extras);
    renderer.draw_frame(window, (freeze.frame ? *freeze.frame : live).inputs());
    window.display();
    session.on_frame(true);
    dirty = false;
  }
  session.quit(seconds_since(origin));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  auto parsed = parse_client_options(argc, argv);
  if (auto* code = std::get_if<int>(&parsed)) return *code;
  const ClientOptions& o = std::get<ClientOptions>(parsed);
  auto setup = set_up(o);
  if (auto* code = std::get_if<int>(&setup)) return *code;
  Setup& s = std::get<Setup>(setup);
  if (o.headless) return run_headless(o, s);
  return run_window(o, s);
}
