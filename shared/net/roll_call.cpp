#include "net/roll_call.hpp"

#include <cmath>
#include <limits>

#include "net/quantize.hpp"
#include "net/rig_cue.hpp"
#include "net/runner_block.hpp"
#include "sim/pace.hpp"

namespace spear::net {
namespace {

constexpr unsigned kModeBits = 3, kFlagBits = 5;
constexpr unsigned kIdGapK = 0;
constexpr unsigned kDistanceK = 10, kDistanceDeltaK = 0;
constexpr unsigned kBonusK = 4, kScoreDeltaK = 0;
constexpr unsigned kPaceK = 4, kPaceTickBits = 5;

bool read_pace(BitReader& in, std::int16_t from, std::int16_t& pace) {
  const std::int64_t v = from + in.read_signed(kPaceK);
  if (!in.ok() || v < kMinWirePace || v > kMaxWirePace) return false;
  pace = static_cast<std::int16_t>(v);
  return true;
}

// Floor division by 10 (whole metres of a distance in units), right for negative values too.
std::int64_t metres(std::int64_t units) { return units >= 0 ? units / 10 : -((-units + 9) / 10); }

// What the distance run since the baseline adds to the score (a metre, a point).
std::int64_t predicted_score(const RollEntry& base, std::int64_t distance) {
  return static_cast<std::int64_t>(base.score) + metres(distance) - metres(base.distance);
}

bool to_score(std::int64_t v, std::uint32_t& dst) {
  if (v < 0 || v > std::int64_t{std::numeric_limits<std::uint32_t>::max()}) return false;
  dst = static_cast<std::uint32_t>(v);
  return true;
}

}  // namespace

bool moves_at_pace(RunnerMode m) {
  return m == RunnerMode::Running || m == RunnerMode::Jumping || m == RunnerMode::Thrusting;
}

RollEntry roll_entry_of(const QuantizedRunner& q) {
  RollEntry e;
  e.id = q.id;
  e.mode = q.mode;
  e.flags = q.flags;
  e.score = q.score;
  e.pace = q.pace;
  e.pace_ticks = std::min(q.pace_ticks, kMaxPaceTicks);
  // 16 steps a unit: round half up (>> is an arithmetic shift in C++20).
  e.distance = (q.distance + 8) >> 4;
  static_assert(kDistanceStep == 1.0 / 16.0);
  return e;
}

std::int64_t predicted_roll_distance(const RollEntry& base, std::uint32_t age) {
  if (!moves_at_pace(base.mode) || age == 0) return base.distance;
  // Only + − × ÷ and floor: the same bits on every IEEE machine.
  const double ahead = sim::runner_speed(static_cast<double>(base.distance), base.pace) *
                       static_cast<double>(age) / kRollTickRate;
  return base.distance + static_cast<std::int64_t>(std::floor(ahead + 0.5));
}

void write_roll_id(BitWriter& out, RunnerId id, std::int32_t previous) {
  out.write_exp_golomb(static_cast<std::uint64_t>(std::int64_t{id} - previous - 1), kIdGapK);
}

bool write_roll_entry(BitWriter& out, const RollEntry& e, const RollEntry* base, std::uint32_t age,
                      const RollEntry* previous, bool cue_runs_on) {
  if (!base) {
    const RollEntry before = previous ? *previous : RollEntry{};
    const bool same = e.mode == before.mode && e.flags == before.flags;
    out.write_bool(same);
    if (!same) {
      out.write_bits(static_cast<std::uint64_t>(e.mode), kModeBits);
      out.write_bits(e.flags, kFlagBits);
    }
    out.write_signed(e.distance - before.distance, kDistanceK);
    out.write_signed(static_cast<std::int64_t>(e.score) - metres(e.distance), kBonusK);
    out.write_signed(e.pace - before.pace, kPaceK);
    return false;
  }
  const bool same = e.mode == base->mode && e.flags == base->flags && e.pace == base->pace;
  const std::int64_t score =
      static_cast<std::int64_t>(e.score) - predicted_score(*base, e.distance);
  const bool steady = same && score == 0 && cue_runs_on;
  out.write_bool(steady);
  out.write_signed(e.distance - predicted_roll_distance(*base, age), kDistanceDeltaK);
  if (steady) return true;
  out.write_bool(same);
  if (!same) {
    out.write_bits(static_cast<std::uint64_t>(e.mode), kModeBits);
    out.write_bits(e.flags, kFlagBits);
    out.write_signed(e.pace - base->pace, kPaceK);
    if (e.pace != base->pace) out.write_bits(std::min(e.pace_ticks, kMaxPaceTicks), kPaceTickBits);
  }
  out.write_signed(score, kScoreDeltaK);
  return false;
}

bool read_roll_call(BitReader& in, std::size_t count, const QuantizedSnapshot* baseline,
                    std::uint32_t age, std::vector<RollEntry>& out, std::vector<RigCue>* cues) {
  out.clear();
  if (cues) cues->clear();
  // Every entry takes at least 3 bits: a count the block cannot hold is corrupt.
  if (count > kMaxRollCall || count > in.bits_left() / 3) return false;
  out.reserve(count);
  std::int64_t previous = -1;
  for (std::size_t i = 0; i < count; ++i) {
    const std::int64_t id = previous + 1 + static_cast<std::int64_t>(in.read_exp_golomb(kIdGapK));
    if (!in.ok() || id > std::numeric_limits<RunnerId>::max()) return false;
    previous = id;
    RollEntry e;
    e.id = static_cast<RunnerId>(id);
    bool steady = false;
    const std::optional<RollEntry> base = baseline ? baseline->roll_of(e.id) : std::nullopt;
    if (!base) {
      const RollEntry before = out.empty() ? RollEntry{} : out.back();
      if (in.read_bool()) {
        e.mode = before.mode;
        e.flags = before.flags;
      } else {
        e.mode = static_cast<RunnerMode>(in.read_bits(kModeBits));  // 3 bits: every value a mode
        e.flags = static_cast<std::uint8_t>(in.read_bits(kFlagBits));
      }
      const std::int64_t step = in.read_signed(kDistanceK);
      if (!in.ok() || step < -2 * kMaxRollDistance || step > 2 * kMaxRollDistance) return false;
      e.distance = before.distance + step;
      if (!in.ok() || e.distance < -kMaxRollDistance || e.distance > kMaxRollDistance) return false;
      if (!to_score(metres(e.distance) + in.read_signed(kBonusK), e.score)) return false;
      if (!read_pace(in, before.pace, e.pace)) return false;
    } else {
      steady = in.read_bool();
      e.distance = predicted_roll_distance(*base, age) + in.read_signed(kDistanceDeltaK);
      if (!in.ok() || e.distance < -kMaxRollDistance || e.distance > kMaxRollDistance) return false;
      if (steady || in.read_bool()) {
        e.mode = base->mode;
        e.flags = base->flags;
        e.pace = base->pace;
      } else {
        e.mode = static_cast<RunnerMode>(in.read_bits(kModeBits));
        e.flags = static_cast<std::uint8_t>(in.read_bits(kFlagBits));
        if (!read_pace(in, base->pace, e.pace)) return false;
        if (e.pace != base->pace)
          e.pace_ticks = static_cast<std::uint8_t>(in.read_bits(kPaceTickBits));
      }
      const std::int64_t score = steady ? 0 : in.read_signed(kScoreDeltaK);
      if (!to_score(predicted_score(*base, e.distance) + score, e.score)) return false;
    }
    if (!in.ok()) return false;
    if (cues) {
      // A steady entry's cue runs on; any other's follows it.
      RigCue cue;
      cue.runs_on = true;
      if (!steady && !read_rig_cue(in, cue)) return false;
      cues->push_back(cue);
    }
    out.push_back(e);
  }
  return true;
}

}  // namespace spear::net
