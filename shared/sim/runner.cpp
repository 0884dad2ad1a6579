#include "sim/runner.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sim/collision.hpp"
#include "sim/lab.hpp"
#include "sim/pace.hpp"

namespace spear::sim {

namespace {

using rig::Joint;
using rig::Motion;
using rig::Pose;

// Pose points that belong to the body (everything but the spear and the arms: hands on the
// shaft are where the spear is, and a spear poking a target does not crash the runner).
constexpr Joint kBodyJoints[] = {Joint::Pelvis,   Joint::Chest,    Joint::Head,
                                 Joint::Shoulder, Joint::Hip,      Joint::KneeNear,
                                 Joint::KneeFar,  Joint::FootNear, Joint::FootFar};
// Limb and trunk segments checked as lines at the new pose.
constexpr Joint kBodySegments[][2] = {
    {Joint::Hip, Joint::KneeNear}, {Joint::KneeNear, Joint::FootNear},
    {Joint::Hip, Joint::KneeFar},  {Joint::KneeFar, Joint::FootFar},
    {Joint::Pelvis, Joint::Chest}, {Joint::Chest, Joint::Head},
};
// Points whose motion during the tick is swept (fast-moving: feet in swing, knees, the head).
constexpr Joint kSweptJoints[] = {Joint::FootNear, Joint::FootFar, Joint::KneeNear, Joint::KneeFar,
                                  Joint::Pelvis,   Joint::Chest,   Joint::Head};

// A foot exactly on the ground line touches an obstacle standing on it: allow float noise below.
constexpr double kGroundSlack = 1.0;

WorldPoint world(double distance, rig::Vec2 p) {
  return {distance + static_cast<double>(p.x), static_cast<double>(p.y)};
}

WorldBox box_of(const Obstacle& o, double grow) {
  return {o.x - grow, o.far_x() + grow, -static_cast<double>(o.height) - grow, kGroundSlack + grow};
}

bool body_touches(const Pose& before, double d_before, const Pose& after, double d_after,
                  const Obstacle& o) {
  const WorldBox box = box_of(o, 0.0);
  for (const auto& seg : kBodySegments) {
    if (segment_touches_box(world(d_after, after[seg[0]]), world(d_after, after[seg[1]]), box)) {
      return true;
    }
  }
  for (Joint j : kSweptJoints) {
    if (segment_touches_box(world(d_before, before[j]), world(d_after, after[j]), box)) return true;
  }
  // The head is a disc: test its centre against the box grown by its radius.
  const WorldBox head_box = box_of(o, static_cast<double>(after.head_r));
  const WorldPoint head = world(d_after, after[Joint::Head]);
  return segment_touches_box(head, head, head_box);
}

bool tip_hits(const Pose& before, double d_before, const Pose& after, double d_after,
              const Obstacle& o) {
  const WorldBox box = box_of(o, 0.0);
  const WorldPoint tip = world(d_after, after[Joint::SpearTip]);
  return segment_touches_box(world(d_before, before[Joint::SpearTip]), tip, box) ||
         segment_touches_box(world(d_after, after[Joint::SpearTail]), tip, box);
}

void check_dt(float dt) {
  if (!(dt > 0.f) || !std::isfinite(dt) || dt > 1.f) {
    throw std::invalid_argument("step_runner: dt must be in (0, 1] seconds");
  }
}

void set_broken(RunnerState& s, std::uint32_t index) {
  const std::int64_t bit = static_cast<std::int64_t>(index) - s.next_obstacle + kBrokenBehind;
  if (bit >= 0 && bit < 32) s.broken_bits |= 1u << bit;
}

// Passed: its far side is behind the rearmost body point (with a margin).
void advance_passed(RunnerState& s, const Course& course) {
  const double rear = s.distance + static_cast<double>(body_rear(s.pose));
  while (course.obstacle(s.next_obstacle).far_x() + kPassMargin < rear) {
    ++s.next_obstacle;
    s.broken_bits >>= 1;
  }
}

void update_score(RunnerState& s) {
  const auto metres = static_cast<std::uint32_t>(std::floor(s.distance / kUnitsPerMetre));
  s.score = metres + s.bonus;
  s.best = std::max(s.best, s.score);
  s.best_distance = std::max(s.best_distance, s.distance);
}

void start_run(RunnerState& s) {
  s.mode = RunnerMode::Running;
  s.mode_ticks = 0;
  s.distance = 0.0;
  s.next_obstacle = 0;
  s.broken_bits = 0;
  s.score = 0;
  s.bonus = 0;
  s.combo = 0;
  ++s.runs;
}

double travel(RunnerState& s, const rig::RigInput& in, float dt) {
  const double before = s.rig.scroll;
  s.pose = rig::step_rig(s.rig, in, dt);
  return s.rig.scroll - before;
}

void step_lab(RunnerState& s, const Input& in, float dt) {
  if (in.has(Button::LabNext))
    s.lab_motion = static_cast<std::uint8_t>((s.lab_motion + 1) % kLabMotionCount);
  if (in.has(Button::LabPrev)) {
    s.lab_motion =
        static_cast<std::uint8_t>((s.lab_motion + kLabMotionCount - 1) % kLabMotionCount);
  }
  if (in.lab_pick >= 1 && in.lab_pick <= kLabMotionCount) {
    s.lab_motion = static_cast<std::uint8_t>(in.lab_pick - 1);
  }
  if (in.has(Button::PauseToggle)) s.lab_paused = !s.lab_paused;
  const bool advance = !s.lab_paused || in.has(Button::Step);
  rig::RigInput ri;
  ri.motion = lab_motion(s.lab_motion);
  // The lab does not travel: the rig may scroll its ground (walk, run), the distance stays.
  travel(s, ri, advance ? dt : 0.f);
  if (advance) ++s.mode_ticks;
}

void step_alive(RunnerState& s, const Input& in, const Course& course, float dt, RunnerEvents& ev) {
  if (in.has(Button::Jump) && s.mode == RunnerMode::Running) {
    s.mode = RunnerMode::Leaping;
    s.mode_ticks = 0;
    ev.jumped = true;
  }
  rig::RigInput ri;
  ri.motion = s.mode == RunnerMode::Leaping ? Motion::Leap : Motion::Run;
  ri.cadence = cadence_at(s.distance);
  ri.start_thrust = in.has(Button::Thrust);
  const float thrust_before = s.rig.thrust_time;

  const Pose before = s.pose;
  const double d_before = s.distance;
  const double moved = travel(s, ri, dt);
  s.distance += moved;
  s.total_distance += moved;
  if (ri.start_thrust && s.rig.thrust_time >= 0.f &&
      (thrust_before < 0.f || s.rig.thrust_time < thrust_before)) {
    ev.thrust_started = true;
  }

  ++s.mode_ticks;
  if (s.mode == RunnerMode::Leaping && s.mode_ticks >= ticks_for(rig::kLeapDuration, dt)) {
    s.mode = RunnerMode::Running;
    s.mode_ticks = 0;
  }

  // Obstacles the body or the spear may reach this tick.
  const bool striking = rig::thrust_striking(s.rig);
  float reach = std::max(body_front(s.pose), body_front(before));
  reach = std::max({reach, s.pose[Joint::SpearTip].x, before[Joint::SpearTip].x});
  const double reach_x = s.distance + static_cast<double>(reach) + 1.0;
  for (std::uint32_t i = s.next_obstacle;; ++i) {
    const Obstacle& o = course.obstacle(i);
    if (o.x > reach_x) break;
    if (o.kind == ObstacleKind::Target) {
      if (target_broken(s, i)) continue;
      if (striking && tip_hits(before, d_before, s.pose, s.distance, o)) {
        set_broken(s, i);
        ++s.combo;
        s.bonus += kTargetBonus * std::min(s.combo, kMaxCombo);
        ++s.targets_broken;
        ev.broke_target = true;
        ev.obstacle = i;
        continue;
      }
    }
    if (body_touches(before, d_before, s.pose, s.distance, o)) {
      s.mode = RunnerMode::Falling;
      s.mode_ticks = 0;
      s.combo = 0;
      ++s.crashes;
      s.last_crash_obstacle = i;
      ev.crashed = true;
      ev.obstacle = i;
      break;
    }
  }
  if (runner_alive(s)) update_score(s);
  advance_passed(s, course);
}

void park(RunnerState& s, RunnerEvents& ev) {
  s.mode = RunnerMode::Parked;
  s.mode_ticks = 0;
  ev.parked = true;
}

void begin_countdown(RunnerState& s, RunnerEvents& ev) {
  s.mode = RunnerMode::Countdown;
  s.mode_ticks = 0;
  ev.countdown_started = true;
}

// Parked and Countdown: standing still where it stopped. The rig blends into Idle in place; its
// ground does not count (the distance stays), and no obstacle is looked at.
void step_standing(RunnerState& s, float dt) {
  rig::RigInput ri;
  ri.motion = Motion::Idle;
  (void)travel(s, ri, dt);
  ++s.mode_ticks;
}

void step_fallen(RunnerState& s, float dt) {
  rig::RigInput ri;
  ri.motion = Motion::Fall;
  ri.cadence = cadence_at(s.distance);
  const double moved = travel(s, ri, dt);
  s.distance += moved;
  s.total_distance += moved;
  ++s.mode_ticks;
  if (s.mode == RunnerMode::Falling && s.mode_ticks >= ticks_for(rig::kFallDuration, dt)) {
    s.mode = RunnerMode::Down;
    s.mode_ticks = 0;
  }
}

}  // namespace

RunnerState new_runner_state() {
  RunnerState s;
  rig::RigInput ri;
  ri.motion = Motion::Run;
  ri.cadence = cadence_at(0.0);
  s.pose = rig::step_rig(s.rig, ri, 0.f);
  return s;
}

bool runner_alive(const RunnerState& s) {
  return s.mode == RunnerMode::Running || s.mode == RunnerMode::Leaping;
}

bool restart_allowed(const RunnerState& s, float dt) {
  if (s.mode != RunnerMode::Down) return false;
  return s.mode_ticks + ticks_for(rig::kFallDuration, dt) >= ticks_for(kRestartDelay, dt);
}

std::uint32_t countdown_ticks_left(const RunnerState& s, float dt) {
  if (s.mode != RunnerMode::Countdown) return 0;
  const std::uint32_t total = ticks_for(kResumeCountdown, dt);
  return s.mode_ticks < total ? total - s.mode_ticks : 0;
}

bool target_broken(const RunnerState& s, std::uint32_t index) {
  const std::int64_t bit = static_cast<std::int64_t>(index) - s.next_obstacle + kBrokenBehind;
  return bit >= 0 && bit < 32 && ((s.broken_bits >> bit) & 1u) != 0;
}

float body_front(const rig::Pose& pose) {
  float x = pose[Joint::Head].x + pose.head_r;
  for (Joint j : kBodyJoints) x = std::max(x, pose[j].x);
  return x;
}

float body_rear(const rig::Pose& pose) {
  float x = pose[Joint::Head].x - pose.head_r;
  for (Joint j : kBodyJoints) x = std::min(x, pose[j].x);
  return x;
}

RunnerEvents step_runner(RunnerState& s, const Input* input, const Course& course, float dt) {
  check_dt(dt);
  const Input in = input ? *input : Input{};
  RunnerEvents ev;

  if (in.has(Button::SkeletonToggle)) s.skeleton = !s.skeleton;
  // Both in one tick (two late inputs merged): away, then back again.
  if (in.has(Button::Away)) s.away = true;
  if (in.has(Button::Back)) s.away = false;
  if (in.has(Button::LabToggle)) {
    if (s.mode == RunnerMode::Lab) {
      start_run(s);  // a fresh run from the course start, after the countdown
      s.lab_paused = false;
      ev.left_lab = true;
      begin_countdown(s, ev);
    } else {
      s.mode = RunnerMode::Lab;
      s.mode_ticks = 0;
      s.lab_paused = false;
      ev.entered_lab = true;
    }
  }

  // A runner standing or running stops for an away player at once; one back starts counting.
  if (s.away && (s.mode == RunnerMode::Running || s.mode == RunnerMode::Countdown)) park(s, ev);
  if (!s.away && s.mode == RunnerMode::Parked) begin_countdown(s, ev);

  switch (s.mode) {
    case RunnerMode::Lab:
      step_lab(s, in, dt);
      return ev;
    case RunnerMode::Parked:
      step_standing(s, dt);
      return ev;
    case RunnerMode::Countdown:
      step_standing(s, dt);
      if (s.mode_ticks >= ticks_for(kResumeCountdown, dt)) {
        s.mode = RunnerMode::Running;  // runs on from here at the next tick
        s.mode_ticks = 0;
        ev.resumed = true;
      }
      return ev;
    case RunnerMode::Down:
      if (in.has(Button::Jump) && restart_allowed(s, dt) && !s.away) {
        start_run(s);
        ev.restarted = true;
        Input rest = in;  // the Jump that restarted does not also leap
        rest.buttons =
            static_cast<std::uint16_t>(rest.buttons & ~static_cast<std::uint16_t>(Button::Jump));
        step_alive(s, rest, course, dt, ev);
        return ev;
      }
      step_fallen(s, dt);
      advance_passed(s, course);
      return ev;
    case RunnerMode::Falling:
      step_fallen(s, dt);
      advance_passed(s, course);
      return ev;
    case RunnerMode::Running:
    case RunnerMode::Leaping:
      step_alive(s, in, course, dt, ev);
      if (s.away && s.mode == RunnerMode::Running) park(s, ev);  // landed from a leap
      return ev;
  }
  return ev;
}

}  // namespace spear::sim
