#pragma once
// One runner as the client sees it at one moment: what the interpolation buffer stores per
// snapshot and hands back per frame. Plain data, no wire or drawing types.
#include <cstdint>

#include "rig/pose.hpp"

namespace spear::client {

struct RunnerFrame {
  std::uint32_t id = 0;       // runner id (stable across snapshots)
  std::uint8_t mode = 0;      // net::RunnerMode as sent (running, jumping, thrusting, down, lab)
  std::uint8_t flags = 0;     // net::runner_flags bits (lab, skeleton, paused, bot)
  std::uint8_t lab_motion = 0;  // rig::Motion playing in the lab
  std::int32_t score = 0;     // points, this run
  std::int32_t best = 0;      // best score in the match
  double distance = 0.0;      // course units travelled by the anchor (interpolated continuously)
  float speed = 0.f;          // ground speed, units/s, from the anchor's travel between snapshots
  rig::Pose pose{};           // joints relative to the anchor, units, y down
};

}  // namespace spear::client
