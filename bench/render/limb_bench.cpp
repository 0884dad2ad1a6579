// The renderer's limb geometry (render/limb_geometry.hpp): the four hoses of one figure.
// Part of bench_render (its BENCHMARK_MAIN); needs no display itself.
#include <benchmark/benchmark.h>

#include "render/limb_geometry.hpp"
#include "rig/rig.hpp"

namespace {

using spear::client::build_limb;
using spear::client::LimbGeometry;
using spear::client::LimbStyle;
using spear::rig::Joint;

void BM_LimbGeometryFigure(benchmark::State& st) {
  spear::rig::RigState s;
  spear::rig::RigInput in;
  in.motion = spear::rig::Motion::Run;
  const spear::rig::Pose p = spear::rig::step_rig(s, in, 0.5f);
  LimbGeometry g[4];
  const LimbStyle near_style, far_style{7.f, 4.f, 8, 8};
  for (auto _ : st) {
    build_limb(p[Joint::Hip], p[Joint::KneeFar], p[Joint::FootFar], far_style, g[0]);
    build_limb(p[Joint::Shoulder], p[Joint::ElbowFar], p[Joint::HandFar], far_style, g[1]);
    build_limb(p[Joint::Hip], p[Joint::KneeNear], p[Joint::FootNear], near_style, g[2]);
    build_limb(p[Joint::Shoulder], p[Joint::ElbowNear], p[Joint::HandNear], near_style, g[3]);
    benchmark::DoNotOptimize(g[3].triangles.data());
  }
}

}  // namespace

BENCHMARK(BM_LimbGeometryFigure);
