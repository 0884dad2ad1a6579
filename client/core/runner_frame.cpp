#include "core/runner_frame.hpp"

namespace spear::client {

RunnerFrame runner_frame(const net::RunnerSnapshot& r) {
  RunnerFrame f;
  f.id = r.id;
  f.mode = r.mode;
  f.flags = r.flags;
  f.lab_motion = r.lab_motion;
  f.score = static_cast<std::int32_t>(r.score);
  f.best = static_cast<std::int32_t>(r.best);
  f.combo = r.combo;
  f.countdown_ticks = r.countdown_ticks;
  f.distance = r.distance;
  f.pose = r.pose;
  f.lab_phase = r.lab_phase;
  f.lab_gait = r.lab_gait;
  f.lab_scroll = r.lab_scroll;
  f.ik = r.ik;
  f.bridge = r.bridge;
  return f;
}

}  // namespace spear::client
