#include "net/runner_block.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "net/quantize.hpp"

namespace spear::net {
namespace {

constexpr unsigned kIdK = 4;
constexpr unsigned kModeBits = 3, kFlagBits = 5, kLabMotionBits = 4;
constexpr unsigned kScoreK = 8, kDistanceK = 14;
constexpr unsigned kScoreDeltaK = 1, kBestDeltaK = 4, kDistanceDeltaK = 8;
constexpr std::int64_t kMaxDistanceQ = std::int64_t{1} << 40;
constexpr unsigned kComboBits = 3, kLabValueBits = 8, kLabScrollBits = 16, kIkK = 8;
constexpr float kLabScrollStep = 1.f / 16.f;  // units
static_assert(kLabScrollSpan / kLabScrollStep == float(1u << kLabScrollBits));
constexpr unsigned kCountdownK = 5;
constexpr unsigned kPaceK = 4;

// The earned pace (‰): in full, or one bit for the baseline's.
void write_pace(BitWriter& out, std::int16_t pace, const std::int16_t* base) {
  if (base) {
    out.write_bool(pace == *base);
    if (pace == *base) return;
  }
  out.write_signed(pace, kPaceK);
}

bool read_pace(BitReader& in, const std::int16_t* base, std::int16_t& pace) {
  if (base && in.read_bool()) {
    pace = *base;
    return in.ok();
  }
  const std::int64_t v = in.read_signed(kPaceK);
  if (!in.ok() || v < kMinWirePace || v > kMaxWirePace) return false;
  pace = static_cast<std::int16_t>(v);
  return true;
}

bool lab_fields(std::uint8_t flags) { return (flags & runner_flags::kLab) != 0; }
bool ik_field(std::uint8_t flags) {
  return lab_fields(flags) && (flags & runner_flags::kSkeleton) != 0;
}

// The lab readouts travel in full in both forms: 32 bits, plus the IK targets with the
// skeleton overlay on; only lab runners carry them, so deltas would save little.
void write_lab(BitWriter& out, const QuantizedRunner& r) {
  if (!lab_fields(r.flags)) return;
  out.write_bits(r.lab_phase, kLabValueBits);
  out.write_bits(r.lab_gait, kLabValueBits);
  out.write_bits(r.lab_scroll, kLabScrollBits);
  if (!ik_field(r.flags)) return;
  out.write_bool(r.ik.has_value());
  if (!r.ik) return;
  for (std::int32_t v : r.ik->feet) out.write_signed(v, kIkK);
  out.write_bool(r.ik->hands_on_spear);
  if (r.ik->hands_on_spear)
    for (std::int32_t v : r.ik->hands) out.write_signed(v, kIkK);
}

bool read_ik_coords(BitReader& in, std::array<std::int32_t, 4>& dst) {
  for (auto& v : dst) {
    const std::int64_t q = in.read_signed(kIkK);
    if (!in.ok() || q < -kMaxIkQ || q > kMaxIkQ) return false;
    v = static_cast<std::int32_t>(q);
  }
  return true;
}

bool read_lab(BitReader& in, QuantizedRunner& r) {
  r.lab_phase = r.lab_gait = 0;
  r.lab_scroll = 0;
  r.ik.reset();
  if (!lab_fields(r.flags)) return true;
  r.lab_phase = static_cast<std::uint8_t>(in.read_bits(kLabValueBits));
  r.lab_gait = static_cast<std::uint8_t>(in.read_bits(kLabValueBits));
  r.lab_scroll = static_cast<std::uint16_t>(in.read_bits(kLabScrollBits));
  if (!ik_field(r.flags) || !in.read_bool()) return in.ok();
  QuantizedIk ik;
  if (!read_ik_coords(in, ik.feet)) return false;
  ik.hands_on_spear = in.read_bool();
  if (ik.hands_on_spear && !read_ik_coords(in, ik.hands)) return false;
  r.ik = ik;
  return in.ok();
}

// The countdown's ticks left travel in full, in both forms, only in mode Countdown (3 s).
void write_countdown(BitWriter& out, const QuantizedRunner& r) {
  if (r.mode == RunnerMode::Countdown) out.write_exp_golomb(r.countdown_ticks, kCountdownK);
}

bool read_countdown(BitReader& in, QuantizedRunner& r) {
  r.countdown_ticks = 0;
  if (r.mode != RunnerMode::Countdown) return true;
  const std::uint64_t v = in.read_exp_golomb(kCountdownK);
  if (!in.ok() || v > kMaxWireCountdown) return false;
  r.countdown_ticks = static_cast<std::uint16_t>(v);
  return true;
}

std::int32_t quantize_ik(float v) {
  const float q = std::isfinite(v) ? std::round(v / kIkStep) : 0.f;
  return static_cast<std::int32_t>(
      std::clamp(q, static_cast<float>(-kMaxIkQ), static_cast<float>(kMaxIkQ)));
}

void write_meta(BitWriter& out, const QuantizedRunner& r) {
  out.write_bits(static_cast<std::uint8_t>(r.mode), kModeBits);
  out.write_bits(r.flags, kFlagBits);
  out.write_bits(r.lab_motion, kLabMotionBits);
}

bool read_meta(BitReader& in, QuantizedRunner& r) {
  const auto mode = in.read_bits(kModeBits);
  if (mode >= static_cast<std::uint64_t>(RunnerMode::Count)) return false;
  r.mode = static_cast<RunnerMode>(mode);
  r.flags = static_cast<std::uint8_t>(in.read_bits(kFlagBits));
  r.lab_motion = static_cast<std::uint8_t>(in.read_bits(kLabMotionBits));
  return in.ok();
}

bool same_meta(const QuantizedRunner& a, const QuantizedRunner& b) {
  return a.mode == b.mode && a.flags == b.flags && a.lab_motion == b.lab_motion;
}

bool to_u32(std::int64_t v, std::uint32_t& dst) {
  if (v < 0 || v > 0xffffffffll) return false;
  dst = static_cast<std::uint32_t>(v);
  return true;
}

bool read_runner(BitReader& in, const QuantizedSnapshot* baseline, QuantizedRunner& r) {
  const std::uint64_t id = in.read_exp_golomb(kIdK);
  if (!in.ok() || id > 0xffff) return false;
  r.id = static_cast<RunnerId>(id);
  const bool delta = in.read_bool();
  const QuantizedRunner* base = nullptr;
  if (delta) {
    base = baseline ? baseline->find(r.id) : nullptr;
    if (!base) return false;
  }
  if (!base) {
    if (!read_meta(in, r)) return false;
    if (!to_u32(static_cast<std::int64_t>(in.read_exp_golomb(kScoreK)), r.score)) return false;
    if (!to_u32(static_cast<std::int64_t>(in.read_exp_golomb(kScoreK)), r.best)) return false;
    r.combo = static_cast<std::uint8_t>(in.read_bits(kComboBits));
    r.distance = in.read_signed(kDistanceK);
    if (!read_pace(in, nullptr, r.pace)) return false;
  } else {
    if (in.read_bool()) {
      r.mode = base->mode;
      r.flags = base->flags;
      r.lab_motion = base->lab_motion;
    } else if (!read_meta(in, r)) {
      return false;
    }
    if (!to_u32(base->score + in.read_signed(kScoreDeltaK), r.score)) return false;
    if (in.read_bool()) {
      r.best = base->best;
    } else if (!to_u32(base->best + in.read_signed(kBestDeltaK), r.best)) {
      return false;
    }
    r.combo = in.read_bool() ? base->combo : static_cast<std::uint8_t>(in.read_bits(kComboBits));
    r.distance = base->distance + in.read_signed(kDistanceDeltaK);
    if (!read_pace(in, &base->pace, r.pace)) return false;
  }
  if (!read_lab(in, r) || !read_countdown(in, r)) return false;
  if (r.distance < -kMaxDistanceQ || r.distance > kMaxDistanceQ) return false;
  return read_pose(in, base ? &base->pose : nullptr, r.pose) && read_bridge(in, r.bridge) &&
         in.ok();
}

}  // namespace

const QuantizedRunner* QuantizedSnapshot::find(RunnerId id) const {
  for (const auto& r : runners)
    if (r.id == id) return &r;
  return nullptr;
}

std::optional<RollEntry> QuantizedSnapshot::roll_of(RunnerId id) const {
  // The roll call is in ascending ids.
  const auto it = std::lower_bound(roll.begin(), roll.end(), id,
                                   [](const RollEntry& e, RunnerId v) { return e.id < v; });
  if (it != roll.end() && it->id == id) return *it;
  if (const QuantizedRunner* r = find(id)) return roll_entry_of(*r);
  return std::nullopt;
}

QuantizedRunner quantize_runner(const RunnerSnapshot& r, PoseCodecMode mode) {
  QuantizedRunner q;
  q.id = r.id;
  q.mode = r.mode;
  q.flags = r.flags & runner_flags::kAll;
  q.lab_motion = static_cast<std::uint8_t>(std::min<unsigned>(r.lab_motion, 15));
  q.score = r.score;
  q.best = r.best;
  q.combo = std::min(r.combo, kMaxWireCombo);
  q.pace = std::clamp(r.pace, kMinWirePace, kMaxWirePace);
  q.pace_ticks = r.pace_ticks;
  const double d = std::isfinite(r.distance) ? r.distance : 0.0;
  q.distance =
      std::clamp<std::int64_t>(std::llround(d / kDistanceStep), -kMaxDistanceQ, kMaxDistanceQ);
  q.pose = quantize_pose(r.pose, mode);
  q.bridge = r.bridge;
  if (q.mode == RunnerMode::Countdown)
    q.countdown_ticks = std::min(r.countdown_ticks, kMaxWireCountdown);
  if (lab_fields(q.flags)) {
    const float phase = std::isfinite(r.lab_phase) ? r.lab_phase - std::floor(r.lab_phase) : 0.f;
    q.lab_phase = static_cast<std::uint8_t>(static_cast<int>(std::lround(phase * 256.f)) & 0xff);
    const float gait = std::isfinite(r.lab_gait) ? std::clamp(r.lab_gait, 0.f, 1.f) : 0.f;
    q.lab_gait = static_cast<std::uint8_t>(std::lround(gait * 255.f));
    // Any travel is the same treadmill position modulo the span (negative too).
    const double span = kLabScrollSpan;
    const double scroll = std::isfinite(r.lab_scroll) ? r.lab_scroll : 0.0;
    const double wrapped = scroll - span * std::floor(scroll / span);
    q.lab_scroll = static_cast<std::uint16_t>(std::llround(wrapped / kLabScrollStep) & 0xffff);
  }
  if (ik_field(q.flags) && r.ik) {
    QuantizedIk ik;
    for (int side = 0; side < 2; ++side) {
      ik.feet[2 * side] = quantize_ik(r.ik->foot_target[side].x);
      ik.feet[2 * side + 1] = quantize_ik(r.ik->foot_target[side].y);
    }
    ik.hands_on_spear = r.ik->hands_on_spear;
    if (ik.hands_on_spear) {
      for (int side = 0; side < 2; ++side) {
        ik.hands[2 * side] = quantize_ik(r.ik->hand_target[side].x);
        ik.hands[2 * side + 1] = quantize_ik(r.ik->hand_target[side].y);
      }
    }
    q.ik = ik;
  }
  return q;
}

RunnerSnapshot rebuild_runner(const QuantizedRunner& q) {
  RunnerSnapshot r;
  r.id = q.id;
  r.mode = q.mode;
  r.flags = q.flags;
  r.lab_motion = q.lab_motion;
  r.score = q.score;
  r.best = q.best;
  r.combo = q.combo;
  r.pace = q.pace;
  r.distance = static_cast<double>(q.distance) * kDistanceStep;
  r.pose = rebuild_pose(q.pose);
  r.lab_phase = static_cast<float>(q.lab_phase) / 256.f;
  r.lab_gait = static_cast<float>(q.lab_gait) / 255.f;
  r.countdown_ticks = q.countdown_ticks;
  r.lab_scroll = static_cast<float>(q.lab_scroll) * kLabScrollStep;
  if (q.ik) {
    rig::RigDebug ik;
    for (int side = 0; side < 2; ++side) {
      ik.foot_target[side] = {static_cast<float>(q.ik->feet[2 * side]) * kIkStep,
                              static_cast<float>(q.ik->feet[2 * side + 1]) * kIkStep};
      ik.hand_target[side] = {static_cast<float>(q.ik->hands[2 * side]) * kIkStep,
                              static_cast<float>(q.ik->hands[2 * side + 1]) * kIkStep};
    }
    ik.hands_on_spear = q.ik->hands_on_spear;
    r.ik = ik;
  }
  r.bridge = q.bridge;
  return r;
}

void write_runner(BitWriter& out, const QuantizedRunner& r, const QuantizedRunner* base) {
  write_runner_core(out, r, base);
  write_bridge(out, r.bridge);
}

void write_runner_core(BitWriter& out, const QuantizedRunner& r, const QuantizedRunner* base) {
  out.write_exp_golomb(r.id, kIdK);
  out.write_bool(base != nullptr);
  if (!base) {
    write_meta(out, r);
    out.write_exp_golomb(r.score, kScoreK);
    out.write_exp_golomb(r.best, kScoreK);
    out.write_bits(r.combo, kComboBits);
    out.write_signed(r.distance, kDistanceK);
    write_pace(out, r.pace, nullptr);
  } else {
    const bool same = same_meta(r, *base);
    out.write_bool(same);
    if (!same) write_meta(out, r);
    out.write_signed(static_cast<std::int64_t>(r.score) - base->score, kScoreDeltaK);
    out.write_bool(r.best == base->best);
    if (r.best != base->best)
      out.write_signed(static_cast<std::int64_t>(r.best) - base->best, kBestDeltaK);
    out.write_bool(r.combo == base->combo);
    if (r.combo != base->combo) out.write_bits(r.combo, kComboBits);
    out.write_signed(r.distance - base->distance, kDistanceDeltaK);
    write_pace(out, r.pace, &base->pace);
  }
  write_lab(out, r);
  write_countdown(out, r);
  write_pose(out, r.pose, base ? &base->pose : nullptr);
}

bool read_runner_block(std::span<const std::uint8_t> block, std::size_t count,
                       const QuantizedSnapshot* baseline, std::vector<QuantizedRunner>& out,
                       std::size_t roll_count, std::uint32_t age, std::vector<RollEntry>* roll,
                       std::vector<RigCue>* cues) {
  out.clear();
  if (roll) roll->clear();
  if (cues) cues->clear();
  if (roll_count > 0 && !roll) return false;
  // Every runner takes well over 8 bits: a count the block cannot hold is corrupt, and the
  // reservation below stays bounded by the datagram.
  if (count > kMaxRunnersPerSnapshot || count > block.size()) return false;
  out.reserve(count);
  BitReader in(block);
  std::unordered_set<RunnerId> seen;
  for (std::size_t i = 0; i < count; ++i) {
    QuantizedRunner r;
    if (!read_runner(in, baseline, r)) return false;
    if (!seen.insert(r.id).second) return false;
    out.push_back(r);
  }
  // A roll call against a baseline carries rig cues.
  std::vector<RigCue> unused;
  std::vector<RigCue>* cue_out = baseline ? (cues ? cues : &unused) : nullptr;
  if (roll_count > 0 && !read_roll_call(in, roll_count, baseline, age, *roll, cue_out))
    return false;
  // Padding of the last byte only.
  return in.ok() && in.bits_left() < 8;
}

int fuzz_decode_runner_block(const std::uint8_t* data, std::size_t size) {
  // A baseline of two standing runners, so delta paths are reached too.
  static const QuantizedSnapshot baseline = [] {
    QuantizedSnapshot s;
    for (RunnerId id : {RunnerId{0}, RunnerId{3}}) {
      RunnerSnapshot r;
      r.id = id;
      r.distance = 100.0 * id;
      r.pose.joints[0] = {0.f, -66.f};
      s.runners.push_back(quantize_runner(r));
    }
    return s;
  }();
  if (size < 1) return 0;
  std::vector<QuantizedRunner> out;
  const std::size_t count = data[0];
  const std::span<const std::uint8_t> block(data + 1, size - 1);
  if (read_runner_block(block, count, &baseline, out)) {
    for (const auto& r : out) (void)rebuild_runner(r);
  }
  (void)read_runner_block(block, count, nullptr, out);
  // The same bytes as a roll call of `count` entries, against the baseline and without.
  std::vector<RollEntry> roll;
  (void)read_runner_block(block, 0, &baseline, out, count, 6, &roll);
  (void)read_runner_block(block, 0, nullptr, out, count, 0, &roll);
  return 0;
}

}  // namespace spear::net
