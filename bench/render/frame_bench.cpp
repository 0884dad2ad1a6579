// Frame cost with 16 runners drawn offscreen (geometry + draw calls), CPU time per frame.
// Target: under 1 ms, so a player's machine spends its frame waiting for vsync.
// Needs an X display (xvfb-run -a). Under Xvfb the GPU is llvmpipe, i.e. more CPU: the
// "_Resolved" variant also waits for the pixels, which on real hardware the GPU does in parallel.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdio>
#include <vector>

#include "render/frame_renderer.hpp"
#include "render/offscreen.hpp"
#include "rig/rig.hpp"
#include "rig/secondary.hpp"

namespace {

using namespace spear;
using client::FigureView;

struct Runner {
  rig::RigState state;
  rig::Secondary secondary;
  FigureView view;
};

// Sixteen runners in sixteen lanes, spread around the followed one, phases apart.
std::vector<Runner> make_runners() {
  std::vector<Runner> runners(16);
  for (int i = 0; i < 16; ++i) {
    Runner& r = runners[static_cast<std::size_t>(i)];
    rig::RigInput in;
    in.motion = rig::Motion::Run;
    for (int f = 0; f < 60 + 5 * i; ++f) {
      r.view.pose = rig::step_rig(r.state, in, 1.f / 60.f);
      r.view.secondary =
          rig::step_secondary(r.secondary, r.view.pose, r.state.scroll_speed, false, 1.f / 60.f);
    }
    const int pair = i / 2;  // lanes in pairs, one ahead and one behind
    r.view.x = 1000.0 + (i % 2 == 0 ? 1 : -1) * 30.0 * pair;
    r.view.lane = i;
    r.view.followed = i == 0;
  }
  return runners;
}

std::vector<client::SceneObstacle> course() {
  using client::ObstacleKind;
  return {{1, ObstacleKind::StrawTarget, 1085.0, 150.f, 24.f, true, 0.3f},
          {2, ObstacleKind::Hurdle, 1260.0, 38.f, 10.f, false, 0.f},
          {3, ObstacleKind::StrawTarget, 1430.0, 150.f, 24.f, false, 0.f}};
}

client::HudState hud_for(const std::vector<FigureView>& views) {
  client::HudState hud;
  hud.score = 4321;
  hud.best = 5000;
  hud.distance_m = 320.f;
  hud.speed_mps = 38.f;
  for (std::size_t i = 0; i < views.size(); ++i) {
    hud.scoreboard.push_back(
        {"runner " + std::to_string(i), static_cast<int>(5000 - 100 * i), 5000, i == 0, false});
  }
  return hud;
}

struct Fixture {
  client::Offscreen off = client::create_offscreen(1280, 720);
  client::FrameRenderer renderer;
  std::vector<Runner> runners = make_runners();
  std::vector<FigureView> views;
  std::vector<client::SceneObstacle> obstacles = course();
  client::HudState hud;
  client::NetPlotHistory history;
  Fixture() {
    (void)renderer.load_fonts();
    for (const Runner& r : runners) views.push_back(r.view);
    hud = hud_for(views);
    for (int i = 0; i < 120; ++i) history.push({40.f, 33.f, 30.f, 0.f, 12000.f, 1500.f, 100.f});
  }
  // One 60 Hz frame of running at 382.5 units/s for the camera and every runner.
  void advance(client::FrameInputs& in) {
    constexpr double kStep = 382.5 / 60.0;
    in.camera_x += kStep;
    for (FigureView& v : views) v.x += kStep;
  }
  client::FrameInputs inputs(bool with_hud, bool net_graph) {
    client::FrameInputs in;
    in.camera_x = views[0].x;
    in.time = 3.f;
    in.runners = views;
    in.obstacles = obstacles;
    hud.net_graph = net_graph ? &history : nullptr;
    in.hud = with_hud ? &hud : nullptr;
    return in;
  }
};

Fixture& fixture() {
  static Fixture f;
  return f;
}

void frame(benchmark::State& state, bool with_hud, bool net_graph, bool resolve,
           std::size_t runners = 16) {
  Fixture& f = fixture();
  if (!f.off.texture) {
    state.SkipWithError(f.off.error.c_str());
    return;
  }
  sf::RenderTexture& target = *f.off.texture;
  client::FrameInputs in = f.inputs(with_hud, net_graph);
  in.runners = in.runners.first(std::min(runners, in.runners.size()));
  for (auto _ : state) {
    f.advance(in);  // everyone runs on: the ground scrolls like at run speed
    f.renderer.draw_frame(target, in);
    if (resolve) {
      target.display();
      const sf::Image probe = target.getTexture().copyToImage();  // waits for the pixels
      benchmark::DoNotOptimize(probe.getPixelsPtr());
    }
  }
  state.counters["vertices"] = static_cast<double>(f.renderer.last_vertex_count());
  state.counters["antialiasing"] = static_cast<double>(f.off.antialiasing);
}

void BM_FrameNoRunners(benchmark::State& s) { frame(s, false, false, false, 0); }
void BM_Frame1Runner(benchmark::State& s) { frame(s, false, false, false, 1); }
void BM_Frame16Runners(benchmark::State& s) { frame(s, false, false, false); }
void BM_Frame16RunnersHud(benchmark::State& s) { frame(s, true, false, false); }
void BM_Frame16RunnersHudNetGraph(benchmark::State& s) { frame(s, true, true, false); }
void BM_Frame16RunnersHud_Resolved(benchmark::State& s) { frame(s, true, false, true); }

// Geometry alone: the 16 figures' triangles, no GL at all.
void BM_FigureGeometry16(benchmark::State& state) {
  Fixture& f = fixture();
  client::FigureBuilder builder;
  client::VertexBatch batch;
  const client::FigureStyle style = client::player_style();
  for (auto _ : state) {
    batch.clear();
    for (const FigureView& v : f.views) {
      builder.append(batch, v.pose, v.secondary,
                     client::Placement{{static_cast<float>(v.x - 1000.0), 0.f}, 1.f}, style);
    }
    benchmark::DoNotOptimize(batch.vertices().data());
  }
  state.counters["vertices"] = static_cast<double>(batch.size());
}

// All of a frame's world geometry (background, 16 figures, obstacles, straw), no GL.
void BM_FrameGeometry16(benchmark::State& state) {
  Fixture& f = fixture();
  client::FrameInputs in = f.inputs(false, false);
  for (auto _ : state) {
    f.advance(in);
    f.renderer.prepare({1280, 720}, in);
  }
  state.counters["vertices"] = static_cast<double>(f.renderer.last_vertex_count());
}

BENCHMARK(BM_FigureGeometry16)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FrameGeometry16)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_FrameNoRunners)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Frame1Runner)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Frame16Runners)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Frame16RunnersHud)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Frame16RunnersHudNetGraph)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_Frame16RunnersHud_Resolved)->Unit(benchmark::kMicrosecond);

}  // namespace

BENCHMARK_MAIN();
