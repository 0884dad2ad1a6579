// The rig's cost: one full pose (gait, tracks, IK, squash).
// Target: under 2 µs per pose (a 60 Hz server with 1,000 runners spends ~12% of a core on it).
#include <benchmark/benchmark.h>

#include "rig/rig.hpp"

namespace {

using namespace spear::rig;

constexpr float kDt = 1.f / 60.f;

void pose_of(benchmark::State& st, Motion m) {
  RigState s;
  RigInput in;
  in.motion = m;
  step_rig(s, in, 0.f);
  int i = 0;
  for (auto _ : st) {
    in.start_thrust = (++i % 40) == 0;  // the runner thrusts now and then (the overlay's cost too)
    Pose p = step_rig(s, in, kDt);
    benchmark::DoNotOptimize(p);
  }
  st.counters["ns_per_pose"] =
      benchmark::Counter(static_cast<double>(st.iterations()),
                         benchmark::Counter::kIsRate | benchmark::Counter::kInvert);
}

void BM_PoseRun(benchmark::State& st) { pose_of(st, Motion::Run); }
void BM_PoseWalk(benchmark::State& st) { pose_of(st, Motion::Walk); }
void BM_PoseForm(benchmark::State& st) { pose_of(st, Motion::Form); }
void BM_PoseJump(benchmark::State& st) { pose_of(st, Motion::Jump); }

// A motion switch costs more (the old motion is continued twice to measure its velocity).
void BM_PoseSwitch(benchmark::State& st) {
  RigState s;
  RigInput in;
  in.motion = Motion::Run;
  step_rig(s, in, 0.f);
  bool leap = false;
  for (auto _ : st) {
    leap = !leap;
    in.motion = leap ? Motion::Fall : Motion::Run;
    Pose p = step_rig(s, in, kDt);
    benchmark::DoNotOptimize(p);
  }
}

}  // namespace

BENCHMARK(BM_PoseRun);
BENCHMARK(BM_PoseWalk);
BENCHMARK(BM_PoseForm);
BENCHMARK(BM_PoseJump);
BENCHMARK(BM_PoseSwitch);
BENCHMARK_MAIN();
