#pragma once
// One runner as the client sees it at one moment: what the interpolation buffer stores per
// snapshot and hands back per frame. Plain data (its mode and flags are the wire's).
#include <cstdint>
#include <optional>

#include "net/messages.hpp"
#include "rig/pose.hpp"
#include "rig/rig.hpp"

namespace spear::client {

struct RunnerFrame {
  std::uint32_t id = 0;                             // runner id (stable across snapshots)
  net::RunnerMode mode = net::RunnerMode::Running;  // as sent (running, jumping, ... lab)
  std::uint8_t flags = 0;             // net::runner_flags bits (lab, skeleton, paused, bot)
  std::uint8_t lab_motion = 0;        // rig::Motion playing in the lab
  std::int32_t score = 0;             // points, this run
  std::int32_t best = 0;              // best score in the match
  std::int32_t combo = 0;             // targets broken in a row this run
  std::uint16_t countdown_ticks = 0;  // mode Countdown: ticks until it runs (else 0)
  double distance = 0.0;  // course units travelled by the anchor (interpolated continuously)
  float speed = 0.f;      // ground speed, units/s, from the anchor's travel between snapshots
                          // (in the lab: the treadmill's, from its travel)
  rig::Pose pose{};       // joints relative to the anchor, units, y down
  // Lab readouts (with the lab flag): cycle phase 0..1 (wraps) and gait 0 walk .. 1 run.
  float lab_phase = 0.f;
  float lab_gait = 0.f;
  // The treadmill: the rig's total ground travel modulo net::kLabScrollSpan, units (with the lab
  // flag; core/treadmill.hpp unwraps it).
  float lab_scroll = 0.f;
  // The rig's IK targets, anchor-relative like the pose (lab with the skeleton overlay on).
  std::optional<rig::RigDebug> ik;
  // What rebuilds this runner in the snapshots before this one when they were lost (the
  // interpolation buffer uses it on arrival; empty in what it hands back).
  net::RunnerBridge bridge;
};

// The decoded snapshot's runner as a frame (speed 0: the buffer derives it from travel).
RunnerFrame runner_frame(const net::RunnerSnapshot& r);

}  // namespace spear::client
