#pragma once
// The interpolation buffer's test harness: a known smooth motion (the "server"), a simulated
// network (latency, jitter, loss, duplicates), and frames played at 60 Hz through a buffer. Used
// by interpolation_buffer_test.cpp and, with bench/load's truth meter, by
// tests/unit/load/interpolation_truth_test.cpp.
#include <algorithm>
#include <cmath>
#include <optional>
#include <random>
#include <vector>

#include "core/interpolation_buffer.hpp"
#include "core/pose_blend.hpp"
#include "core/runner_frame.hpp"

namespace spear::client::test {

constexpr double kTickRate = 60.0;
constexpr int kStride = 2;  // 30 Hz snapshots
constexpr double kFrame = 1.0 / 60.0;
constexpr double kSpeed = 380.0;

// The "server": a runner whose anchor runs at kSpeed and whose joints move on smooth curves.
inline RunnerFrame truth(double t, std::uint32_t id = 7) {
  RunnerFrame r;
  r.id = id;
  r.distance = kSpeed * t;
  r.speed = static_cast<float>(kSpeed);
  for (std::size_t j = 0; j < rig::kJointCount; ++j) {
    const double w = 2.0 * M_PI * 2.0 * t + static_cast<double>(j);
    r.pose.joints[j] = {static_cast<float>(4.0 * static_cast<double>(j) + 6.0 * std::sin(w)),
                        static_cast<float>(-5.0 * static_cast<double>(j) + 6.0 * std::cos(w))};
  }
  r.score = static_cast<std::int32_t>(t * 10);
  return r;
}

struct Arrival {
  double local;
  std::uint32_t tick;
};

struct NetModel {
  double latency = 0.05;
  double jitter = 0.0;         // uniform ± seconds
  double loss = 0.0;           // probability
  double dup = 0.0;            // probability of a second copy
  bool single_losses = false;  // never lose two in a row
  unsigned seed = 1;
};

inline std::vector<Arrival> network(std::uint32_t first, std::uint32_t last, const NetModel& m) {
  std::mt19937 rng(m.seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  std::vector<Arrival> out;
  bool lost_prev = false;
  for (std::uint32_t tick = first; tick <= last; tick += kStride) {
    const bool lose = u(rng) < m.loss && !(m.single_losses && lost_prev);
    lost_prev = lose;
    if (lose) continue;
    const double sent = tick / kTickRate;
    out.push_back({sent + m.latency + (u(rng) * 2 - 1) * m.jitter, tick});
    if (u(rng) < m.dup) out.push_back({sent + m.latency + u(rng) * 0.03, tick});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const Arrival& a, const Arrival& b) { return a.local < b.local; });
  return out;
}

struct Playback {
  double worst_step = 0;   // largest per-frame joint move, units
  double worst_error = 0;  // largest joint error against the truth at render time (interpolated)
  double worst_distance_step = 0;
  int extrapolated = 0;
  int held = 0;
  std::vector<InterpolatedView> views;
};

// Plays frames at 60 Hz from `from` to `to` (local seconds), delivering arrivals as they come.
inline Playback play(InterpolationBuffer& buf, const std::vector<Arrival>& arrivals, double from,
                     double to, double measure_from = 0.5) {
  Playback run;
  std::size_t next = 0;
  std::optional<RunnerFrame> prev;
  for (double now = from; now <= to; now += kFrame) {
    while (next < arrivals.size() && arrivals[next].local < from) ++next;  // earlier segment's
    while (next < arrivals.size() && arrivals[next].local <= now) {
      buf.push(arrivals[next].tick, {truth(arrivals[next].tick / kTickRate)}, arrivals[next].local);
      ++next;
    }
    const InterpolatedView& v = buf.sample(now);
    run.views.push_back(v);
    if (v.runners.empty()) continue;
    const RunnerFrame& r = v.runners.front();
    if (now >= measure_from) {
      if (prev) {
        run.worst_step = std::max<double>(run.worst_step, max_joint_distance(prev->pose, r.pose));
        run.worst_distance_step =
            std::max(run.worst_distance_step, std::abs(r.distance - prev->distance));
      }
      if (v.kind == SampleKind::Interpolated) {
        run.worst_error = std::max<double>(run.worst_error,
                                           max_joint_distance(truth(v.render_time).pose, r.pose));
      }
      if (v.kind == SampleKind::Extrapolated) ++run.extrapolated;
      if (v.kind == SampleKind::Held) ++run.held;
    }
    prev = r;
  }
  return run;
}

// A buffer that starts as a clean path goes on (two intervals): the figures of the tests are
// those of the steady state; StartsAtThreeIntervalsUntilThePathIsShownClean covers the start.
inline InterpolationBuffer make_buffer(bool start_lossy = false) {
  InterpolationConfig c;
  c.tick_rate = kTickRate;
  c.snapshot_rate = kTickRate / kStride;
  c.start_lossy = start_lossy;
  return InterpolationBuffer(c);
}

}  // namespace spear::client::test
