#include "net/rig_cue.hpp"

#include <algorithm>
#include <cmath>

#include "net/roll_call.hpp"
#include "rig/motion.hpp"
#include "sim/pace.hpp"

namespace spear::net {
namespace {

constexpr unsigned kMotionBits = 4, kMotionTickK = 4, kThrustTickBits = 5;
static_assert(static_cast<unsigned>(rig::Motion::Count) <= (1u << kMotionBits));

}  // namespace

float wrap_phase(float phase) { return phase - std::floor(phase); }

float phase_gap(float a, float b) {
  const float d = a - b;
  return d - std::floor(d + 0.5f);
}

bool cue_phase_refresh(Tick tick, RunnerId id) {
  return (tick + 2u * id) % kCuePhaseRefreshTicks < 2u;
}

std::uint16_t cue_phase(float phase) {
  const int steps = static_cast<int>(kCuePhaseSteps);
  return static_cast<std::uint16_t>(
      static_cast<int>(std::floor(wrap_phase(phase) * kCuePhaseSteps + 0.5f)) & (steps - 1));
}

float predicted_cue_phase(float base_phase, RunnerMode base_mode, std::int64_t base_distance,
                          int base_pace, std::uint32_t age) {
  if (!moves_at_pace(base_mode)) return base_phase;
  const double ahead =
      static_cast<double>(sim::runner_cadence(static_cast<double>(base_distance), base_pace)) *
      static_cast<double>(age) / kRollTickRate;
  const double p = static_cast<double>(base_phase) + ahead;
  return static_cast<float>(p - std::floor(p));
}

namespace {

struct CueParts {
  bool phase = true, timed = true, thrust = false;
  bool runs_on() const { return !phase && !timed && !thrust; }
};

CueParts cue_parts(const CueValues& v, const CueValues* base, RunnerMode base_mode,
                   std::int64_t base_distance, int base_pace, std::uint32_t age, bool refresh) {
  CueParts p;
  p.thrust = v.thrust_ticks >= 0;
  if (!base) return p;
  // A motion that began since the baseline (or the same one begun again).
  p.timed = v.motion != base->motion || v.motion_ticks <= age;
  // The phase when it is not where the course's cadence takes it (a leap keeps the run's cycle;
  // a fall stops it, a restart sets it).
  p.phase = refresh ||
            std::fabs(phase_gap(v.phase, predicted_cue_phase(base->phase, base_mode, base_distance,
                                                             base_pace, age))) > kCuePhaseSlack;
  // A thrust that started since the baseline.
  p.thrust = p.thrust && static_cast<std::uint32_t>(v.thrust_ticks) < age;
  return p;
}

}  // namespace

bool rig_cue_runs_on(const CueValues& v, const CueValues& base, RunnerMode base_mode,
                     std::int64_t base_distance, int base_pace, std::uint32_t age, bool refresh) {
  return cue_parts(v, &base, base_mode, base_distance, base_pace, age, refresh).runs_on();
}

void write_rig_cue(BitWriter& out, const CueValues& v, const CueValues* base, RunnerMode base_mode,
                   std::int64_t base_distance, int base_pace, std::uint32_t age, bool refresh) {
  const CueParts p = cue_parts(v, base, base_mode, base_distance, base_pace, age, refresh);
  const bool runs_on = base && p.runs_on();
  out.write_bool(runs_on);
  if (runs_on) return;
  out.write_bool(p.phase);
  if (p.phase) out.write_bits(cue_phase(v.phase), kCuePhaseBits);
  out.write_bool(p.timed);
  if (p.timed) {
    out.write_bits(v.motion, kMotionBits);
    out.write_exp_golomb(std::min(v.motion_ticks, kMaxCueMotionTicks), kMotionTickK);
  }
  out.write_bool(p.thrust);
  if (p.thrust)
    out.write_bits(static_cast<std::uint32_t>(std::min(v.thrust_ticks, kMaxCueThrustTicks)),
                   kThrustTickBits);
}

void write_no_rig_cue(BitWriter& out) { out.write_bits(0, 4); }

bool read_rig_cue(BitReader& in, RigCue& out) {
  out = RigCue{};
  out.runs_on = in.read_bool();
  if (out.runs_on) return in.ok();
  if (in.read_bool()) out.phase = static_cast<std::uint16_t>(in.read_bits(kCuePhaseBits));
  if (in.read_bool()) {
    const auto motion = in.read_bits(kMotionBits);
    if (motion >= static_cast<std::uint64_t>(rig::Motion::Count)) return false;
    out.motion = static_cast<std::uint8_t>(motion);
    const std::uint64_t ticks = in.read_exp_golomb(kMotionTickK);
    if (ticks > kMaxCueMotionTicks) return false;
    out.motion_ticks = static_cast<std::uint16_t>(ticks);
  }
  if (in.read_bool()) out.thrust_ticks = static_cast<std::uint8_t>(in.read_bits(kThrustTickBits));
  return in.ok();
}

}  // namespace spear::net
