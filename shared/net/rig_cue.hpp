#pragma once
// The rig cue (PROTOCOL.md "Rig cue"): what a client needs, beside a roll-call entry's mode and
// distance, to run a runner's rig itself and draw it without a pose. The rig is a pure function
// of its inputs (the motion, the cadence the distance gives, the thrust starts), so a client
// that knows which motion plays since when, when each thrust started and where the gait cycle
// stood draws the figure the server's rig makes. Against a baseline whose roll call cued the
// runner, a cue that says nothing new ("runs on": its gait phase advanced at the course's
// cadence, no motion began and no thrust started since) is one bit.
#include <cstdint>

#include "net/bit_stream.hpp"
#include "net/messages.hpp"

namespace spear::net {

inline constexpr std::uint32_t kMaxCueMotionTicks = 65535;  // 18 minutes at 60 Hz
inline constexpr std::int32_t kMaxCueThrustTicks = 31;      // u(5): a thrust lasts 25 ticks
// A phase within this of where the course's cadence took it since the baseline runs on (cycles:
// a fiftieth of a tick at the top cadence).
inline constexpr float kCuePhaseSlack = 1e-3f;

// Steps of a cycle a cue's phase is written in: a figure started from it is within a 460th of a
// tick of the server's at the top cadence, so it plants and lifts each foot on the same tick as
// the server's nearly always (1/256 put one lift-off in ten a tick apart, 6 units).
inline constexpr unsigned kCuePhaseBits = 12;
inline constexpr float kCuePhaseSteps = float(1u << kCuePhaseBits);

// Every runner's phase goes once every this many ticks whatever its prediction (staggered by
// id): a figure a client started or corrected a little off comes back in step.
inline constexpr Tick kCuePhaseRefreshTicks = 120;

// The phase in 1/kCuePhaseSteps cycles, rounded.
std::uint16_t cue_phase(float phase);
// A phase (cycles) wrapped to [0, 1), and a − b the short way round the cycle, in [−0.5, 0.5).
float wrap_phase(float phase);
float phase_gap(float a, float b);
// Whether frame `tick` sends runner `id`'s phase whatever its prediction: in two ticks of every
// kCuePhaseRefreshTicks (either snapshot phase has one of them), staggered by id.
bool cue_phase_refresh(Tick tick, RunnerId id);
// Where the baseline's phase is expected `age` ticks later: on at the runner's cadence at its
// distance and earned pace (sim::runner_cadence) while it runs, jumps or thrusts; where it was
// otherwise.
float predicted_cue_phase(float base_phase, RunnerMode base_mode, std::int64_t base_distance,
                          int base_pace, std::uint32_t age);

// Whether a cue against `base` would say nothing new (write_rig_cue's runs-on).
bool rig_cue_runs_on(const CueValues& v, const CueValues& base, RunnerMode base_mode,
                     std::int64_t base_distance, int base_pace, std::uint32_t age, bool refresh);
// Writes runner `v`'s cue against the baseline's cue `base` (mode `base_mode`, distance
// `base_distance`, pace `base_pace`, `age` ticks older), or in full when base is nullptr; with
// `refresh`
// (cue_phase_refresh) the phase goes whatever its prediction.
void write_rig_cue(BitWriter& out, const CueValues& v, const CueValues* base, RunnerMode base_mode,
                   std::int64_t base_distance, int base_pace, std::uint32_t age, bool refresh);
// Writes an entry's place for a cue that is not sent (its baseline had none and this snapshot
// has no room for it in full): a cue that says nothing (no phase, motion or thrust, not runs-on).
void write_no_rig_cue(BitWriter& out);
// Reads a cue. False on truncation or a motion the rig does not have.
[[nodiscard]] bool read_rig_cue(BitReader& in, RigCue& out);

}  // namespace spear::net
