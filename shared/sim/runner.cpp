#include "sim/runner.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "sim/collision.hpp"
#include "sim/lab.hpp"
#include "sim/pace.hpp"
#include "sim/press_timing.hpp"

namespace spear::sim {

namespace {

using rig::Joint;
using rig::Motion;
using rig::Pose;

// Pose points of the trunk and legs: passing an obstacle waits for all of them (and the head).
constexpr Joint kBodyJoints[] = {Joint::Pelvis,   Joint::Chest,    Joint::Head,
                                 Joint::Shoulder, Joint::Hip,      Joint::KneeNear,
                                 Joint::KneeFar,  Joint::FootNear, Joint::FootFar};

// How far past its current place the body may reach this tick before the full shape is built
// (hoses are at most kTorsoChestWidth / 2 thick; a Catmull-Rom knee bulges a little): units.
constexpr double kShapeReachSlack = 24.0;
// Pushing the runner back out of a target: bisection steps over [0, kMaxPushBack] units (the
// body moves less than 10 units a tick, so it never sinks deeper). 2^-20 of 64 units.
constexpr double kMaxPushBack = 64.0;
constexpr int kPushBackSteps = 20;
// After a crash into a target, joints still past its near face (the far hand on the spear, a far
// foot in its swing) are brought out by a recoil of at most this speed, units/s: the runner
// bounces back off the straw instead of jumping back in one tick.
constexpr double kRecoilSpeed = 240.0;

WorldPoint world(double distance, rig::Vec2 p) {
  return {distance + static_cast<double>(p.x), static_cast<double>(p.y)};
}

// Largest x of every joint but the spear (far limbs too), pose space.
float front_joint_x(const Pose& pose) {
  float x = -1e30f;
  for (std::size_t i = 0; i < rig::kJointCount; ++i) {
    const auto j = static_cast<Joint>(i);
    if (j == Joint::SpearTail || j == Joint::SpearTip) continue;
    x = std::max(x, pose.joints[i].x);
  }
  return x;
}

// How far back (units, >= 0) the runner must go so that its drawn shape at most touches the
// target, and its joints still past the near face (any but the spear's: the far hand on the
// shaft reaches ahead of the body) come back out of the straw by up to `joint_push` units.
double push_back_from(const Pose& pose, double distance, const Obstacle& target,
                      double joint_push) {
  const WorldBox box = obstacle_box(target);
  const double joints_in =
      std::max(0.0, distance + static_cast<double>(front_joint_x(pose)) - target.x);
  const double push = std::min(joints_in, joint_push);
  if (!may_touch_box(pose, distance - push, box)) return push;
  const BodyShape shape = body_shape(pose);
  if (shape_touches_box(shape, distance - push, box) == BodyPart::Count) return push;
  // Bisection: `lo` still touches, `hi` is clear.
  double lo = push, hi = push + kMaxPushBack;
  for (int i = 0; i < kPushBackSteps; ++i) {
    const double mid = 0.5 * (lo + hi);
    if (shape_touches_box(shape, distance - mid, box) == BodyPart::Count)
      hi = mid;
    else
      lo = mid;
  }
  return hi;
}

void move_back(RunnerState& s, double by) {
  s.distance -= by;
  s.total_distance -= by;
}

bool tip_hits(const Pose& before, double d_before, const Pose& after, double d_after,
              const Obstacle& o) {
  const WorldBox box = obstacle_box(o);
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

// Passed: its far side is behind the rearmost body point (with a margin). Returns the last
// obstacle passed, kNoObstacle when none.
std::uint32_t advance_passed(RunnerState& s, const Course& course) {
  const double rear = s.distance + static_cast<double>(body_rear(s.pose));
  std::uint32_t passed = kNoObstacle;
  while (course.obstacle(s.next_obstacle).far_x() + kPassMargin < rear) {
    passed = s.next_obstacle;
    ++s.next_obstacle;
    s.broken_bits >>= 1;
  }
  return passed;
}

// The obstacle of the current fall when it is a target still standing (the runner hit it).
bool fell_at_target(const RunnerState& s, const Course& course, Obstacle& target) {
  if (s.last_crash_obstacle == kNoObstacle) return false;
  target = course.obstacle(s.last_crash_obstacle);
  return target.kind == ObstacleKind::Target && !target_broken(s, s.last_crash_obstacle);
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
  s.pace = 0;
  s.pace_ticks = 1;  // a restart's first step (this tick's) already runs at it
  s.jump_grade = s.thrust_grade = 0;
  s.jump_obstacle = s.thrust_obstacle = kNoObstacle;
  s.restart_pressed = false;
  ++s.runs;
}

// The first standing obstacle of `kind` the body has not passed, when its lead is within
// kGradeHorizon: the obstacle a press is for, graded into `grade`; kNoObstacle otherwise.
std::uint32_t grade_press(const RunnerState& s, const Course& course, ObstacleKind kind,
                          std::uint8_t& grade) {
  grade = 0;
  for (std::uint32_t i = s.next_obstacle;; ++i) {
    const Obstacle o = course.obstacle(i);
    const float lead = press_lead(s.distance, s.pose, s.pace, o);
    if (lead > kGradeHorizon) return kNoObstacle;
    if (o.kind != kind || obstacle_down(s, i)) continue;
    grade = press_grade(lead, kind);
    return i;
  }
}

// Obstacle `index` of `kind` was passed (a hurdle cleared, a target broken): the pace goes
// halfway to what its press earned (a grade of 0 when no press was for it).
void pace_pass(RunnerState& s, std::uint32_t index, ObstacleKind kind, RunnerEvents& ev) {
  const bool hurdle = kind == ObstacleKind::Hurdle;
  const std::uint32_t pressed_for = hurdle ? s.jump_obstacle : s.thrust_obstacle;
  const std::uint8_t grade = pressed_for == index ? (hurdle ? s.jump_grade : s.thrust_grade) : 0;
  const int earned = pass_pace(grade, kind, s.combo);
  s.pace = static_cast<std::int16_t>(next_pace(s.pace, earned));
  s.pace_ticks = 0;
  ev.paced = true;
  ev.grade = grade;
  ev.earned_pace = static_cast<std::int16_t>(earned);
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
    s.jump_obstacle = grade_press(s, course, ObstacleKind::Hurdle, s.jump_grade);
  }
  rig::RigInput ri;
  ri.motion = s.mode == RunnerMode::Leaping ? Motion::Leap : Motion::Run;
  ri.cadence = runner_cadence(s.distance, s.pace);
  ri.start_thrust = in.has(Button::Thrust);
  const float thrust_before = s.rig.thrust_time;
  // Graded before the step, as the jump: where the runner stood when the press was acted on.
  std::uint8_t thrust_grade = 0;
  const std::uint32_t thrust_for =
      ri.start_thrust ? grade_press(s, course, ObstacleKind::Target, thrust_grade) : kNoObstacle;

  const Pose before = s.pose;
  const double d_before = s.distance;
  const double moved = travel(s, ri, dt);
  s.distance += moved;
  s.total_distance += moved;
  if (ri.start_thrust && s.rig.thrust_time >= 0.f &&
      (thrust_before < 0.f || s.rig.thrust_time < thrust_before)) {
    ev.thrust_started = true;
    s.thrust_obstacle = thrust_for;
    s.thrust_grade = thrust_grade;
  }

  ++s.mode_ticks;
  if (s.mode == RunnerMode::Leaping && s.mode_ticks >= ticks_for(rig::kLeapDuration, dt)) {
    s.mode = RunnerMode::Running;
    s.mode_ticks = 0;
  }

  // Obstacles the body or the spear may reach this tick. The shape is built only when one is
  // near enough.
  const bool striking = rig::thrust_striking(s.rig);
  const double body_reach_x =
      s.distance + static_cast<double>(std::max(body_front(s.pose), front_joint_x(s.pose))) +
      kShapeReachSlack;
  const double tip_reach_x =
      s.distance +
      static_cast<double>(std::max(s.pose[Joint::SpearTip].x, before[Joint::SpearTip].x)) + 1.0;
  const double reach_x = std::max(body_reach_x, tip_reach_x);
  bool have_shape = false;
  BodyShape shape;
  const std::uint32_t first = s.next_obstacle;
  for (std::uint32_t i = first;; ++i) {
    const Obstacle& o = course.obstacle(i);
    if (o.x > reach_x) break;
    if (obstacle_down(s, i)) continue;
    if (o.kind == ObstacleKind::Target && striking &&
        tip_hits(before, d_before, s.pose, s.distance, o)) {
      set_broken(s, i);
      ++s.combo;
      s.best_combo = std::max(s.best_combo, s.combo);
      s.bonus += kTargetBonus * std::min(s.combo, kMaxCombo);
      ++s.targets_broken;
      ev.broke_target = true;
      ev.obstacle = i;
      pace_pass(s, i, ObstacleKind::Target, ev);
      continue;
    }
    if (o.x > body_reach_x) continue;  // only the spear reaches it
    const WorldBox box = obstacle_box(o);
    if (!may_touch_box(s.pose, s.distance, box)) continue;
    if (!have_shape) {
      shape = body_shape(s.pose);
      have_shape = true;
    }
    const BodyPart part = shape_touches_box(shape, s.distance, box);
    if (part == BodyPart::Count) continue;
    s.mode = RunnerMode::Falling;
    s.mode_ticks = 0;
    s.combo = 0;
    ++s.crashes;
    s.last_crash_obstacle = i;
    ev.crashed = true;
    ev.obstacle = i;
    ev.crash_part = part;
    if (o.kind == ObstacleKind::Hurdle) {
      set_broken(s, i);  // it topples; the runner trips over it
      ev.toppled_hurdle = true;
    } else {
      move_back(s, push_back_from(s.pose, s.distance, o, 0.0));  // stopped at its near face
    }
    break;
  }
  if (runner_alive(s)) update_score(s);
  const std::uint32_t passed = advance_passed(s, course);
  if (passed != kNoObstacle && !(ev.crashed && ev.obstacle == passed)) {
    ev.cleared = passed;
    if (runner_alive(s) && course.obstacle(passed).kind == ObstacleKind::Hurdle)
      pace_pass(s, passed, ObstacleKind::Hurdle, ev);
  }
}

void park(RunnerState& s, RunnerEvents& ev) {
  s.mode = RunnerMode::Parked;
  s.mode_ticks = 0;
  s.hold_ticks = 0;  // back from away is a plain countdown
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

void step_fallen(RunnerState& s, const Course& course, float dt) {
  Obstacle target;
  const bool at_target = fell_at_target(s, course, target);
  rig::RigInput ri;
  ri.motion = at_target ? Motion::FallBack : Motion::Fall;
  ri.cadence = runner_cadence(s.distance, s.pace);
  const double moved = travel(s, ri, dt);
  s.distance += moved;
  s.total_distance += moved;
  // The target stays in the way: whatever the blend out of the run carries forward is put back.
  // (Down holds the fall's last pose: nothing moves any more.)
  if (at_target && s.mode == RunnerMode::Falling)
    move_back(s,
              push_back_from(s.pose, s.distance, target, kRecoilSpeed * static_cast<double>(dt)));
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

RunnerState waiting_runner_state(std::uint32_t ticks, float dt) {
  if (ticks == 0) return new_runner_state();
  check_dt(dt);
  RunnerState s;
  rig::RigInput ri;
  ri.motion = Motion::Idle;
  s.pose = rig::step_rig(s.rig, ri, 0.f);
  const std::uint32_t total = ticks_for(kResumeCountdown, dt);
  s.mode = RunnerMode::Countdown;
  s.mode_ticks = total - std::min(ticks, total);  // countdown_ticks_left() == ticks
  s.hold_ticks = ticks - std::min(ticks, total);
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
  return s.hold_ticks + (s.mode_ticks < total ? total - s.mode_ticks : 0);
}

bool obstacle_down(const RunnerState& s, std::uint32_t index) {
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
  if (s.pace_ticks < 255) ++s.pace_ticks;
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
      if (s.hold_ticks > 0) {  // a long start wait: the countdown proper has not begun
        --s.hold_ticks;
        step_standing(s, dt);
        --s.mode_ticks;
        return ev;
      }
      step_standing(s, dt);
      if (s.mode_ticks >= ticks_for(kResumeCountdown, dt)) {
        s.mode = RunnerMode::Running;  // runs on from here at the next tick
        s.mode_ticks = 0;
        ev.resumed = true;
      }
      return ev;
    case RunnerMode::Down:
      if (in.has(Button::Jump) && !s.away) s.restart_pressed = true;
      if (s.away) s.restart_pressed = false;
      if (s.restart_pressed && restart_allowed(s, dt)) {
        start_run(s);
        ev.restarted = true;
        Input rest = in;  // the Jump that restarted does not also leap
        rest.buttons =
            static_cast<std::uint16_t>(rest.buttons & ~static_cast<std::uint16_t>(Button::Jump));
        step_alive(s, rest, course, dt, ev);
        return ev;
      }
      step_fallen(s, course, dt);
      advance_passed(s, course);
      return ev;
    case RunnerMode::Falling:
      s.restart_pressed = in.has(Button::Jump) && !s.away ? true : s.restart_pressed && !s.away;
      step_fallen(s, course, dt);
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
