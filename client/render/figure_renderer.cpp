#include "render/figure_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include "render/palette.hpp"

namespace spear::client {
namespace {

using rig::Joint;
using rig::Vec2;

LimbStyle limb_style(float root, float tip) {
  LimbStyle s;
  s.root_width = root;
  s.tip_width = tip;
  s.samples_per_segment = rig::kLimbSamplesPerSegment;
  return s;
}

}  // namespace

FigureStyle player_style() {
  return {palette::kInk,           palette::kInkFar,  palette::kFarOpacity,
          rig::kFarLimbWidthScale, palette::kShaft,   palette::kSpearHead,
          palette::kSpearEdge,     palette::kHairTie, palette::kHeadOutline};
}

void FigureBuilder::limb(VertexBatch& out, Vec2 a, Vec2 b, Vec2 c, const LimbStyle& ls,
                         const Placement& place, sf::Color colour) {
  build_limb(a, b, c, ls, geometry_);
  out.triangles(geometry_.triangles, place, colour);
}

void FigureBuilder::append(VertexBatch& out, const rig::Pose& pose,
                           const rig::SecondaryPose& secondary, const Placement& place,
                           const FigureStyle& style) {
  const LimbStyle near_limb = limb_style(rig::kLimbRootWidth, rig::kLimbTipWidth);
  const LimbStyle far_limb = limb_style(rig::kLimbRootWidth * style.far_width_scale,
                                        rig::kLimbTipWidth * style.far_width_scale);
  const sf::Color far = with_opacity(style.ink_far, style.far_opacity);

  // Far side first: depth without 3D.
  limb(out, pose[Joint::Hip], pose[Joint::KneeFar], pose[Joint::FootFar], far_limb, place, far);
  limb(out, pose[Joint::Shoulder], pose[Joint::ElbowFar], pose[Joint::HandFar], far_limb, place,
       far);

  // Hair behind the head: a ponytail along the rig's verlet points.
  const Vec2 head = secondary.head;
  const float head_r = std::max(pose.head_r, rig::kMinHeadRadius);
  ponytail(out, head, secondary, place, style);

  // Spine (pelvis → chest), neck (chest → base of the head), head.
  const Vec2 pelvis = pose[Joint::Pelvis], chest = pose[Joint::Chest];
  limb(out, pelvis, rig::lerp(pelvis, chest, 0.5f), chest,
       limb_style(rig::kTorsoPelvisWidth, rig::kTorsoChestWidth), place, style.ink);
  Vec2 base;
  const bool has_neck = rig::neck_end(chest, head, head_r, base);
  if (has_neck) {
    limb(out, chest, rig::lerp(chest, base, 0.5f), base,
         limb_style(rig::kNeckWidth, rig::kNeckWidth), place, style.ink);
  }

  // The spear between the two hands: far arm behind it, near arm in front.
  spear(out, pose, place, style);
  limb(out, pose[Joint::Hip], pose[Joint::KneeNear], pose[Joint::FootNear], near_limb, place,
       style.ink);
  limb(out, pose[Joint::Shoulder], pose[Joint::ElbowNear], pose[Joint::HandNear], near_limb, place,
       style.ink);

  // The head last, inside a thin ring of the sky's colour: in the spear form's high guard and
  // overhead poses the near arm and the spear pass the head, and ink on ink would merge into one
  // dark lump; drawn over them with a gap it stays a round head. The ring leaves out where the
  // neck and the ponytail join the head, so neither seems cut off.
  const Vec2 to_neck = has_neck ? base - head : Vec2{0.f, head_r};
  const Vec2 to_hair = secondary.hair[0] - head;
  head_ring(out, head, head_r, {std::atan2(to_neck.y, to_neck.x), std::atan2(to_hair.y, to_hair.x)},
            place, style.head_outline);
  out.disc(place(head), head_r * place.scale, style.ink, 28);
}

void FigureBuilder::ponytail(VertexBatch& out, Vec2 head, const rig::SecondaryPose& secondary,
                             const Placement& place, const FigureStyle& style) {
  // The rig pins the first hair point to the upper back of the head; the tail starts a little
  // inside the head (covered by it) so it grows out of the head instead of sitting on it.
  std::array<Vec2, rig::kHairPoints + 1> points{};
  points[0] = rig::lerp(head, secondary.hair[0], 0.45f);
  for (int i = 0; i < rig::kHairPoints; ++i)
    points[static_cast<std::size_t>(i) + 1] = secondary.hair[static_cast<std::size_t>(i)];
  polyline_.clear();
  rig::catmull_rom(points.data(), static_cast<int>(points.size()), 5, polyline_);
  const std::size_t n = polyline_.size();
  if (n < 2) return;
  // Arc length along the tail: the width follows it (0 at the root, 1 at the tip).
  lengths_.assign(n, 0.f);
  for (std::size_t i = 1; i < n; ++i)
    lengths_[i] = lengths_[i - 1] + rig::distance(polyline_[i - 1], polyline_[i]);
  const float total = lengths_.back();
  if (!(total > 1e-3f)) return;
  // Full past the tie, then tapering to a rounded end: (1 − u)^1.1 · (1 + 1.2 u) is about 1
  // over the first fifth, 3/4 halfway and 0 at the end (u the share of the tail's length).
  const auto width_at = [&](float u) {
    return kHairTipWidth +
           (kHairRootWidth - kHairTipWidth) * std::pow(1.f - u, 1.1f) * (1.f + 1.2f * u);
  };
  Vec2 prev_l{}, prev_r{};
  for (std::size_t i = 0; i < n; ++i) {
    const Vec2 a = polyline_[i == 0 ? 0 : i - 1], b = polyline_[i + 1 < n ? i + 1 : n - 1];
    const float len = rig::distance(a, b);
    const Vec2 nrm = len > 1e-6f ? Vec2{-(b.y - a.y) / len, (b.x - a.x) / len} : Vec2{0.f, -1.f};
    const float half = width_at(lengths_[i] / total) / 2.f;
    const Vec2 l = polyline_[i] + nrm * half, r = polyline_[i] - nrm * half;
    if (i > 0) out.quad(place(prev_l), place(l), place(r), place(prev_r), style.ink);
    prev_l = l;
    prev_r = r;
  }
  out.disc(place(polyline_.back()), kHairTipWidth / 2.f * place.scale, style.ink, 8);
  // The tie: a band across the tail where it leaves the head.
  const float tie_at = std::min(total * 0.5f, lengths_[n / 6] + 3.f);
  std::size_t k = 1;
  while (k + 1 < n && lengths_[k] < tie_at) ++k;
  const Vec2 d = polyline_[k] - polyline_[k - 1];
  const float dl = std::max(rig::length(d), 1e-6f);
  const Vec2 along = d * (1.f / dl), nrm{-along.y, along.x};
  const float half = width_at(lengths_[k] / total) / 2.f + 0.6f;
  const Vec2 c = polyline_[k];
  out.quad(place(c - along * 1.1f + nrm * half), place(c + along * 1.1f + nrm * half),
           place(c + along * 1.1f - nrm * half), place(c - along * 1.1f - nrm * half),
           style.hair_tie);
}

void FigureBuilder::head_ring(VertexBatch& out, Vec2 head, float head_r, std::array<float, 2> gaps,
                              const Placement& place, sf::Color colour) {
  constexpr int kSegments = 36;
  constexpr float kGap = 0.55f;  // radians each side of a join left open
  const float r0 = head_r * place.scale * 0.98f;
  const float r1 = (head_r + kHeadOutlineWidth) * place.scale;
  const sf::Vector2f c = place(head);
  const auto open = [&](float a) {
    for (float g : gaps) {
      const float d = std::remainder(a - g, 2.f * std::numbers::pi_v<float>);
      if (std::abs(d) < kGap) return true;
    }
    return false;
  };
  for (int i = 0; i < kSegments; ++i) {
    const float a0 = 2.f * std::numbers::pi_v<float> * static_cast<float>(i) / kSegments;
    const float a1 = 2.f * std::numbers::pi_v<float> * static_cast<float>(i + 1) / kSegments;
    if (open((a0 + a1) / 2.f)) continue;
    const sf::Vector2f u0{std::cos(a0), std::sin(a0)}, u1{std::cos(a1), std::sin(a1)};
    out.quad(c + u0 * r0, c + u0 * r1, c + u1 * r1, c + u1 * r0, colour);
  }
}

void FigureBuilder::spear(VertexBatch& out, const rig::Pose& pose, const Placement& place,
                          const FigureStyle& style) {
  const Vec2 tail = pose[Joint::SpearTail], tip = pose[Joint::SpearTip];
  const float len = rig::distance(tail, tip);
  if (len < kSpearHeadLength * 1.5f) return;  // degenerate pose: nothing sensible to draw
  const Vec2 dir = (tip - tail) * (1.f / len);
  const Vec2 nrm{-dir.y, dir.x};
  const Vec2 base = tip - dir * kSpearHeadLength;

  // Shaft, a touch thicker at the butt.
  polyline_.assign({tail, base});
  out.ribbon(polyline_, kShaftWidth * 1.1f, kShaftWidth * 0.9f, place, style.shaft);

  // Leaf-shaped head: widest a third of the way up, drawn twice (dark edge, then the metal),
  // with a socket binding it to the shaft.
  constexpr int kSteps = 10;
  auto leaf = [&](float grow, sf::Color colour) {
    Vec2 prev_l = base - dir * grow, prev_r = prev_l;
    for (int i = 1; i <= kSteps; ++i) {
      const float u = static_cast<float>(i) / kSteps;
      const float half =
          (kSpearHeadWidth / 2.f) * std::sin(std::numbers::pi_v<float> * std::pow(u, 0.6f)) + grow;
      const Vec2 c = base + dir * (kSpearHeadLength * u + (i == kSteps ? grow * 1.5f : 0.f));
      const Vec2 l = c + nrm * (i == kSteps ? 0.f : half), r = c - nrm * (i == kSteps ? 0.f : half);
      out.quad(place(prev_l), place(l), place(r), place(prev_r), colour);
      prev_l = l;
      prev_r = r;
    }
  };
  leaf(0.9f, style.spear_edge);
  leaf(0.f, style.spear_head);
  // Midrib: the light catches one half of the blade.
  polyline_.assign({base, base + dir * (kSpearHeadLength * 0.85f)});
  out.ribbon(polyline_, 0.9f, 0.4f, place, style.spear_edge, false);
  polyline_.assign({base - dir * 4.f, base});
  out.ribbon(polyline_, kShaftWidth * 1.5f, kShaftWidth * 1.5f, place, style.spear_edge, false);
}

}  // namespace spear::client
