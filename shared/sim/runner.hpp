#pragma once
// One runner: its whole state as small, plain, trivially copyable data, and the one function that
// steps it. Stepping a runner depends only on (its state, its input for that tick, the course,
// dt): the server re-simulates a single runner from a saved state (lag compensation), the client
// predicts its own runner with the same call, and a match is just every runner stepped in turn.
#include <cstdint>
#include <type_traits>

#include "rig/pose.hpp"
#include "rig/rig.hpp"
#include "sim/body_shape.hpp"
#include "sim/course.hpp"
#include "sim/input.hpp"
#include "sim/tick.hpp"

namespace spear::sim {

enum class RunnerMode : std::uint8_t {
  Running,    // on the course, run gait, cadence ramped by distance
  Leaping,    // in a jump (rig Motion::Leap for kLeapDuration), then back to Running
  Falling,    // crashed: the rig plays Motion::Fall (a hurdle: tripped over it) or
              // Motion::FallBack (a target: stopped at its near face), for kFallDuration
  Down,       // lying after the fall; Jump restarts once restart_allowed()
  Lab,        // motion lab: no travel, no obstacles; motions picked by input
  Parked,     // away: standing still (rig Motion::Idle) where it stopped; no travel, no obstacles,
              // no score
  Countdown,  // standing as Parked for kResumeCountdown, then Running from where it stands
};

// Rules (seconds; converted to whole ticks with ticks_for()).
inline constexpr float kRestartDelay = 1.5f;  // from the crash until Jump may restart: the fall
                                              // (0.9 s) and a moment lying down
// After Back (from Parked) and after leaving the lab (at the course start): the runner stands
// this long, then runs. Whole ticks: ticks_for(kResumeCountdown, dt).
inline constexpr float kResumeCountdown = 3.f;
inline constexpr std::uint32_t kTargetBonus = 10;  // points for a target, × the combo
inline constexpr std::uint32_t kMaxCombo = 5;      // the combo multiplier stops growing here
// How far behind its rearmost body point an obstacle must be to count as passed (units).
inline constexpr float kPassMargin = 4.f;

inline constexpr std::uint32_t kNoObstacle = 0xFFFFFFFFu;

// Obstacles knocked down near the runner, this run — a straw target broken by the spear or a
// hurdle toppled by a crash: bit k of broken_bits is obstacle next_obstacle − kBrokenBehind + k
// (kBrokenBehind passed obstacles and a few ahead). Read it with obstacle_down(), target_broken()
// and hurdle_toppled().
inline constexpr std::uint32_t kBrokenBehind = 24;

struct RunnerState {
  rig::RigState rig{};  // the figure's animation state
  rig::Pose pose{};     // the pose of the last step (anchor at the ground point, y down, facing +x)

  RunnerMode mode = RunnerMode::Running;
  std::uint32_t mode_ticks = 0;  // ticks spent in the current mode
  // Countdown only: ticks still to stand before the countdown's own kResumeCountdown ticks run
  // (a start wait longer than that: a race's start line through its results and warm-up).
  std::uint32_t hold_ticks = 0;

  double distance = 0.0;        // units from the course start, this run (10 units = 1 m)
  double best_distance = 0.0;   // the longest run so far, units
  double total_distance = 0.0;  // all runs together, units

  std::uint32_t next_obstacle = 0;  // first obstacle the body has not fully passed
  std::uint32_t broken_bits = 0;    // broken targets and toppled hurdles, see kBrokenBehind

  std::uint32_t score = 0;           // this run: whole metres + bonus (frozen at a crash)
  std::uint32_t bonus = 0;           // this run: target points
  std::uint32_t best = 0;            // best score of any run in the match
  std::uint32_t combo = 0;           // targets broken in a row this run
  std::uint32_t best_combo = 0;      // the longest row of targets of any run in the match
  std::uint32_t crashes = 0;         // in the match
  std::uint32_t targets_broken = 0;  // in the match
  std::uint32_t runs = 1;            // runs started (1 + restarts + lab exits)
  std::uint32_t last_crash_obstacle = kNoObstacle;  // what the last crash hit

  // Earned pace, ‰ over the course's cadence at the runner's distance (sim/pace.hpp,
  // sim/press_timing.hpp): set at each obstacle passed, 0 at the start of a run.
  std::int16_t pace = 0;
  std::uint8_t pace_ticks = 0;  // steps run at `pace` since it was set (saturates at 255)
  // The last Jump's and the last Thrust's grade (0..100) and the obstacle each was for
  // (kNoObstacle: none within kGradeHorizon), applied when that obstacle is passed.
  std::uint8_t jump_grade = 0;
  std::uint8_t thrust_grade = 0;
  std::uint32_t jump_obstacle = kNoObstacle;
  std::uint32_t thrust_obstacle = kNoObstacle;
  // A Jump pressed while falling or lying (not away): the runner restarts on the first tick a
  // restart is allowed, the press kept instead of dropped.
  bool restart_pressed = false;

  // Motion lab (they travel with the state so spectators see them).
  std::uint8_t lab_motion = 0;  // index into kLabMotions
  bool skeleton = false;        // skeleton overlay on (any mode)
  bool lab_paused = false;      // lab time stopped (Step advances one tick)

  // The player is away (Away pressed, Back not yet): a running runner is Parked (a leaping one
  // once it lands); a falling, lying or lab runner keeps its mode and only carries the flag.
  bool away = false;
};
static_assert(std::is_trivially_copyable_v<RunnerState>);

// What happened during one step (for sounds, particles, logs; not part of the state).
// At most one of broke_target and crashed happens in a tick; a clear (of an obstacle behind) may
// come with either.
struct RunnerEvents {
  bool jumped = false;
  bool thrust_started = false;  // a thrust was asked for and the rig started it
  bool broke_target = false;
  bool crashed = false;
  bool toppled_hurdle = false;  // the crash was into a hurdle, which now lies toppled
  bool restarted = false;
  bool entered_lab = false;
  bool left_lab = false;
  bool parked = false;                   // stopped for an away player (Parked from now on)
  bool countdown_started = false;        // back from away, or out of the lab: Countdown from now on
  bool resumed = false;                  // the countdown ended: Running from the next tick
  std::uint32_t obstacle = kNoObstacle;  // the target broken or the obstacle hit
  BodyPart crash_part = BodyPart::Count;  // with crashed: the drawn part that met the obstacle
  // The body (body_rear: the far leg too) fully passed this obstacle this tick without crashing
  // into it (a broken target passed counts); kNoObstacle when none.
  std::uint32_t cleared = kNoObstacle;
  // A pass set the pace (a hurdle cleared, a target broken): the press's grade (0..100) and the
  // pace it earned (‰, before halving into RunnerState::pace).
  bool paced = false;
  std::uint8_t grade = 0;
  std::int16_t earned_pace = 0;
};

// A runner at the start of the course, running, with its pose computed.
RunnerState new_runner_state();
// A runner at the start of the course standing (rig Motion::Idle) for `ticks` ticks, then
// running from there: a Countdown with that many ticks left (0 is new_runner_state()); beyond
// ticks_for(kResumeCountdown, dt) the rest is hold_ticks, stood first. A bot's start (the
// moment it takes to get going), a race's start line.
RunnerState waiting_runner_state(std::uint32_t ticks, float dt = kDefaultDt);

// Advances the runner by one tick of dt seconds with its input for that tick (nullptr: no buttons).
// Running/Leaping: Jump leaps (not in the air), Thrust starts a thrust (in the air too, the rig
// enforces the cooldown); the distance advances by exactly the rig's scroll so planted feet stay
// put; targets hit by the spear tip during the strike window break. A crash happens when a part
// drawn at full strength (sim/body_shape.hpp: torso, neck, head, near arm, near leg — never the
// far arm or far leg, never the spear) touches a standing obstacle's box (obstacle_box) in the
// pose of a tick. The rig runs at runner_cadence(distance, pace) (sim/pace.hpp); a Jump or a
// Thrust is graded against the obstacle it is for, and passing that obstacle sets the pace
// (sim/press_timing.hpp). A hit hurdle topples (hurdle_toppled) and the runner trips over it
// (Fall); a hit straw target stands: the runner is put back to just touching its near face, the
// ground stops and it falls back (FallBack), and no joint of its body (spear aside) goes past that
// face while it falls and lies there. Falling → Down after the fall; Jump restarts after
// kRestartDelay (distance 0, the course from its start, pace 0), unless away; a Jump pressed
// during the fall or while lying is kept and restarts on the first tick that is allowed. LabToggle
// enters the lab from any mode; leaving it starts a new run from the course start after the
// countdown. Away parks a running runner at once (distance frozen, the rig blends to Idle in
// place), a leaping one when it lands; Back turns Parked into Countdown; a countdown ends in
// Running. Parked and Countdown runners score nothing and obstacles do nothing to them. dt must be
// > 0 and finite.
RunnerEvents step_runner(RunnerState& state, const Input* input, const Course& course,
                         float dt = kDefaultDt);

bool runner_alive(const RunnerState& state);  // Running or Leaping
bool restart_allowed(const RunnerState& state, float dt = kDefaultDt);
// Ticks until a Countdown runner runs (the tick it starts running counts): from
// hold_ticks + ticks_for(kResumeCountdown, dt) − 1 after its first countdown tick down to 1; 0 in
// other modes.
std::uint32_t countdown_ticks_left(const RunnerState& state, float dt = kDefaultDt);
// Was obstacle `index` knocked down by this runner in its current run (a target broken, a hurdle
// toppled)? Exact for the obstacles around the runner (kBrokenBehind behind, 8 ahead); false
// outside that window. The obstacle's kind is the course's: target_broken and hurdle_toppled are
// the same bit, named for the caller's obstacle.
bool obstacle_down(const RunnerState& state, std::uint32_t index);
inline bool target_broken(const RunnerState& state, std::uint32_t index) {
  return obstacle_down(state, index);
}
inline bool hurdle_toppled(const RunnerState& state, std::uint32_t index) {
  return obstacle_down(state, index);
}

// The extent of the trunk and leg joints (the far leg too) and the head disc, in pose space
// (anchor-relative, y down): what must be behind an obstacle for it to count as passed.
float body_front(const rig::Pose& pose);  // largest x of the body, units
float body_rear(const rig::Pose& pose);   // smallest x of the body, units

}  // namespace spear::sim
