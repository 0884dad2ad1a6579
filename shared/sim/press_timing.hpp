#pragma once
// How well a press is timed, and the pace it earns (game.md "Speed is earned around that pace").
//
// A Jump or a Thrust is graded against the obstacle it is for (the first standing hurdle, or
// target, the body has not passed) by its lead: the time the runner, at its own speed, still
// needs to bring its body's front to the obstacle's near face when the press is acted on. Every
// obstacle has a window of leads that get past it; its middle is the same few tenths of a second
// for every obstacle of a kind (the leap and the thrust are timed motions, and the spacing keeps
// the time between obstacles), so the grade is 100 at that middle and falls to 0 at
// kGradeHalfWidth from it, about the window's edge.
//
// When the obstacle is passed (a hurdle cleared, a target broken) the runner's pace goes halfway
// from where it was to what the pass earned: from kPassPaceScrappy for a grade of 0 to
// kPassPaceCentred for 100, a target also kComboPace per step of its combo. A run of centred
// presses settles about 8 % over the course's pace, 13 % with a full combo of targets; a run of
// edge presses 6 % under it; a crash ends the run, and the next starts at the course's pace.
#include <cstdint>

#include "rig/pose.hpp"
#include "sim/obstacle.hpp"

namespace spear::sim {

struct RunnerState;

// s: the middle of the clearing window, as a lead (bench/sim/press_window prints the windows).
inline constexpr float kJumpLeadMiddle = 0.25f;
inline constexpr float kThrustLeadMiddle = 0.31f;
inline constexpr float kGradeHalfWidth = 0.16f;  // s from the middle to a grade of 0
inline constexpr float kGradeHorizon = 1.5f;     // s: a press further from any obstacle grades none

inline constexpr int kPassPaceScrappy = -60;  // ‰ earned by a pass with grade 0
inline constexpr int kPassPaceCentred = 80;   // ‰ earned by a pass with grade 100
inline constexpr int kComboPace = 12;         // ‰ more a target per combo step beyond the first

inline constexpr std::uint8_t kMaxGrade = 100;

// The lead (s) of a runner at `distance` in `pose` with pace `pace` for obstacle `o`: what is
// left of the gap between its body's front and the near face, at its speed (negative: touching).
float press_lead(double distance, const rig::Pose& pose, int pace, const Obstacle& o);

// The grade (0..100) of a press with that lead for an obstacle of `kind`.
std::uint8_t press_grade(float lead, ObstacleKind kind);

// The pace (‰) a pass earns: the press's grade, for a target with its combo (1 = the first in
// a row; the step stops at kMaxCombo).
int pass_pace(std::uint8_t grade, ObstacleKind kind, std::uint32_t combo);

// The pace after a pass that earned `earned`: halfway from `pace` (truncated towards 0), within
// [kPaceMin, kPaceMax].
int next_pace(int pace, int earned);

}  // namespace spear::sim
