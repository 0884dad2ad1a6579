#include "rig/secondary.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

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

// Beyond this a frame's move of the head is a cut (a restart, another runner), not a motion.
constexpr float kHeadCut = 80.f;      // units
constexpr float kSpringBound = 1.5f;  // rad: the spring's turn (drawn through a tanh below it)

Vec2 rotate(Vec2 v, float a) {
  const float c = std::cos(a), s = std::sin(a);
  return {v.x * c - v.y * s, v.x * s + v.y * c};
}

}  // namespace

Vec2 step_head_spring(HeadSpring& s, Vec2 chest, Vec2 head, float dt) {
  dt = clamp_dt(dt);
  if (!finite(chest) || !finite(head)) return head;
  const Vec2 neck = head - chest;
  const float len = length(neck);
  if (!s.initialised || !std::isfinite(s.turn) || !std::isfinite(s.rate) ||
      distance(head, s.target) > kHeadCut || len < 1e-3f) {
    s = HeadSpring{};
    s.target = head;
    s.initialised = true;
    return head;
  }
  if (dt > 0.f) {
    const Vec2 vel = (head - s.target) * (1.f / dt);
    if (s.moving) {
      // The head keeps its speed when the body's changes: in the frame of the neck that is a kick
      // of the opposite sign, and the part of it across the line to the head's centre of mass
      // turns the head. y is down and the figure faces +x: a turn of +a is a nod forward.
      const Vec2 up = neck * (1.f / len);
      const Vec2 mass = rotate(up, kHeadMassAhead);
      const Vec2 across = rotate(mass, std::numbers::pi_v<float> / 2.f);
      s.rate -= dot(vel - s.target_vel, across) / len;
    }
    s.target_vel = vel;
    s.moving = true;
    // Semi-implicit Euler in substeps: well inside its stability limit for any clamped dt.
    const int n = std::max(1, static_cast<int>(std::ceil(dt / kSpringSubstep)));
    const float h = dt / static_cast<float>(n);
    for (int i = 0; i < n; ++i) {
      s.rate += (-kHeadStiffness * s.turn - kHeadDamping * s.rate) * h;
      s.turn += s.rate * h;
    }
    // The spring's own state stays bounded whatever the jolts (a hitch, a bad pose).
    if (std::fabs(s.turn) > kSpringBound) {
      s.turn = std::copysign(kSpringBound, s.turn);
      if (s.rate * s.turn > 0.f) s.rate = 0.f;
    }
  }
  s.target = head;
  return chest + rotate(neck, kHeadMaxTurn * std::tanh(s.turn / kHeadMaxTurn));
}

float hair_wind(float scroll_speed, float air_seconds) {
  // Backwards (−x): a little always, more with speed, a kick as the figure takes off.
  const float speed = std::isfinite(scroll_speed) ? std::max(0.f, scroll_speed) : 0.f;
  const float kick = air_seconds >= 0.f && std::isfinite(air_seconds)
                         ? kHairKick * std::exp(-air_seconds / kHairKickTime)
                         : 0.f;
  return -(2.f + 0.16f * speed + kick);
}

void step_hair(Hair& h, Vec2 pin, Vec2 root_dir, float wind_x, float dt) {
  dt = clamp_dt(dt);
  if (!std::isfinite(wind_x)) wind_x = 0.f;
  const float root_len = finite(root_dir) ? length(root_dir) : 0.f;
  const Vec2 root = root_len > 1e-6f ? root_dir * (1.f / root_len) : Vec2{};
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
    const Vec2 p =
        k == n ? pin : lerp(pin_from, pin, static_cast<float>(k) / static_cast<float>(n));
    // The head's move this substep: every point rides with it; the drag acts on the rest.
    const Vec2 carry = p - h.cur[0];
    for (int i = 1; i < kHairPoints; ++i) {
      const Vec2 v = (h.cur[i] - h.prev[i] - carry) * kHairDrag + carry;
      h.prev[i] = h.cur[i];
      h.cur[i] += v + Vec2{wind_x * kHairWindShare[i - 1] * push, kHairGravity * push};
    }
    h.prev[0] = h.cur[0];
    h.cur[0] = p;
    // Bending: each point is drawn towards straight on from the link before it (the root's
    // link from root_dir), a share scaled to the substep.
    if (root_len > 1e-6f) {
      const float share = sub * 60.f;
      for (int i = 1; i < kHairPoints; ++i) {
        Vec2 d = i == 1 ? root : h.cur[i - 1] - h.cur[i - 2];
        const float len = length(d);
        if (!(len > 1e-6f)) continue;
        d = d * (1.f / len);
        const Vec2 straight = h.cur[i - 1] + d * kHairLink;
        h.cur[i] += (straight - h.cur[i]) * std::min(1.f, kHairBend[i - 1] * share);
      }
    }
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
  out.head = step_head_spring(s.head, chest, pose[Joint::Head], dt);
  // The tuft grows from the back of the (sprung) head, a little above its centre.
  const Vec2 pin = out.head + Vec2{-0.85f, -0.5f} * pose.head_r;
  const float step = clamp_dt(dt);
  s.air_seconds = !airborne ? -1.f : s.air_seconds < 0.f ? 0.f : s.air_seconds + step;
  step_hair(s.hair, pin, pin - out.head, hair_wind(scroll_speed, s.air_seconds), dt);
  out.hair = s.hair.cur;
  return out;
}

}  // namespace spear::rig
