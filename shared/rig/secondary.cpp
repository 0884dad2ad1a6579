#include "rig/secondary.hpp"

#include <algorithm>
#include <cmath>

#include "rig/skeleton.hpp"

namespace spear::rig {

namespace {

constexpr float kSpringSubstep = 1.f / 240.f;  // s: semi-implicit Euler is stable far beyond this
constexpr float kHairDrag = 0.86f;
constexpr float kHairGravity = 30.f;  // the articles' g, applied as g·dt²·60
constexpr int kHairIterations = 6;
constexpr float kHairSubstep = 1.f / 60.f;  // the articles' frame: larger dt is split
constexpr float kMaxDt = 0.033f;            // the loop's clamp (rig.md §12)

float clamp_dt(float dt) { return std::isfinite(dt) ? std::clamp(dt, 0.f, kMaxDt) : 0.f; }

bool finite(Vec2 v) { return std::isfinite(v.x) && std::isfinite(v.y); }

// The sprung head put back at the neck's length from the chest, in the direction it swung to.
Vec2 rigid_neck(Vec2 chest, Vec2 sprung, float neck) {
  const Vec2 d = sprung - chest;
  const float len = length(d);
  return len > 1e-6f && std::isfinite(neck) ? chest + d * (neck / len) : sprung;
}

}  // namespace

Vec2 step_head_spring(HeadSpring& s, Vec2 target, float dt) {
  dt = clamp_dt(dt);
  if (!finite(target)) return s.pos;
  if (!s.initialised || !finite(s.pos) || !finite(s.vel)) {
    s.pos = target;
    s.vel = {};
    s.target = target;
    s.initialised = true;
    return s.pos;
  }
  if (dt <= 0.f) {
    // No time passes, but the neck still holds the head within reach of a moved target.
    const Vec2 lag = s.pos - target;
    const float len = length(lag);
    if (len > kHeadMaxLag) s.pos = target + lag * (kHeadMaxLag / len);
    s.target = target;
    return s.pos;
  }
  // The target moves linearly over the step; substeps keep semi-implicit Euler well inside its
  // stability limit for any clamped dt.
  const Vec2 from = s.target;
  const Vec2 target_vel = (target - from) * (1.f / dt);
  const int n = std::max(1, static_cast<int>(std::ceil(dt / kSpringSubstep)));
  const float h = dt / static_cast<float>(n);
  for (int i = 1; i <= n; ++i) {
    const Vec2 goal = lerp(from, target, static_cast<float>(i) / static_cast<float>(n));
    const Vec2 acc = (goal - s.pos) * kHeadStiffness + (target_vel - s.vel) * kHeadDamping;
    s.vel += acc * h;
    s.pos += s.vel * h;
    const Vec2 lag = s.pos - goal;
    const float len = length(lag);
    if (len > kHeadMaxLag) {
      // Held at the cap: drop the velocity that would stretch the neck further.
      const Vec2 dir = lag * (1.f / len);
      s.pos = goal + dir * kHeadMaxLag;
      const float out = dot(s.vel - target_vel, dir);
      if (out > 0.f) s.vel -= dir * out;
    }
  }
  s.target = target;
  return s.pos;
}

float hair_wind(float scroll_speed, bool airborne) {
  // Backwards (−x): a little always, more with speed, a kick in the air.
  const float speed = std::isfinite(scroll_speed) ? std::max(0.f, scroll_speed) : 0.f;
  return -(2.f + 0.16f * speed + (airborne ? 25.f : 0.f));
}

void step_hair(Hair& h, Vec2 pin, float wind_x, float dt) {
  dt = clamp_dt(dt);
  if (!std::isfinite(wind_x)) wind_x = 0.f;
  if (!h.initialised || !finite(h.cur[kHairPoints - 1])) {
    for (int i = 0; i < kHairPoints; ++i) {
      h.cur[i] = pin + Vec2{-kHairLink * static_cast<float>(i), 0.f};
      h.prev[i] = h.cur[i];
    }
    h.initialised = true;
  }
  const int n = std::max(1, static_cast<int>(std::ceil(dt / kHairSubstep - 1e-4f)));
  const float sub = dt / static_cast<float>(n);
  const Vec2 pin_from = h.cur[0];
  for (int k = 1; k <= n; ++k) {
    const float push = sub * sub * 60.f;
    for (int i = 1; i < kHairPoints; ++i) {
      const Vec2 v = (h.cur[i] - h.prev[i]) * kHairDrag;
      h.prev[i] = h.cur[i];
      h.cur[i] += v + Vec2{wind_x * push, kHairGravity * push};
    }
    const Vec2 p =
        k == n ? pin : lerp(pin_from, pin, static_cast<float>(k) / static_cast<float>(n));
    h.prev[0] = h.cur[0];
    h.cur[0] = p;
    // Distance constraints: the pinned point does not move, the others share the correction; the
    // last pass works outwards from the pin moving only the outer point, so every link ends at
    // exactly 9 units whatever the frame did.
    for (int it = 0; it < kHairIterations; ++it) {
      const bool last = it + 1 == kHairIterations;
      for (int i = 0; i + 1 < kHairPoints; ++i) {
        const Vec2 d = h.cur[i + 1] - h.cur[i];
        const float len = length(d);
        const Vec2 dir = len > 1e-6f ? d * (1.f / len) : Vec2{-1.f, 0.f};
        const Vec2 fix = dir * (len - kHairLink);
        if (i == 0 || last) {
          h.cur[i + 1] -= fix;
        } else {
          h.cur[i] += fix * 0.5f;
          h.cur[i + 1] -= fix * 0.5f;
        }
      }
    }
  }
}

SecondaryPose step_secondary(Secondary& s, const Pose& pose, float scroll_speed, bool airborne,
                             float dt) {
  SecondaryPose out;
  const Vec2 chest = pose[Joint::Chest];
  out.head = rigid_neck(chest, step_head_spring(s.head, pose[Joint::Head], dt),
                        distance(chest, pose[Joint::Head]));
  // The tuft grows from the back of the (sprung) head, a little above its centre.
  const Vec2 pin = out.head + Vec2{-0.85f, -0.5f} * pose.head_r;
  step_hair(s.hair, pin, hair_wind(scroll_speed, airborne), dt);
  out.hair = s.hair.cur;
  return out;
}

}  // namespace spear::rig
