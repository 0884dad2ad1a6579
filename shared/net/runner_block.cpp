#include "net/runner_block.hpp"

#include <algorithm>
#include <cmath>
#include <unordered_set>

#include "net/quantize.hpp"

namespace spear::net {
namespace {

constexpr unsigned kIdK = 4;
constexpr unsigned kModeBits = 3, kFlagBits = 4, kLabMotionBits = 4;
constexpr unsigned kScoreK = 8, kDistanceK = 14;
constexpr unsigned kScoreDeltaK = 1, kBestDeltaK = 4, kDistanceDeltaK = 8;
constexpr std::int64_t kMaxDistanceQ = std::int64_t{1} << 40;

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
    r.distance = in.read_signed(kDistanceK);
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
    r.distance = base->distance + in.read_signed(kDistanceDeltaK);
  }
  if (r.distance < -kMaxDistanceQ || r.distance > kMaxDistanceQ) return false;
  return read_pose(in, base ? &base->pose : nullptr, r.pose) && in.ok();
}

}  // namespace

const QuantizedRunner* QuantizedSnapshot::find(RunnerId id) const {
  for (const auto& r : runners)
    if (r.id == id) return &r;
  return nullptr;
}

QuantizedRunner quantize_runner(const RunnerSnapshot& r, PoseCodecMode mode) {
  QuantizedRunner q;
  q.id = r.id;
  q.mode = r.mode;
  q.flags = r.flags & runner_flags::kAll;
  q.lab_motion = static_cast<std::uint8_t>(std::min<unsigned>(r.lab_motion, 15));
  q.score = r.score;
  q.best = r.best;
  const double d = std::isfinite(r.distance) ? r.distance : 0.0;
  q.distance = std::clamp<std::int64_t>(std::llround(d / kDistanceStep), -kMaxDistanceQ,
                                        kMaxDistanceQ);
  q.pose = quantize_pose(r.pose, mode);
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
  r.distance = static_cast<double>(q.distance) * kDistanceStep;
  r.pose = rebuild_pose(q.pose);
  return r;
}

void write_runner(BitWriter& out, const QuantizedRunner& r, const QuantizedRunner* base) {
  out.write_exp_golomb(r.id, kIdK);
  out.write_bool(base != nullptr);
  if (!base) {
    write_meta(out, r);
    out.write_exp_golomb(r.score, kScoreK);
    out.write_exp_golomb(r.best, kScoreK);
    out.write_signed(r.distance, kDistanceK);
  } else {
    const bool same = same_meta(r, *base);
    out.write_bool(same);
    if (!same) write_meta(out, r);
    out.write_signed(static_cast<std::int64_t>(r.score) - base->score, kScoreDeltaK);
    out.write_bool(r.best == base->best);
    if (r.best != base->best)
      out.write_signed(static_cast<std::int64_t>(r.best) - base->best, kBestDeltaK);
    out.write_signed(r.distance - base->distance, kDistanceDeltaK);
  }
  write_pose(out, r.pose, base ? &base->pose : nullptr);
}

bool read_runner_block(std::span<const std::uint8_t> block, std::size_t count,
                       const QuantizedSnapshot* baseline, std::vector<QuantizedRunner>& out) {
  out.clear();
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
  return 0;
}

}  // namespace spear::net
