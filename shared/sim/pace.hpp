#pragma once
// The course's pace and the pace a runner earns around it.
//
// The difficulty ramp. The cadence is a function of the distance run since the runner's
// (re)start, never of wall or match time: a runner at distance d always runs at cadence(d), so
// the course can space its obstacles for the speed a runner will have there, deterministically.
// Ramp: linear from the gait table's 2.55 cycles/s at the start to 3.4 at kRampDistance, then
// flat. With ground speed = stride × cadence ÷ duty this takes about 225 s of running (speed
// grows from 382.5 to 510 units/s). Only + − × ÷, so it is identical on every IEEE machine.

namespace spear::sim {

inline constexpr float kStartCadence = 2.55f;      // cycles/s (rig.md §5, run)
inline constexpr float kTopCadence = 3.4f;         // cycles/s (game.md)
inline constexpr double kRampDistance = 100000.0;  // units (10 km) to reach kTopCadence
// The run gait's stride and duty (rig.md §5), for the nominal ground speed used by the course.
// The runner's actual speed is the rig's scroll_speed; these only plan the spacing.
inline constexpr float kRunStride = 60.f;  // units
inline constexpr float kRunDuty = 0.40f;

inline constexpr double kUnitsPerMetre = 10.0;

// Cadence (cycles/s) at `distance` units from the start.
constexpr float cadence_at(double distance) {
  if (!(distance > 0.0)) return kStartCadence;  // also catches NaN
  const double u = distance >= kRampDistance ? 1.0 : distance / kRampDistance;
  return static_cast<float>(kStartCadence + (kTopCadence - kStartCadence) * u);
}

// Nominal ground speed (units/s) at `distance`: stride × cadence ÷ duty.
constexpr double ground_speed_at(double distance) {
  return static_cast<double>(kRunStride) * cadence_at(distance) / static_cast<double>(kRunDuty);
}

// Earned pace, in ‰ of the course's cadence (RunnerState::pace): a runner runs at
// cadence_at(distance) × (1000 + pace) / 1000, and its ground speed follows through the same
// stride × cadence ÷ duty, so planted feet stay planted at every speed. The pace is set at each
// obstacle passed (sim/press_timing.hpp) and stays put in between; a new run starts at 0.
inline constexpr int kPaceMin = -60;  // ‰: a run of scrappy presses, 6 % under the course
inline constexpr int kPaceMax = 140;  // ‰: centred presses and a full combo, 14 % over it

// The cadence (cycles/s) of a runner with earned pace `pace` (‰, clamped to its range) at
// `distance`. Only + − × ÷: the same bits on every IEEE machine, server, client and page.
constexpr float runner_cadence(double distance, int pace) {
  const int p = pace < kPaceMin ? kPaceMin : (pace > kPaceMax ? kPaceMax : pace);
  return cadence_at(distance) * static_cast<float>(1000 + p) / 1000.f;
}

// That runner's ground speed (units/s): stride × cadence ÷ duty.
constexpr double runner_speed(double distance, int pace) {
  return static_cast<double>(kRunStride) * runner_cadence(distance, pace) /
         static_cast<double>(kRunDuty);
}

}  // namespace spear::sim
