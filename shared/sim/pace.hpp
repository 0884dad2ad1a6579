#pragma once
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

}  // namespace spear::sim
