#include "rig/blend_space.hpp"

#include <cmath>

#include "rig/det_math.hpp"
#include "rig/ik.hpp"
#include "rig/skeleton.hpp"

namespace spear::rig {

namespace {

constexpr float kPi = 3.14159265f;
constexpr float kShoulderFromPelvis = kSpine - 3.f;  // as in body.cpp: 3 units below the chest

enum Channel : int {
  kPelvisX,
  kPelvisY,
  kSpineA,
  kNeckA,
  kThighN,
  kThighF,
  kShinN,
  kShinF,
  kUpperN,
  kUpperF,
  kForeN,
  kForeF,
  kTailX,
  kTailY,
  kSpearA,
  kSy
};

bool angular(int c) { return (c >= kSpineA && c <= kForeF) || c == kSpearA; }

float angle_of(Vec2 from, Vec2 to) {
  const Vec2 d = to - from;
  return datan2(d.y, d.x);
}

Vec2 along(float angle, float len) {
  const SinCos sc = dsincos(angle);
  return {sc.cos * len, sc.sin * len};
}

float wrap(float a) {
  if (!std::isfinite(a)) return 0.f;
  return a - 2.f * kPi * std::round(a / (2.f * kPi));
}

}  // namespace

BlendVector to_blend_space(const RawPose& p) {
  BlendVector v{};
  v[kPelvisX] = p[Joint::Pelvis].x;
  v[kPelvisY] = p[Joint::Pelvis].y;
  v[kSpineA] = angle_of(p[Joint::Pelvis], p[Joint::Chest]);
  v[kNeckA] = angle_of(p[Joint::Chest], p[Joint::Head]);
  v[kThighN] = angle_of(p[Joint::Hip], p[Joint::KneeNear]);
  v[kThighF] = angle_of(p[Joint::Hip], p[Joint::KneeFar]);
  v[kShinN] = angle_of(p[Joint::KneeNear], p[Joint::FootNear]);
  v[kShinF] = angle_of(p[Joint::KneeFar], p[Joint::FootFar]);
  v[kUpperN] = angle_of(p[Joint::Shoulder], p[Joint::ElbowNear]);
  v[kUpperF] = angle_of(p[Joint::Shoulder], p[Joint::ElbowFar]);
  v[kForeN] = angle_of(p[Joint::ElbowNear], p[Joint::HandNear]);
  v[kForeF] = angle_of(p[Joint::ElbowFar], p[Joint::HandFar]);
  v[kTailX] = p[Joint::SpearTail].x;
  v[kTailY] = p[Joint::SpearTail].y;
  v[kSpearA] = angle_of(p[Joint::SpearTail], p[Joint::SpearTip]);
  v[kSy] = p.sy;
  return v;
}

void from_blend_space(const BlendVector& v, RawPose& p) {
  const Vec2 pelvis{v[kPelvisX], v[kPelvisY]};
  p[Joint::Pelvis] = pelvis;
  p[Joint::Hip] = pelvis;
  p[Joint::Chest] = pelvis + along(v[kSpineA], kSpine);
  p[Joint::Shoulder] = pelvis + along(v[kSpineA], kShoulderFromPelvis);
  p[Joint::Head] = p[Joint::Chest] + along(v[kNeckA], kNeck + kHeadR);
  for (int i = 0; i < 2; ++i) {
    const Joint knee = i == 0 ? Joint::KneeNear : Joint::KneeFar;
    const Joint foot = i == 0 ? Joint::FootNear : Joint::FootFar;
    p[knee] = pelvis + along(v[kThighN + i], kThigh);
    p[foot] = p[knee] + along(v[kShinN + i], kShin);
    if (p[foot].y > 0.f) {
      const Chain c =
          solve_chain(pelvis, clamp_leg_target(pelvis, {p[foot].x, 0.f}), kThigh, kShin, -1.f);
      p[knee] = c.mid;
      p[foot] = c.end;
    }
    const Joint elbow = i == 0 ? Joint::ElbowNear : Joint::ElbowFar;
    const Joint hand = i == 0 ? Joint::HandNear : Joint::HandFar;
    p[elbow] = p[Joint::Shoulder] + along(v[kUpperN + i], kUpperArm);
    p[hand] = p[elbow] + along(v[kForeN + i], kForearm);
  }
  p[Joint::SpearTail] = {v[kTailX], v[kTailY]};
  p[Joint::SpearTip] = p[Joint::SpearTail] + along(v[kSpearA], kSpearLength);
  p.sy = v[kSy];
}

BlendVector blend_difference(const BlendVector& a, const BlendVector& b) {
  BlendVector d{};
  for (int c = 0; c < kBlendChannels; ++c) d[c] = angular(c) ? wrap(a[c] - b[c]) : a[c] - b[c];
  return d;
}

}  // namespace spear::rig
