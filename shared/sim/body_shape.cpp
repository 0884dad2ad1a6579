#include "sim/body_shape.hpp"

#include <algorithm>
#include <cmath>

namespace spear::sim {

namespace {

using rig::Joint;
using rig::Vec2;

// One hose root → mid → tip, as the renderer builds it (client::build_limb): the Catmull-Rom centre
// line, its width tapering linearly with the arc length.
void add_hose(BodyShape& s, Vec2 root, Vec2 mid, Vec2 tip, float root_w, float tip_w,
              BodyPart part) {
  const Vec2 pts[3] = {root, mid, tip};
  Vec2 c[kHosePoints];
  rig::catmull_rom(pts, 3, rig::kLimbSamplesPerSegment, c);
  float along[kHosePoints];
  along[0] = 0.f;
  for (int i = 1; i < kHosePoints; ++i) along[i] = along[i - 1] + rig::distance(c[i - 1], c[i]);
  const float total = along[kHosePoints - 1];
  const auto half_width = [&](float at) {
    const float u = total > 1e-6f ? at / total : 0.f;
    return 0.5f * (root_w + (tip_w - root_w) * u);
  };
  for (int i = 0; i + 1 < kHosePoints; ++i) {
    s.capsules[static_cast<std::size_t>(s.count++)] = {
        c[i], c[i + 1], std::max(half_width(along[i]), half_width(along[i + 1])), part};
  }
}

double point_box_d2(double px, double py, const WorldBox& b) {
  const double dx = std::max({b.x0 - px, 0.0, px - b.x1});
  const double dy = std::max({b.y0 - py, 0.0, py - b.y1});
  return dx * dx + dy * dy;
}

double point_segment_d2(double px, double py, WorldPoint a, WorldPoint b) {
  const double ex = b.x - a.x, ey = b.y - a.y;
  const double len2 = ex * ex + ey * ey;
  double t = len2 > 0.0 ? ((px - a.x) * ex + (py - a.y) * ey) / len2 : 0.0;
  t = std::clamp(t, 0.0, 1.0);
  const double dx = a.x + ex * t - px, dy = a.y + ey * t - py;
  return dx * dx + dy * dy;
}

// Squared distance between the capsule's core segment and the box (0 when they meet). For a
// segment and a box that do not meet, the nearest points are an end of the segment and the
// box, or a corner of the box and the segment.
double core_d2(const Capsule& c, double distance, const WorldBox& box) {
  const WorldPoint a{distance + c.a.x, c.a.y}, b{distance + c.b.x, c.b.y};
  if (segment_touches_box(a, b, box)) return 0.0;
  double d2 = std::min(point_box_d2(a.x, a.y, box), point_box_d2(b.x, b.y, box));
  for (double x : {box.x0, box.x1}) {
    for (double y : {box.y0, box.y1}) d2 = std::min(d2, point_segment_d2(x, y, a, b));
  }
  return d2;
}

}  // namespace

std::string_view body_part_name(BodyPart part) {
  switch (part) {
    case BodyPart::Torso:
      return "torso";
    case BodyPart::Neck:
      return "neck";
    case BodyPart::Head:
      return "head";
    case BodyPart::NearArm:
      return "near_arm";
    case BodyPart::NearLeg:
      return "near_leg";
    case BodyPart::Count:
      break;
  }
  return "?";
}

BodyShape body_shape(const rig::Pose& p) {
  BodyShape s;
  const Vec2 pelvis = p[Joint::Pelvis], chest = p[Joint::Chest], head = p[Joint::Head];
  add_hose(s, pelvis, rig::lerp(pelvis, chest, 0.5f), chest, rig::kTorsoPelvisWidth,
           rig::kTorsoChestWidth, BodyPart::Torso);
  const float head_r = std::max(p.head_r, rig::kMinHeadRadius);
  Vec2 neck_end;
  if (rig::neck_end(chest, head, head_r, neck_end)) {
    add_hose(s, chest, rig::lerp(chest, neck_end, 0.5f), neck_end, rig::kNeckWidth, rig::kNeckWidth,
             BodyPart::Neck);
  }
  s.capsules[static_cast<std::size_t>(s.count++)] = {head, head, head_r, BodyPart::Head};
  add_hose(s, p[Joint::Shoulder], p[Joint::ElbowNear], p[Joint::HandNear], rig::kLimbRootWidth,
           rig::kLimbTipWidth, BodyPart::NearArm);
  add_hose(s, p[Joint::Hip], p[Joint::KneeNear], p[Joint::FootNear], rig::kLimbRootWidth,
           rig::kLimbTipWidth, BodyPart::NearLeg);
  s.x_min = s.y_min = 1e30f;
  s.x_max = s.y_max = -1e30f;
  for (int i = 0; i < s.count; ++i) {
    const Capsule& c = s.capsules[static_cast<std::size_t>(i)];
    s.x_min = std::min({s.x_min, c.a.x - c.r, c.b.x - c.r});
    s.x_max = std::max({s.x_max, c.a.x + c.r, c.b.x + c.r});
    s.y_min = std::min({s.y_min, c.a.y - c.r, c.b.y - c.r});
    s.y_max = std::max({s.y_max, c.a.y + c.r, c.b.y + c.r});
  }
  return s;
}

bool may_touch_box(const rig::Pose& p, double distance, const WorldBox& box) {
  const Joint chains[][3] = {{Joint::Pelvis, Joint::Chest, Joint::Head},
                             {Joint::Shoulder, Joint::ElbowNear, Joint::HandNear},
                             {Joint::Hip, Joint::KneeNear, Joint::FootNear}};
  for (const auto& chain : chains) {
    for (int i = 0; i < 2; ++i) {
      const Capsule c{p[chain[i]], p[chain[i + 1]], kHoseReach, BodyPart::Torso};
      if (capsule_touches_box(c, distance, box)) return true;
    }
  }
  const Capsule head{p[Joint::Head], p[Joint::Head], std::max(p.head_r, rig::kMinHeadRadius),
                     BodyPart::Head};
  return capsule_touches_box(head, distance, box);
}

bool capsule_touches_box(const Capsule& c, double distance, const WorldBox& box) {
  const double r = c.r;
  return core_d2(c, distance, box) <= r * r;
}

double capsule_box_gap(const Capsule& c, double distance, const WorldBox& box) {
  return std::max(0.0, std::sqrt(core_d2(c, distance, box)) - static_cast<double>(c.r));
}

BodyPart shape_touches_box(const BodyShape& s, double distance, const WorldBox& box) {
  // Quick reject on the bounds.
  if (distance + s.x_max < box.x0 || distance + s.x_min > box.x1 || s.y_max < box.y0 ||
      s.y_min > box.y1) {
    return BodyPart::Count;
  }
  for (int i = 0; i < s.count; ++i) {
    const Capsule& c = s.capsules[static_cast<std::size_t>(i)];
    if (capsule_touches_box(c, distance, box)) return c.part;
  }
  return BodyPart::Count;
}

}  // namespace spear::sim
