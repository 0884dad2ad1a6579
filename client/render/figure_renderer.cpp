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
  return {palette::kInk,   palette::kInkFar,    palette::kFarOpacity, rig::kFarLimbWidthScale,
          palette::kShaft, palette::kSpearHead, palette::kSpearEdge};
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

  // Hair behind the head; the first point is pinned to the back of the head by the rig.
  polyline_.clear();
  rig::catmull_rom(secondary.hair.data(), rig::kHairPoints, 5, polyline_);
  out.ribbon(polyline_, kHairRootWidth, kHairTipWidth, place, style.ink);

  // Spine (pelvis → chest), neck (chest → base of the head), head.
  const Vec2 pelvis = pose[Joint::Pelvis], chest = pose[Joint::Chest];
  limb(out, pelvis, rig::lerp(pelvis, chest, 0.5f), chest,
       limb_style(rig::kTorsoPelvisWidth, rig::kTorsoChestWidth), place, style.ink);
  const Vec2 head = secondary.head;
  const float head_r = std::max(pose.head_r, rig::kMinHeadRadius);
  Vec2 base;
  if (rig::neck_end(chest, head, head_r, base)) {
    limb(out, chest, rig::lerp(chest, base, 0.5f), base,
         limb_style(rig::kNeckWidth, rig::kNeckWidth), place, style.ink);
  }
  out.disc(place(head), head_r * place.scale, style.ink, 28);

  // The spear between the two hands: far arm behind it, near arm in front.
  spear(out, pose, place, style);
  limb(out, pose[Joint::Hip], pose[Joint::KneeNear], pose[Joint::FootNear], near_limb, place,
       style.ink);
  limb(out, pose[Joint::Shoulder], pose[Joint::ElbowNear], pose[Joint::HandNear], near_limb, place,
       style.ink);
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
