#include "net/bridge_residual.hpp"

#include <algorithm>
#include <cmath>

namespace spear::net {
namespace {

using rig::Joint;

// The joints from the pelvis outwards, each after its parent (-1: none, the residual is
// predicted as zero). Position k of this order is bit k of BridgeResidual::joints.
struct TreeJoint {
  Joint joint;
  int parent;  // position in this order
};
constexpr std::array<TreeJoint, rig::kJointCount> kTree{{
    {Joint::Pelvis, -1},
    {Joint::Chest, 0},
    {Joint::Hip, 0},
    {Joint::Shoulder, 1},
    {Joint::Head, 1},
    {Joint::KneeNear, 2},
    {Joint::FootNear, 5},
    {Joint::KneeFar, 2},
    {Joint::FootFar, 7},
    {Joint::ElbowNear, 3},
    {Joint::HandNear, 9},
    {Joint::ElbowFar, 3},
    {Joint::HandFar, 11},
    {Joint::SpearTail, 10},
    {Joint::SpearTip, 13},
}};
static_assert(rig::kJointCount <= 16, "BridgeResidual::joints is a 16-bit mask");

// Chord gaps are the snapshot stride (2 ticks at 30 Hz of 60: two bits); the rebuilt snapshot
// is level + 1 strides back (one bit). Sent differences exceed the threshold.
constexpr unsigned kChordGapK = 1, kGapK = 0, kValueK = 3;

std::size_t idx(Joint j) { return static_cast<std::size_t>(j); }

bool gap_ok(std::uint32_t g) { return g >= 1 && g <= kMaxBridgeGap; }

// Steps, or nullopt outside ±kMaxBridgeQ (or not finite).
std::optional<std::int32_t> to_steps(double units) {
  const double q = std::round(units / kBridgeStep);
  if (!std::isfinite(q) || std::abs(q) > kMaxBridgeQ) return std::nullopt;
  return static_cast<std::int32_t>(q);
}

void write_residual(BitWriter& out, const BridgeResidual& r, std::size_t level) {
  out.write_exp_golomb(r.chord_gap - 1u, kChordGapK);
  out.write_signed(std::int64_t{r.gap} - std::int64_t{r.chord_gap} * std::int64_t(level + 1),
                   kGapK);
  out.write_bits(r.joints, rig::kJointCount);
  out.write_bool(r.has_distance);
  for (std::size_t k = 0; k < rig::kJointCount; ++k) {
    if (!((r.joints >> k) & 1u)) continue;
    out.write_signed(r.joint[k][0], kValueK);
    out.write_signed(r.joint[k][1], kValueK);
  }
  if (r.has_distance) out.write_signed(r.distance, kValueK);
}

bool read_value(BitReader& in, std::int32_t& v) {
  const std::int64_t q = in.read_signed(kValueK);
  if (!in.ok() || q < -kMaxBridgeQ || q > kMaxBridgeQ) return false;
  v = static_cast<std::int32_t>(q);
  return true;
}

bool read_residual(BitReader& in, BridgeResidual& r, std::size_t level) {
  const std::uint64_t chord_gap = in.read_exp_golomb(kChordGapK) + 1;
  if (!in.ok() || chord_gap > kMaxBridgeGap) return false;
  const std::int64_t gap = in.read_signed(kGapK) + static_cast<std::int64_t>(chord_gap) *
                                                       static_cast<std::int64_t>(level + 1);
  if (!in.ok() || gap < 1 || gap > std::int64_t{kMaxBridgeGap}) return false;
  r.gap = static_cast<std::uint8_t>(gap);
  r.chord_gap = static_cast<std::uint8_t>(chord_gap);
  r.joints = static_cast<std::uint16_t>(in.read_bits(rig::kJointCount));
  r.has_distance = in.read_bool();
  r.joint = {};
  for (std::size_t k = 0; k < rig::kJointCount; ++k) {
    if (!((r.joints >> k) & 1u)) continue;
    if (!read_value(in, r.joint[k][0]) || !read_value(in, r.joint[k][1])) return false;
  }
  r.distance = 0;
  if (r.has_distance && !read_value(in, r.distance)) return false;
  // A residual that sends nothing is never written.
  return in.ok() && (r.joints != 0 || r.has_distance);
}

}  // namespace

BridgePoint bridge_point(const rig::Pose& pose, double distance) {
  return BridgePoint{pose.joints, distance};
}

float bridge_share(std::uint32_t chord_gap, std::uint32_t gap) {
  return static_cast<float>(chord_gap) / static_cast<float>(chord_gap + gap);
}

BridgePoint bridge_chord(const BridgePoint& from, const BridgePoint& to, std::uint32_t chord_gap,
                         std::uint32_t gap) {
  const float t = bridge_share(chord_gap, gap);
  BridgePoint out;
  for (std::size_t j = 0; j < rig::kJointCount; ++j)
    out.joints[j] = rig::lerp(from.joints[j], to.joints[j], t);
  out.distance = from.distance + (to.distance - from.distance) * static_cast<double>(t);
  return out;
}

namespace {
// The residual of `truth` against what a client predicts of it (a chord, a guess).
std::optional<BridgeResidual> residual_against(const BridgePoint& truth,
                                               const BridgePoint& predicted,
                                               std::uint32_t chord_gap, std::uint32_t gap,
                                               std::int32_t threshold_q) {
  if (!gap_ok(gap) || !gap_ok(chord_gap)) return std::nullopt;
  BridgeResidual r;
  r.gap = static_cast<std::uint8_t>(gap);
  r.chord_gap = static_cast<std::uint8_t>(chord_gap);
  // The residual each joint has as the client will rebuild it, steps.
  std::array<std::array<std::int32_t, 2>, rig::kJointCount> rebuilt{};
  for (std::size_t k = 0; k < kTree.size(); ++k) {
    const std::size_t j = idx(kTree[k].joint);
    const auto parent = kTree[k].parent < 0 ? std::array<std::int32_t, 2>{}
                                            : rebuilt[static_cast<std::size_t>(kTree[k].parent)];
    const auto x = to_steps(truth.joints[j].x - predicted.joints[j].x);
    const auto y = to_steps(truth.joints[j].y - predicted.joints[j].y);
    if (!x || !y) return std::nullopt;
    const std::array<std::int32_t, 2> diff{*x - parent[0], *y - parent[1]};
    if (std::abs(diff[0]) > kMaxBridgeQ || std::abs(diff[1]) > kMaxBridgeQ) return std::nullopt;
    if (std::max(std::abs(diff[0]), std::abs(diff[1])) > threshold_q) {
      r.joints = static_cast<std::uint16_t>(r.joints | (1u << k));
      r.joint[k] = diff;
      rebuilt[k] = {*x, *y};
    } else {
      rebuilt[k] = parent;
    }
  }
  const auto d = to_steps(truth.distance - predicted.distance);
  if (!d) return std::nullopt;
  if (std::abs(*d) > threshold_q) {
    r.has_distance = true;
    r.distance = *d;
  }
  if (r.joints == 0 && !r.has_distance) return std::nullopt;
  return r;
}

BridgePoint add_residual(BridgePoint out, const BridgeResidual& residual) {
  std::array<std::array<std::int32_t, 2>, rig::kJointCount> rebuilt{};
  for (std::size_t k = 0; k < kTree.size(); ++k) {
    auto r = kTree[k].parent < 0 ? std::array<std::int32_t, 2>{}
                                 : rebuilt[static_cast<std::size_t>(kTree[k].parent)];
    if ((residual.joints >> k) & 1u) {
      r[0] += residual.joint[k][0];
      r[1] += residual.joint[k][1];
    }
    rebuilt[k] = r;
    rig::Vec2& p = out.joints[idx(kTree[k].joint)];
    p.x += static_cast<float>(r[0]) * kBridgeStep;
    p.y += static_cast<float>(r[1]) * kBridgeStep;
  }
  if (residual.has_distance) out.distance += static_cast<double>(residual.distance) * kBridgeStep;
  return out;
}

// One coordinate of bridge_guess: x, the first lost, between p (before it) and the carrier n,
// q one stride before p and `after` one past n if known; the carrier's level-L residual r[L]
// puts the one rebuilt at level L that far off the chord from the one before it to n (0 when
// it sent none: within the threshold of the chord).
using LevelValues = std::array<double, kBridgeDepth>;

// A sequence of values, each affine in one unknown, to bend least.
struct Sequence {
  std::array<AffineValue, kBridgeDepth + 6> values{};
  std::size_t size = 0;
  void push(AffineValue v) { values[size++] = v; }
  void push_known(std::optional<double> v) {
    if (v) push({0.0, *v});
  }
  // The first of three lost (`first`), then the ones the carrier's chord residuals r rebuild
  // after it, each against the chord from the one before to the carrier n, then n.
  void push_from_first(AffineValue first, double n, const LevelValues& r) {
    push(first);
    for (std::size_t level = kBridgeDepth; level-- > 0;) {
      const double share = 1.0 / static_cast<double>(level + 2);  // bridge_share(stride, ...)
      first = {first.a * (1.0 - share), first.b * (1.0 - share) + share * n + r[level]};
      push(first);
    }
    push({0.0, n});
  }
  double least_bending(double fallback) const {
    return net::least_bending(std::span<const AffineValue>(values.data(), size), fallback);
  }
};

// Each level's chord residual alone (against zero), where its gaps fit one stride; else zero.
std::array<BridgePoint, kBridgeDepth> level_offsets(const RunnerBridge& carried,
                                                    std::uint32_t stride);

// A point whose every coordinate is solve(get), get reading that coordinate of a point.
template <class Solve>
BridgePoint per_coordinate(const Solve& solve) {
  BridgePoint out;
  for (std::size_t j = 0; j < rig::kJointCount; ++j) {
    out.joints[j].x = static_cast<float>(
        solve([j](const BridgePoint& f) { return static_cast<double>(f.joints[j].x); }));
    out.joints[j].y = static_cast<float>(
        solve([j](const BridgePoint& f) { return static_cast<double>(f.joints[j].y); }));
  }
  out.distance = solve([](const BridgePoint& f) { return f.distance; });
  return out;
}
}  // namespace

double least_bending(std::span<const AffineValue> seq, double fallback) {
  double aa = 0.0, ab = 0.0;
  for (std::size_t k = 1; k + 1 < seq.size(); ++k) {
    const double a = seq[k - 1].a - 2.0 * seq[k].a + seq[k + 1].a;
    const double b = seq[k - 1].b - 2.0 * seq[k].b + seq[k + 1].b;
    aa += a * a;
    ab += a * b;
  }
  return aa > 0.0 ? -ab / aa : fallback;
}

std::optional<BridgeResidual> make_bridge_residual(const BridgePoint& truth,
                                                   const BridgePoint& from, const BridgePoint& to,
                                                   std::uint32_t chord_gap, std::uint32_t gap,
                                                   std::int32_t threshold_q) {
  if (!gap_ok(gap) || !gap_ok(chord_gap)) return std::nullopt;
  return residual_against(truth, bridge_chord(from, to, chord_gap, gap), chord_gap, gap,
                          threshold_q);
}

BridgePoint apply_bridge_residual(const BridgePoint& from, const BridgePoint& to,
                                  const BridgeResidual& residual) {
  return add_residual(bridge_chord(from, to, residual.chord_gap, residual.gap), residual);
}

namespace {
std::array<BridgePoint, kBridgeDepth> level_offsets(const RunnerBridge& carried,
                                                    std::uint32_t stride) {
  std::array<BridgePoint, kBridgeDepth> r{};
  for (std::size_t level = 0; level < kBridgeDepth; ++level) {
    const auto& res = carried.back[level];
    if (res && res->gap == (level + 1) * stride && res->chord_gap == stride)
      r[level] = add_residual(BridgePoint{}, *res);
  }
  return r;
}
}  // namespace

BridgePoint bridge_guess(const BridgePoint* before, const BridgePoint& from, const BridgePoint& to,
                         const BridgePoint* after, const RunnerBridge& carried,
                         std::uint32_t stride) {
  const auto r = level_offsets(carried, stride);
  return per_coordinate([&](auto get) {
    LevelValues rv{};
    for (std::size_t level = 0; level < kBridgeDepth; ++level) rv[level] = get(r[level]);
    const double p = get(from), n = get(to);
    Sequence seq;
    seq.push_known(before ? std::optional(get(*before)) : std::nullopt);
    seq.push({0.0, p});
    seq.push_from_first({1.0, 0.0}, n, rv);
    seq.push_known(after ? std::optional(get(*after)) : std::nullopt);
    return seq.least_bending(p + (n - p) / static_cast<double>(kBridgeDepth + 2));
  });
}

BridgePoint bridge_guess_hidden(const BridgePoint* before, const BridgePoint& from,
                                const BridgePoint& to, const BridgePoint* after,
                                const RunnerBridge& carried, const BridgeResidual* guess_residual,
                                std::uint32_t stride) {
  // The carrier's guess of the first of three at h = 0 and h = 1 in every coordinate.
  BridgePoint zero{}, one{};
  for (auto& j : one.joints) j = {1.f, 1.f};
  one.distance = 1.0;
  BridgePoint x0 = bridge_guess(&from, zero, to, nullptr, carried, stride);
  BridgePoint x1 = bridge_guess(&from, one, to, nullptr, carried, stride);
  if (guess_residual) {
    x0 = add_residual(x0, *guess_residual);
    x1 = add_residual(x1, *guess_residual);
  }
  const auto r = level_offsets(carried, stride);
  return per_coordinate([&](auto get) {
    LevelValues rv{};
    for (std::size_t level = 0; level < kBridgeDepth; ++level) rv[level] = get(r[level]);
    const double b = get(x0), a = get(x1) - b, p = get(from), n = get(to);
    Sequence seq;
    seq.push_known(before ? std::optional(get(*before)) : std::nullopt);
    seq.push({0.0, p});
    seq.push({1.0, 0.0});  // h
    seq.push_from_first({a, b}, n, rv);
    seq.push_known(after ? std::optional(get(*after)) : std::nullopt);
    return seq.least_bending(p + (n - p) / static_cast<double>(kBridgeDepth + 3));
  });
}

namespace {
// The residual of `truth` against a guess of the snapshot `strides` strides before the carrier.
std::optional<BridgeResidual> residual_strides_back(const BridgePoint& truth,
                                                    const BridgePoint& guess, std::uint32_t stride,
                                                    std::size_t strides, std::int32_t threshold_q) {
  const auto gap = static_cast<std::uint64_t>(stride) * strides;
  if (gap > kMaxBridgeGap) return std::nullopt;
  return residual_against(truth, guess, stride, static_cast<std::uint32_t>(gap), threshold_q);
}
}  // namespace

std::optional<BridgeResidual> make_guess_residual(const BridgePoint& truth,
                                                  const BridgePoint& guess, std::uint32_t stride,
                                                  std::int32_t threshold_q) {
  return residual_strides_back(truth, guess, stride, kBridgeDepth + 1, threshold_q);
}

std::optional<BridgeResidual> make_hidden_residual(const BridgePoint& truth,
                                                   const BridgePoint& guess, std::uint32_t stride,
                                                   std::int32_t threshold_q) {
  return residual_strides_back(truth, guess, stride, kBridgeDepth + 2, threshold_q);
}

BridgePoint apply_guess_residual(const BridgePoint& guess, const BridgeResidual& residual) {
  return add_residual(guess, residual);
}

namespace {
// Level L of the wire: the chord residuals, then the two guesses.
constexpr std::size_t kLevels = kBridgeDepth + 2;
template <typename Bridge>
auto& level_of(Bridge& b, std::size_t level) {
  return level < kBridgeDepth ? b.back[level] : level == kBridgeDepth ? b.guess : b.hidden;
}
}  // namespace

void write_bridge(BitWriter& out, const RunnerBridge& bridge) {
  out.write_bool(!bridge.empty());
  if (bridge.empty()) return;
  for (std::size_t level = 0; level < kLevels; ++level) {
    const auto& b = level_of(bridge, level);
    out.write_bool(b.has_value());
    if (b) write_residual(out, *b, level);
  }
}

bool read_bridge(BitReader& in, RunnerBridge& bridge) {
  bridge = {};
  if (!in.read_bool()) return in.ok();
  for (std::size_t level = 0; level < kLevels; ++level) {
    if (!in.read_bool()) continue;
    BridgeResidual r;
    if (!read_residual(in, r, level)) return false;
    level_of(bridge, level) = r;
  }
  // "Something follows" and then nothing is not how it is written.
  return in.ok() && !bridge.empty();
}

}  // namespace spear::net
