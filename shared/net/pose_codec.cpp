#include "net/pose_codec.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>
#include <limits>
#include <vector>

#include "net/quantize.hpp"
#include "rig/det_math.hpp"
#include "rig/skeleton.hpp"

namespace spear::net {
namespace {

using rig::Joint;
using rig::Vec2;

// Angle form is taken only when the rebuilt joint lands this close (margin below the 0.25
// promise for float differences between machines).
constexpr float kAngleFormTolerance = 0.2f;
constexpr std::int32_t kScaleOne = 256;    // 1.0 in kScaleStep units
constexpr std::int32_t kScaleMaxQ = 1024;  // 4.0: anything larger is clamped (then offsets)
constexpr unsigned kHeadRBits = 10;        // head radius, 1/16 units, < 64

// Exp-Golomb orders, tuned on synthetic running poses (tests/unit/net/pose_codec_test.cpp).
constexpr unsigned kRootK = 8, kOffsetK = 5, kScaleK = 2;
constexpr unsigned kRootDeltaK = 3, kScaleDeltaK = 1;
constexpr unsigned kMaxAdaptiveK = 7;  // 3-bit field

// Angle bits of a bone: the fewest whose angular step times the length is at most kAngleStepSpan
// units, so rounding the angle moves the joint by half of that at most (error budget 0.25).
// Bones of the skeleton: spine 54 → 11, neck 25, arms and legs 25..37 → 10, spear 108 → 12.
constexpr float kAngleStepSpan = 0.25f;
constexpr unsigned angle_bits_for(float length) {
  if (!(length > 0.f)) return 0;
  unsigned bits = 1;
  while (bits < 16 && 6.2831853f * length / static_cast<float>(1u << bits) > kAngleStepSpan) ++bits;
  return bits;
}

bool link_bit(unsigned mask, std::size_t i) { return ((mask >> i) & 1u) != 0; }

std::size_t idx(Joint j) { return static_cast<std::size_t>(j); }

Vec2 scale_of(const QuantizedPose& q) {
  return {static_cast<float>(q.sx) * kScaleStep, static_cast<float>(q.sy) * kScaleStep};
}

// The direction (cos, sin) of angle `index` of a `bits`-bit bone angle: from a table of every
// angle the skeleton's bones can carry, filled once with the rig's deterministic cos and sin, so
// a rebuild gives the same bits as computing them each time (three functions a link, on the
// server for every runner's pose each tick and on every client for every pose it reads).
Vec2 angle_direction(std::uint32_t index, unsigned bits) {
  const auto computed = [](std::uint32_t i, unsigned b) {
    const float a = dequantize_angle(i, b);
    return Vec2{rig::dcos(a), rig::dsin(a)};
  };
  constexpr unsigned kMaxTableBits = 12;  // the spear's; no bone of the skeleton has more
  static const std::array<std::vector<Vec2>, kMaxTableBits + 1> tables = [&] {
    std::array<std::vector<Vec2>, kMaxTableBits + 1> out{};
    for (const rig::SkeletonLink& l : rig::kSkeleton) {
      const unsigned b = angle_bits_for(l.rest_length);
      if (b == 0 || b > kMaxTableBits || !out[b].empty()) continue;
      out[b].resize(std::size_t{1} << b);
      for (std::uint32_t i = 0; i < out[b].size(); ++i) out[b][i] = computed(i, b);
    }
    return out;
  }();
  if (bits < tables.size() && index < tables[bits].size()) return tables[bits][index];
  return computed(index, bits);
}

// The decoder's rebuild of one link; the encoder calls the same code.
struct Rebuilt {
  Vec2 final_pos;  // squashed, relative to the anchor
  Vec2 unsquashed;
};

Rebuilt rebuild_link(const PoseLink& link, const Rebuilt& parent, bool angle_form,
                     const std::array<std::int32_t, 2>& v, Vec2 s) {
  Rebuilt r;
  if (angle_form && link.rigid) {
    r.final_pos = parent.final_pos +
                  angle_direction(static_cast<std::uint32_t>(v[0]), link.angle_bits) * link.length;
    r.unsquashed = {r.final_pos.x / s.x, r.final_pos.y / s.y};
  } else if (angle_form) {
    r.unsquashed = parent.unsquashed +
                   angle_direction(static_cast<std::uint32_t>(v[0]), link.angle_bits) * link.length;
    r.final_pos = {r.unsquashed.x * s.x, r.unsquashed.y * s.y};
  } else {
    r.final_pos =
        parent.final_pos + Vec2{dequantize(v[0], kPositionStep), dequantize(v[1], kPositionStep)};
    r.unsquashed = {r.final_pos.x / s.x, r.final_pos.y / s.y};
  }
  return r;
}

std::array<Rebuilt, rig::kJointCount> rebuild_all(const QuantizedPose& q) {
  std::array<Rebuilt, rig::kJointCount> out{};
  const Vec2 s = scale_of(q);
  Rebuilt& root = out[idx(Joint::Pelvis)];
  root.final_pos = {dequantize(q.root[0], kPositionStep), dequantize(q.root[1], kPositionStep)};
  root.unsquashed = {root.final_pos.x / s.x, root.final_pos.y / s.y};
  const auto& links = pose_links();
  for (std::size_t i = 0; i < kLinkCount; ++i)
    out[idx(links[i].child)] =
        rebuild_link(links[i], out[idx(links[i].parent)], (q.angle_links >> i) & 1u, q.links[i], s);
  return out;
}

float finite_or(float v, float fallback) { return std::isfinite(v) ? v : fallback; }

std::int32_t clamp_q(double v) {
  constexpr double kLimit = 1 << 24;  // ±1M units: far beyond any pose
  if (!std::isfinite(v)) return 0;
  return static_cast<std::int32_t>(std::lround(std::clamp(v, -kLimit, kLimit)));
}

std::int32_t wrap_delta(std::int32_t now, std::int32_t base, unsigned bits) {
  const std::int32_t n = 1 << bits;
  std::int32_t d = (now - base) & (n - 1);
  if (d >= n / 2) d -= n;
  return d;
}

std::size_t exp_golomb_bits(std::uint64_t v, unsigned k) {
  const std::uint64_t x = v + (std::uint64_t{1} << k);
  const unsigned n = 64u - static_cast<unsigned>(std::countl_zero(x));
  return 2 * n - k - 1;
}
std::uint64_t zigzag(std::int64_t v) {
  return v >= 0 ? static_cast<std::uint64_t>(v) << 1
                : (static_cast<std::uint64_t>(-(v + 1)) << 1) | 1u;
}
unsigned best_k(const std::vector<std::int64_t>& values) {
  unsigned best = 0;
  std::size_t best_bits = std::numeric_limits<std::size_t>::max();
  for (unsigned k = 0; k <= kMaxAdaptiveK; ++k) {
    std::size_t bits = 0;
    for (auto v : values) bits += exp_golomb_bits(zigzag(v), k);
    if (bits < best_bits) best_bits = bits, best = k;
  }
  return best;
}

}  // namespace

const std::array<PoseLink, kLinkCount>& pose_links() {
  // The skeleton's links, in its order (parents first), with the angle bits of each bone.
  static const std::array<PoseLink, kLinkCount> links = [] {
    std::array<PoseLink, kLinkCount> out{};
    for (std::size_t i = 0; i < kLinkCount; ++i) {
      const rig::SkeletonLink& l = rig::kSkeleton[i];
      out[i] = {l.child, l.parent, l.rest_length, angle_bits_for(l.rest_length), l.rigid};
    }
    return out;
  }();
  return links;
}

QuantizedPose quantize_pose(const rig::Pose& pose, PoseCodecMode mode) {
  QuantizedPose q;
  q.sx = static_cast<std::uint16_t>(
      std::clamp(clamp_q(finite_or(pose.sx, 1.f) / kScaleStep), 1, kScaleMaxQ));
  q.sy = static_cast<std::uint16_t>(
      std::clamp(clamp_q(finite_or(pose.sy, 1.f) / kScaleStep), 1, kScaleMaxQ));
  const Vec2 s = scale_of(q);
  const float derived_head = rig::kHeadR * (s.x + s.y) * 0.5f;
  const float head_r = finite_or(pose.head_r, derived_head);
  if (std::fabs(head_r - derived_head) > 0.05f) {
    q.head_r_explicit = true;
    q.head_r = static_cast<std::uint16_t>(
        std::clamp(clamp_q(head_r / kPositionStep), 0, (1 << kHeadRBits) - 1));
  }
  q.contact_near = pose.contact_near;
  q.contact_far = pose.contact_far;

  auto truth = [&](Joint j) {
    const Vec2 p = pose[j];
    return Vec2{finite_or(p.x, 0.f), finite_or(p.y, 0.f)};
  };
  std::array<Rebuilt, rig::kJointCount> built{};
  const Vec2 pelvis = truth(Joint::Pelvis);
  q.root = {clamp_q(pelvis.x / kPositionStep), clamp_q(pelvis.y / kPositionStep)};
  Rebuilt& root = built[idx(Joint::Pelvis)];
  root.final_pos = {dequantize(q.root[0], kPositionStep), dequantize(q.root[1], kPositionStep)};
  root.unsquashed = {root.final_pos.x / s.x, root.final_pos.y / s.y};

  const auto& links = pose_links();
  for (std::size_t i = 0; i < kLinkCount; ++i) {
    const PoseLink& link = links[i];
    const Rebuilt& parent = built[idx(link.parent)];
    const Vec2 target = truth(link.child);
    if (mode == PoseCodecMode::BoneAngles && link.length > 0.f) {
      const Vec2 u{target.x / s.x, target.y / s.y};
      const Vec2 d = link.rigid ? target - parent.final_pos : u - parent.unsquashed;
      const std::array<std::int32_t, 2> v{
          static_cast<std::int32_t>(quantize_angle(rig::datan2(d.y, d.x), link.angle_bits)), 0};
      const Rebuilt r = rebuild_link(link, parent, true, v, s);
      if (rig::distance(r.final_pos, target) <= kAngleFormTolerance) {
        q.angle_links |= static_cast<std::uint16_t>(1u << i);
        q.links[i] = v;
        built[idx(link.child)] = r;
        continue;
      }
    }
    const Vec2 off = target - parent.final_pos;
    q.links[i] = {clamp_q(off.x / kPositionStep), clamp_q(off.y / kPositionStep)};
    built[idx(link.child)] = rebuild_link(link, parent, false, q.links[i], s);
  }
  return q;
}

rig::Pose rebuild_pose(const QuantizedPose& q) {
  rig::Pose pose;
  const auto built = rebuild_all(q);
  for (std::size_t j = 0; j < rig::kJointCount; ++j) pose.joints[j] = built[j].final_pos;
  const Vec2 s = scale_of(q);
  pose.sx = s.x;
  pose.sy = s.y;
  pose.head_r =
      q.head_r_explicit ? dequantize(q.head_r, kPositionStep) : rig::kHeadR * (s.x + s.y) * 0.5f;
  pose.contact_near = q.contact_near;
  pose.contact_far = q.contact_far;
  return pose;
}

void write_pose(BitWriter& out, const QuantizedPose& q, const QuantizedPose* base) {
  const auto& links = pose_links();
  if (!base) {
    out.write_signed(q.root[0], kRootK);
    out.write_signed(q.root[1], kRootK);
    out.write_bits(q.angle_links, kLinkCount);
    for (std::size_t i = 0; i < kLinkCount; ++i) {
      if ((q.angle_links >> i) & 1u) {
        out.write_bits(static_cast<std::uint32_t>(q.links[i][0]), links[i].angle_bits);
      } else {
        out.write_signed(q.links[i][0], kOffsetK);
        out.write_signed(q.links[i][1], kOffsetK);
      }
    }
    out.write_signed(q.sx - kScaleOne, kScaleK);
    out.write_signed(q.sy - kScaleOne, kScaleK);
  } else {
    out.write_signed(static_cast<std::int64_t>(q.root[0]) - base->root[0], kRootDeltaK);
    out.write_signed(static_cast<std::int64_t>(q.root[1]) - base->root[1], kRootDeltaK);
    const bool same_forms = q.angle_links == base->angle_links;
    out.write_bool(same_forms);
    if (!same_forms) out.write_bits(q.angle_links, kLinkCount);
    // Links whose form did not change travel as deltas, with one exp-Golomb order for the
    // angle deltas and one for the offset deltas, each picked for this pose (3 bits each).
    const unsigned same = ~static_cast<unsigned>(q.angle_links ^ base->angle_links);
    std::vector<std::int64_t> angle_d, offset_d;
    for (std::size_t i = 0; i < kLinkCount; ++i) {
      if (!link_bit(same, i)) continue;
      if (link_bit(q.angle_links, i)) {
        angle_d.push_back(wrap_delta(q.links[i][0], base->links[i][0], links[i].angle_bits));
      } else {
        offset_d.push_back(static_cast<std::int64_t>(q.links[i][0]) - base->links[i][0]);
        offset_d.push_back(static_cast<std::int64_t>(q.links[i][1]) - base->links[i][1]);
      }
    }
    const unsigned ka = best_k(angle_d), ko = best_k(offset_d);
    out.write_bits(ka, 3);
    out.write_bits(ko, 3);
    std::size_t ai = 0, oi = 0;
    for (std::size_t i = 0; i < kLinkCount; ++i) {
      const bool angle = link_bit(q.angle_links, i);
      if (!link_bit(same, i)) {
        if (angle) {
          out.write_bits(static_cast<std::uint32_t>(q.links[i][0]), links[i].angle_bits);
        } else {
          out.write_signed(q.links[i][0], kOffsetK);
          out.write_signed(q.links[i][1], kOffsetK);
        }
      } else if (angle) {
        out.write_signed(angle_d[ai++], ka);
      } else {
        out.write_signed(offset_d[oi++], ko);
        out.write_signed(offset_d[oi++], ko);
      }
    }
    const bool same_scale = q.sx == base->sx && q.sy == base->sy;
    out.write_bool(same_scale);
    if (!same_scale) {
      out.write_signed(q.sx - base->sx, kScaleDeltaK);
      out.write_signed(q.sy - base->sy, kScaleDeltaK);
    }
  }
  out.write_bool(q.head_r_explicit);
  if (q.head_r_explicit) out.write_bits(q.head_r, kHeadRBits);
  out.write_bool(q.contact_near);
  out.write_bool(q.contact_far);
}

bool read_pose(BitReader& in, const QuantizedPose* base, QuantizedPose& q) {
  const auto& links = pose_links();
  constexpr std::int64_t kLimit = 1 << 24;
  auto bounded = [&](std::int64_t v, std::int32_t& dst) {
    if (v < -kLimit || v > kLimit) return false;
    dst = static_cast<std::int32_t>(v);
    return true;
  };
  auto read_scale = [&](std::int64_t v, std::uint16_t& dst) {
    if (v < 1 || v > kScaleMaxQ) return false;
    dst = static_cast<std::uint16_t>(v);
    return true;
  };
  q = QuantizedPose{};
  if (!base) {
    if (!bounded(in.read_signed(kRootK), q.root[0])) return false;
    if (!bounded(in.read_signed(kRootK), q.root[1])) return false;
    q.angle_links = static_cast<std::uint16_t>(in.read_bits(kLinkCount));
    for (std::size_t i = 0; i < kLinkCount; ++i) {
      if ((q.angle_links >> i) & 1u) {
        if (links[i].length <= 0.f) return false;
        q.links[i] = {static_cast<std::int32_t>(in.read_bits(links[i].angle_bits)), 0};
      } else {
        if (!bounded(in.read_signed(kOffsetK), q.links[i][0])) return false;
        if (!bounded(in.read_signed(kOffsetK), q.links[i][1])) return false;
      }
    }
    if (!read_scale(in.read_signed(kScaleK) + kScaleOne, q.sx)) return false;
    if (!read_scale(in.read_signed(kScaleK) + kScaleOne, q.sy)) return false;
  } else {
    if (!bounded(base->root[0] + in.read_signed(kRootDeltaK), q.root[0])) return false;
    if (!bounded(base->root[1] + in.read_signed(kRootDeltaK), q.root[1])) return false;
    q.angle_links =
        in.read_bool() ? base->angle_links : static_cast<std::uint16_t>(in.read_bits(kLinkCount));
    const auto ka = static_cast<unsigned>(in.read_bits(3));
    const auto ko = static_cast<unsigned>(in.read_bits(3));
    for (std::size_t i = 0; i < kLinkCount; ++i) {
      const bool angle = link_bit(q.angle_links, i);
      if (angle && links[i].length <= 0.f) return false;
      if (link_bit(q.angle_links, i) != link_bit(base->angle_links, i)) {
        if (angle) {
          q.links[i] = {static_cast<std::int32_t>(in.read_bits(links[i].angle_bits)), 0};
        } else {
          if (!bounded(in.read_signed(kOffsetK), q.links[i][0])) return false;
          if (!bounded(in.read_signed(kOffsetK), q.links[i][1])) return false;
        }
      } else if (angle) {
        const std::int64_t mask = (std::int64_t{1} << links[i].angle_bits) - 1;
        q.links[i] = {static_cast<std::int32_t>((base->links[i][0] + in.read_signed(ka)) & mask),
                      0};
      } else {
        if (!bounded(base->links[i][0] + in.read_signed(ko), q.links[i][0])) return false;
        if (!bounded(base->links[i][1] + in.read_signed(ko), q.links[i][1])) return false;
      }
    }
    if (in.read_bool()) {
      q.sx = base->sx;
      q.sy = base->sy;
    } else {
      if (!read_scale(base->sx + in.read_signed(kScaleDeltaK), q.sx)) return false;
      if (!read_scale(base->sy + in.read_signed(kScaleDeltaK), q.sy)) return false;
    }
  }
  q.head_r_explicit = in.read_bool();
  if (q.head_r_explicit) q.head_r = static_cast<std::uint16_t>(in.read_bits(kHeadRBits));
  q.contact_near = in.read_bool();
  q.contact_far = in.read_bool();
  return in.ok();
}

float max_joint_error(const rig::Pose& a, const rig::Pose& b) {
  float worst = 0.f;
  for (std::size_t j = 0; j < rig::kJointCount; ++j)
    worst = std::max(worst, rig::distance(a.joints[j], b.joints[j]));
  return worst;
}

}  // namespace spear::net
