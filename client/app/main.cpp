// spear-client: plays, watches, or runs headless (client.md).
#include <SFML/Graphics/RenderWindow.hpp>
#include <SFML/Window/Event.hpp>
#include <atomic>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <random>
#include <thread>

#include "app/best_run_keeper.hpp"
#include "app/client_options.hpp"
#include "app/crash_distances.hpp"
#include "app/desktop_motion_setting.hpp"
#include "app/drawn_sound.hpp"
#include "app/embedded_server.hpp"
#include "app/frame_assembly.hpp"
#include "app/frame_pacer.hpp"
#include "app/frame_strip.hpp"
#include "app/frame_trace.hpp"
#include "app/game_window.hpp"
#include "app/impact_presenter.hpp"
#include "app/local_pause.hpp"
#include "app/replay_viewer.hpp"
#include "app/sfml_keys.hpp"
#include "app/sound_setup.hpp"
#include "app/window_strip.hpp"
#include "core/client_session.hpp"
#include "core/ghost_gap.hpp"
#include "core/ghost_runner.hpp"
#include "core/server_socket.hpp"
#include "net/udp_endpoint.hpp"
#include "render/frame_renderer.hpp"
#include "render/offscreen.hpp"
#include "render/view.hpp"

namespace {

using namespace spear;
using namespace spear::client;

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

// Online, where the match cannot stop, reduced motion keeps one frame and draws it again until
// P (in local play the match itself is paused instead: LocalPause).
struct Freeze {
  bool requested = false;  // frozen, or waiting for the first frame with a figure to freeze on
  std::optional<FrameData> frame;
};

// The session plus a server to talk to. Returns an exit code on a start-up failure.
struct Setup {
  std::unique_ptr<EmbeddedServer> server;  // the local game, when there is no --connect
  std::unique_ptr<ClientSession> session;
  std::unique_ptr<ServerSocket> socket;  // null: the address was bad or no socket opened
  std::optional<Ghost> ghost;            // raced: --ghost's winner, or the best run kept
  std::unique_ptr<BestRunKeeper> best;   // local play: the best runs on this course seed
  bool ghost_is_best = false;  // the ghost raced is the best run (a better one replaces it)
};

bool reduced_motion(const ClientOptions& o) {
  return o.reduced_motion || (!o.headless && desktop_prefers_reduced_motion());
}

std::uint64_t jitter_seed(const ClientOptions& o) {
  return o.seed.value_or(1) ^ 0x6a09e667f3bcc908ull;
}

// What the frame loops share: the local pause, the online freeze, the trace, and the actions
// the session hands back (keys and scripted window events).
struct FrameLoop {
  FrameLoop(const ClientOptions& o, Setup& setup, std::unique_ptr<FrameTrace> t)
      : session(*setup.session),
        ghost(setup.ghost),
        best(setup.best.get()),
        server(setup.server.get()),
        ghost_is_best(setup.ghost_is_best),
        pause(setup.server.get(), session),
        trace(std::move(t)),
        impact(ImpactConfig{!reduced_motion(o)}) {
    if (reduced_motion(o)) {
      if (pause.local())
        pause.start_paused(0.0);
      else
        freeze.requested = true;
    } else {
      pause.start_countdown(o.start_countdown.value_or(o.headless ? 0.0 : 3.0), 0.0);
    }
  }
  // Returns false when the app should quit.
  bool act(LocalAction a, double now) {
    switch (a) {
      case LocalAction::Quit:
        return false;
      case LocalAction::ToggleNetGraph:
        net_graph = !net_graph;
        break;
      case LocalAction::TogglePause:
        if (pause.local()) {
          pause.toggle(now);
        } else if (freeze.requested && session.control_mode() != ControlMode::Lab) {
          freeze = {false, std::nullopt};  // P resumes a reduced-motion start
        }
        break;
      case LocalAction::FocusLost:
        on_focus(false, now);
        break;
      case LocalAction::FocusGained:
        on_focus(true, now);
        break;
      default:
        break;
    }
    return true;
  }
  void on_focus(bool f, double now) {
    focused = f;
    pause.on_focus(f, now);
  }
  bool take_actions(double now) {
    bool go_on = true;
    for (const LocalAction a : session.take_local_actions()) go_on = act(a, now) && go_on;
    return go_on;
  }
  // Paused as the player sees it: the local match, or the online freeze.
  bool paused() const { return pause.paused() || freeze.frame.has_value(); }
  // Call before the frame's session update: a frame counts as paused when its update ran
  // paused or it ends paused (a scripted resume arrives during the update it did not move).
  void begin_frame() { paused_at_start = paused(); }
  // The frame to show at wall time `now` (also written to the trace, `dt` after the last one).
  const FrameData& assemble(double now, double dt, float anim_time) {
    crashes.observe(session.runners());
    if (freeze.requested && !freeze.frame) {
      FrameData f = assemble_frame(
          session, now, anim_time,
          {true, "reduced motion  ·  P to resume", nullptr, &crashes, ghost ? 1 : 0});
      if (f.has_followed) freeze.frame = impact.present(f, now, dt);
    }
    if (!freeze.frame) {
      const RunnerView* own = session.own();
      pause.tick(own != nullptr, now);
      const int ghost_lanes = ghost ? 1 : 0;  // the ghost runs in the first lane behind yours
      HudExtras extras{false, "", net_graph ? &plot : nullptr, &crashes, ghost_lanes};
      if (pause.counting() && focused)
        extras.start_count = pause.count_left();  // held for the 3-2-1, not "paused"
      else if (pause.paused())
        extras = {true, pause.detail(), extras.net_graph, &crashes, ghost_lanes};
      else if (!focused)
        extras = {true, "window in the background", extras.net_graph, &crashes, ghost_lanes};
      live = assemble_frame(session, now, anim_time, extras);
      raced = run_clock.update(session.own(), session.session_time(now));
      tend_best_runs();
      if (ghost) add_ghost(live, dt);
    }
    // Impact (hit-stop, camera kick, dust, smear; none under reduced motion) on the frame drawn.
    const FrameData& shown = freeze.frame ? *freeze.frame : impact.present(live, now, dt);
    if (trace) trace->write(now, dt, shown, paused() || paused_at_start);
    return shown;
  }

  // The ghost raced as far into its race as the own runner is into its run (session time: a
  // paused match holds it too), among the frame's figures in gold.
  void add_ghost(FrameData& f, double dt) {
    GhostRunner& runner = *ghost->runner;
    runner.show(runner.time_beside(raced, run_clock.flying()),
                paused() ? 0.f : std::min(kMaxDt, static_cast<float>(dt)));
    if (!runner.view()) return;
    const RunnerView& g = *runner.view();
    FigureView v;
    v.pose = g.frame.pose;
    v.secondary = g.secondary;
    v.x = g.frame.distance;
    v.lane = f.followed_lane + 1;
    v.depth = 1;  // in the lane kept for it, just behind the followed runner's
    v.id = v.lane;
    // The gap, when the figure followed is the own runner (what the ghost is raced against).
    const RunnerView* own = session.own();
    std::optional<GhostGap> gap;
    if (own && own->followed)
      gap = ghost_gap(f.followed_distance, g.frame.distance, own->frame.speed);
    v.name = "ghost";  // the gold tells it apart
    v.ghost = true;
    f.figures.push_back(std::move(v));
    f.ghost_distance = g.frame.distance;
    // Local play has no races: the banner says whom the gold figure is, and how far you are
    // ahead of it (+) or behind it (−).
    RaceHud& banner = f.hud.races;
    if (!banner.active && !f.hud.lab.active) {
      banner.active = true;
      char metres[32];
      std::snprintf(metres, sizeof metres, "%.0f m", runner.result_distance_m());
      banner.replay = ghost_is_best ? std::string("GHOST  \u00b7  your best here: ") + metres
                                    : "GHOST  \u00b7  " + runner.name() + "'s race: " + metres;
      if (gap) {
        const std::string s = gap_seconds_text(*gap);
        const std::string m = gap_metres_text(*gap);
        banner.replay += m == "level" ? "  \u00b7  level with you"
                                      : "  \u00b7  you " + m + (s.empty() ? "" : "  " + s);
      }
    }
  }

  // Local play's best runs: once the own runner's fall is over, the match recorded so far is
  // asked for and offered to the keeper; a better run comes back as a ghost, raced from the
  // next run on, or at once in a run's first seconds (where runs of one course look alike).
  void tend_best_runs() {
    if (!best || !server) return;
    const RunnerView* own = session.own();
    const bool falling = own && own->frame.mode == net::RunnerMode::Falling;
    if (was_falling && !falling) ask_recording();
    was_falling = falling;
    if (auto rec = server->take_recording(); rec && rec->replay && rec->runner)
      best->offer(std::move(*rec->replay), *rec->runner);
    if (!ghost_is_best) return;
    const bool running = own && (own->frame.mode == net::RunnerMode::Running ||
                                 own->frame.mode == net::RunnerMode::Jumping ||
                                 own->frame.mode == net::RunnerMode::Thrusting);
    if (running && raced > kGhostSwapSeconds) return;
    if (auto g = best->take_new_best()) ghost = std::move(g);
  }
  void ask_recording() {
    if (const auto w = session.welcome(); w && w->runner_id) server->ask_recording(*w->runner_id);
  }
  // At the end of local play: the match as it ended, to the keeper, which writes the best run.
  void keep_best_run() {
    if (!best || !server) return;
    ask_recording();
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    while (std::chrono::steady_clock::now() < deadline) {
      if (auto rec = server->take_recording()) {
        if (rec->replay && rec->runner) best->offer(std::move(*rec->replay), *rec->runner);
        break;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(2));
    }
    best->finish();
  }
  static constexpr double kGhostSwapSeconds = 2.0;

  ClientSession& session;
  std::optional<Ghost>& ghost;
  BestRunKeeper* best;
  EmbeddedServer* server;
  bool ghost_is_best;
  bool was_falling = false;
  double raced = 0.0;  // seconds the own runner has run in its current run
  RunClock run_clock;
  LocalPause pause;
  Freeze freeze;
  std::unique_ptr<FrameTrace> trace;
  ImpactPresenter impact;
  CrashDistances crashes;
  NetPlotHistory plot;
  FrameData live;
  bool net_graph = false;
  bool focused = true;
  bool paused_at_start = false;
};

// Local play keeps the best run on the course seed (a window by default, headless with
// --ghost-dir) and races it as the ghost unless --ghost named one. A directory that cannot be
// used, or a stored run that cannot be raced, is a warning: the game goes on.
void set_up_best_runs(const ClientOptions& o, std::uint64_t seed, Setup& s) {
  if (!o.best_runs) return;
  std::filesystem::path dir = o.ghost_dir;
  if (dir.empty() && !o.headless) dir = default_ghost_directory();
  if (dir.empty()) return;
  std::string why;
  s.best = BestRunKeeper::open(dir, seed, &why);
  if (!s.best) {
    std::cerr << "spear-client: warning: best runs are not kept: " << why << "\n";
    return;
  }
  std::optional<Ghost> stored = s.best->stored(&why);
  if (!stored && !why.empty()) std::cerr << "spear-client: warning: " << why << "\n";
  if (!s.ghost) {
    s.ghost = std::move(stored);
    s.ghost_is_best = true;
  }
}

std::variant<Setup, int> set_up(const ClientOptions& o) {
  Setup s;
  SessionConfig sc;
  sc.role = o.spectate ? net::Role::Spectator : net::Role::Player;
  sc.name = o.name;
  sc.password = o.password;
  sc.server_key = o.server_key;
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
    std::uint64_t seed =
        o.seed ? *o.seed : std::random_device{}() * 0x9E3779B97F4A7C15ull + std::random_device{}();
    if (!o.ghost.empty()) {
      // The ghost's race was on its own course: the local game runs on that one.
      auto r = load_replay(o.ghost, "--ghost");
      if (!r) return 2;
      std::string why;
      s.ghost = make_ghost(std::move(*r), &why);
      if (!s.ghost) {
        std::cerr << "spear-client: --ghost: " << o.ghost << ": " << why << "\n";
        return 2;
      }
      if (o.seed && *o.seed != s.ghost->runner->course_seed()) {
        std::cerr << "spear-client: --ghost: the replay ran on course seed "
                  << s.ghost->runner->course_seed() << ", --seed " << *o.seed
                  << " is another course\n";
        return 2;
      }
      seed = s.ghost->runner->course_seed();
    }
    set_up_best_runs(o, seed, s);
    std::string error;
    s.server = EmbeddedServer::start(o.bots, o.bot_skill, seed, &error, o.prediction ? 250.0 : 0.0,
                                     reduced_motion(o), s.best != nullptr);
    if (!s.server) {
      std::cerr << "spear-client: error: " << error << "\n";
      return 2;
    }
    sc.server_label = "local game";
    peer = net::PeerAddress::ipv4(127, 0, 0, 1, s.server->port());
  }
  if (peer) {
    s.socket = ServerSocket::open(*peer, &bad);
    if (!s.socket) bad = "cannot open a UDP socket: " + bad;
  }
  s.session = std::make_unique<ClientSession>(sc, s.socket ? std::string{} : bad);
  return s;
}

int run_headless(const ClientOptions& o, Setup& setup, std::unique_ptr<FrameTrace> trace) {
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
  FrameLoop loop(o, setup, std::move(trace));
  FramePacer pacer(o.frame_rate.value_or(60.0), o.frame_jitter_ms, jitter_seed(o));
  auto sound = start_sound(o, /*window=*/false);  // sound: --audio-wav (in the run's time)
  if (!sound) return 2;
  const auto origin = std::chrono::steady_clock::now();
  double t = 0.0, last = 0.0;
  double draw_seconds = 0.0;
  float anim_time = 0.f;
  bool quit = false;
  // One paced frame; with `capture` a copy of the frame to draw (drawn after the loop).
  auto frame = [&](bool capture) -> std::optional<FrameData> {
    const double dt = std::max(0.0, t - last);
    last = t;
    loop.begin_frame();
    const float cosmetic = loop.paused() ? 0.f : std::min(kMaxDt, static_cast<float>(dt));
    pump_session(session, setup.socket.get(), t, cosmetic);
    quit = !loop.take_actions(t) || quit;
    if (const auto& r = session.new_reading()) loop.plot.push(plot_sample(*r));
    anim_time += cosmetic;
    // Assembled every frame (a frame costs little, a drawn one a lot): the sound and the trace
    // follow the frame as it would be drawn.
    const FrameData& shown = loop.assemble(t, dt, anim_time);
    sound_of_frame(*sound, t, shown);  // sound: what this frame shows happening
    session.on_frame(capture);
    if (!capture) return std::nullopt;
    return shown;
  };
  // Frames are paced at --frame-rate (60 Hz) but drawn only at the end: a software-rendered
  // offscreen frame costs tens of milliseconds and would slow the loop that keeps the link and
  // the clock.
  while ((t = seconds_since(origin)) < o.duration && !g_stop.load() && !quit) {
    frame(false);
    if (auto why = session.status().failure()) {
      RunStats st = session.stats(t);
      end_sound(*sound, t, &st);  // sound
      write_stats(o, st);
      std::cerr << "spear-client: error: " << *why << "\n";
      loop.keep_best_run();
      quit_session(session, setup.socket.get(), t);
      return 2;
    }
    pacer.wait();
  }
  if (renderer) {
    // Consecutive frames at the paced rate (a strip to judge motion by), drawn once captured.
    std::vector<FrameData> strip;
    for (int i = 0; i < o.screenshot_frames; ++i) {
      if (i > 0) pacer.wait();
      t = seconds_since(origin);
      if (auto f = frame(true)) strip.push_back(std::move(*f));
    }
    if (const std::string err =
            save_frame_strip(*renderer, *target->texture, strip, o.screenshot, &draw_seconds);
        !err.empty()) {
      std::cerr << "spear-client: error: " << err << "\n";
      return 2;
    }
  }
  if (loop.trace && !loop.trace->ok())
    std::cerr << "spear-client: error: could not write the whole frame trace " << o.frame_trace
              << "\n";
  RunStats st = session.stats(t);
  loop.keep_best_run();
  quit_session(session, setup.socket.get(), t);
  if (st.snapshots_received == 0 && st.failure.empty())
    st.failure = "no snapshot arrived from " + st.server;
  const bool sound_written = end_sound(*sound, t, &st);  // sound
  write_stats(o, st);
  if (!st.failure.empty()) {
    std::cerr << "spear-client: error: " << st.failure << "\n";
    return 2;
  }
  if (!sound_written) return 2;
  std::fprintf(
      stderr,
      "spear-client: %llu snapshots, %.1f%% lost, delay %.0f ms, worst joint step %.2f units, "
      "%llu frames drawn (%.1f ms each)\n",
      static_cast<unsigned long long>(st.snapshots_received), st.snapshot_loss * 100.0,
      st.interp_delay_mean_ms, st.worst_joint_pop, static_cast<unsigned long long>(st.frames_drawn),
      st.frames_drawn ? draw_seconds * 1000.0 / static_cast<double>(st.frames_drawn) : 0.0);
  return 0;
}

int run_window(const ClientOptions& o, Setup& setup, std::unique_ptr<FrameTrace> trace) {
  ClientSession& session = *setup.session;
  GameWindow game = open_game_window(o, "Spear Run", jitter_seed(o));
  sf::RenderWindow& window = *game.window;
  std::optional<FramePacer>& pacer = game.pacer;
  FrameRenderer renderer;
  if (const std::string w = renderer.load_fonts(); !w.empty())
    std::cerr << "spear-client: warning: " << w << "\n";
  FrameLoop loop(o, setup, std::move(trace));
  auto sound = start_sound(o, /*window=*/true);  // sound: the device unless --mute, --audio-wav
  if (!sound) return 2;
  std::optional<WindowStrip> strip;  // --screenshot: the window's last frames
  if (!o.screenshot.empty()) strip.emplace(o.screenshot, o.screenshot_frames, o.duration);
  bool dirty = true;
  bool reported = false;
  const auto origin = std::chrono::steady_clock::now();
  double last = 0.0;
  float anim_time = 0.f;
  while (window.isOpen()) {
    const double now = seconds_since(origin);
    if (g_stop.load() || (o.duration > 0 && now >= o.duration)) window.close();
    const double frame_dt = now - last;
    last = now;
    sf::Event e;
    while (window.pollEvent(e)) {
      if (e.type == sf::Event::Closed) window.close();
      // SFML 2.5 reports minimizing as a focus loss.
      if (e.type == sf::Event::LostFocus || e.type == sf::Event::GainedFocus) {
        loop.on_focus(e.type == sf::Event::GainedFocus, now);
        dirty = true;  // one frame says so
      }
      if (e.type == sf::Event::Resized) {
        dirty = true;
        if (e.size.width < kMinWidth || e.size.height < kMinHeight)  // back to what is legible
          window.setSize({std::max(e.size.width, kMinWidth), std::max(e.size.height, kMinHeight)});
      }
      if (e.type == sf::Event::KeyPressed) {
        const auto key = key_from_sfml(e.key.code);
        if (!key) continue;
        if (!loop.act(session.press(*key), now)) window.close();
        dirty = true;
      }
    }
    if (!window.isOpen()) break;
    loop.begin_frame();
    const bool still = !loop.focused || loop.paused();
    const float dt = still ? 0.f : std::min(kMaxDt, static_cast<float>(frame_dt));
    session.set_view_width(
        static_cast<std::uint16_t>(std::lround(letterbox(window.getSize()).world_size.x)));
    pump_session(session, setup.socket.get(), now, dt);
    const bool was_focused = loop.focused;
    if (!loop.take_actions(now)) window.close();
    if (loop.focused != was_focused) dirty = true;  // a scripted focus change is shown too
    if (const auto& r = session.new_reading()) loop.plot.push(plot_sample(*r));
    if (auto why = session.status().failure(); why && !reported) {
      std::cerr << "spear-client: " << *why << "\n";  // the window says it too, and retries
      reported = true;
    } else if (!why) {
      reported = false;
    }
    if (!loop.focused && !dirty) {
      std::this_thread::sleep_for(
          std::chrono::milliseconds(50));  // keep the link alive, draw nothing
      continue;
    }
    anim_time += dt;
    const FrameData& shown = loop.assemble(now, frame_dt, anim_time);
    sound_of_frame(*sound, now, shown);  // sound: what this frame shows (in the background the
                                         // device plays on: the wind, the last sounds)
    renderer.draw_frame(window, shown.inputs());
    if (strip) strip->frame_drawn(window, now);
    window.display();
    session.on_frame(true);
    dirty = false;
    if (pacer) pacer->wait();
  }
  loop.keep_best_run();
  quit_session(session, setup.socket.get(), seconds_since(origin));
  if (!end_sound(*sound, seconds_since(origin), nullptr)) return 2;  // sound
  if (strip) {
    if (const std::string err = strip->save(); !err.empty()) {
      std::cerr << "spear-client: error: " << err << "\n";
      return 2;
    }
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
  auto parsed = parse_client_options(argc, argv);
  if (auto* code = std::get_if<int>(&parsed)) return *code;
  const ClientOptions& o = std::get<ClientOptions>(parsed);
  if (!o.replay.empty()) return run_replay(o);
  std::unique_ptr<FrameTrace> trace;  // checked before anything starts
  if (!open_frame_trace(o.frame_trace, &trace)) return 2;
  auto setup = set_up(o);
  if (auto* code = std::get_if<int>(&setup)) return *code;
  Setup& s = std::get<Setup>(setup);
  if (o.headless) return run_headless(o, s, std::move(trace));
  return run_window(o, s, std::move(trace));
}
