#pragma once
// Runners animated by the real rig, for whole-frame tests, screenshots and the benchmark.
#include <string>
#include <vector>

#include "render/frame_renderer.hpp"
#include "render/scene_obstacle.hpp"
#include "rig/rig.hpp"
#include "rig/secondary.hpp"

namespace spear::client::testing {

struct RigRunner {
  rig::RigState state;
  rig::Secondary secondary;
  rig::RigDebug debug;
  FigureView view;
};

// Steps every runner `seconds` at 60 Hz with `motion`, each starting `stagger` seconds later than
// the previous (so their phases differ). Runner 0 is followed; runner i is in lane i and
// `spacing` units behind the previous one.
inline std::vector<RigRunner> animate_runners(int count, rig::Motion motion, float seconds,
                                              float stagger = 0.07f, double spacing = 28.0) {
  std::vector<RigRunner> runners(static_cast<std::size_t>(count));
  constexpr float kDt = 1.f / 60.f;
  for (int i = 0; i < count; ++i) {
    RigRunner& r = runners[static_cast<std::size_t>(i)];
    rig::RigInput input;
    input.motion = motion;
    const float t = seconds + stagger * static_cast<float>(i);
    for (float s = 0.f; s < t; s += kDt) {
      r.view.pose = rig::step_rig(r.state, input, kDt, &r.debug);
      const bool airborne =
          r.view.pose[rig::Joint::FootNear].y < -2.f && r.view.pose[rig::Joint::FootFar].y < -2.f;
      r.view.secondary =
          rig::step_secondary(r.secondary, r.view.pose, r.state.scroll_speed, airborne, kDt);
    }
    r.view.x = 1000.0 - spacing * i + (i % 3) * 45.0;
    r.view.lane = i;
    r.view.id = i;
    r.view.name = "runner-" + std::to_string(i);
    r.view.followed = i == 0;
  }
  return runners;
}

inline std::vector<FigureView> views_of(const std::vector<RigRunner>& runners) {
  std::vector<FigureView> out;
  for (const RigRunner& r : runners) out.push_back(r.view);
  return out;
}

// A stretch of course ahead of x = 1000: a hurdle, an intact target, a freshly broken one.
inline std::vector<SceneObstacle> course_ahead(float broken_age = 0.22f) {
  return {
      {1, ObstacleKind::StrawTarget, 900.0, 150.f, 24.f, true, 1.4f},
      {2, ObstacleKind::StrawTarget, 1085.0, 150.f, 24.f, true, broken_age},
      {3, ObstacleKind::Hurdle, 1260.0, 38.f, 10.f, false, 0.f},
      {4, ObstacleKind::StrawTarget, 1430.0, 152.f, 24.f, false, 0.f},
      {5, ObstacleKind::Hurdle, 1600.0, 28.f, 10.f, false, 0.f},
  };
}

}  // namespace spear::client::testing
