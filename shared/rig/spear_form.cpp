#include "rig/spear_form.hpp"

#include <cmath>

#include "rig/det_math.hpp"
#include "rig/skeleton.hpp"

namespace spear::rig {

namespace {

constexpr Ease S = Ease::Smooth;
constexpr Ease O = Ease::OutCubic;
constexpr float kPi = 3.14159265f;

// t, angle, grip, along, lean, shift, crouch, stance, lift, sy, ease, name
constexpr FormWaypoint kReady{0.0f, -1.1f, {16.f, 28.f}, 40.f, 0.05f, 0.f,
                              4.f,  30.f,  0.f,          1.f,  S,     "ready"};
constexpr FormWaypoint kWaypoints[] = {
    kReady,
    {1.0f, -0.15f, {4.f, -46.f}, 54.f, 0.0f, -4.f, 10.f, 44.f, 0.f, 1.f, S, "high guard"},
    {1.8f, -0.15f, {4.f, -46.f}, 54.f, 0.0f, -4.f, 10.f, 44.f, 0.f, 1.f, S, "high guard (hold)"},
    {2.2f, -0.06f, {34.f, -10.f}, 28.f, 0.35f, 12.f, 14.f, 56.f, 0.f, 0.97f, O, "high thrust"},
    {3.0f,
     -0.06f,
     {34.f, -10.f},
     28.f,
     0.35f,
     12.f,
     14.f,
     56.f,
     0.f,
     0.97f,
     S,
     "high thrust (hold)"},
    {3.8f, 0.42f, {14.f, 32.f}, 50.f, 0.15f, 0.f, 18.f, 50.f, 0.f, 1.f, S, "low guard"},
    {4.15f, 0.3f, {28.f, 26.f}, 26.f, 0.5f, 14.f, 22.f, 60.f, 0.f, 0.95f, O, "low thrust"},
    {4.9f, 0.3f, {28.f, 26.f}, 26.f, 0.5f, 14.f, 22.f, 60.f, 0.f, 0.95f, S, "low thrust (hold)"},
    {5.7f, 2.75f, {-4.f, 30.f}, 54.f, -0.05f, -8.f, 24.f, 56.f, 0.f, 1.f, S, "sweep wind-up"},
    {6.2f, 0.35f, {22.f, 30.f}, 54.f, 0.25f, 8.f, 24.f, 56.f, 0.f, 0.96f, O, "low sweep"},
    {6.9f, 0.35f, {22.f, 30.f}, 54.f, 0.25f, 8.f, 24.f, 56.f, 0.f, 0.96f, S, "low sweep (hold)"},
    {7.6f, -1.2f, {2.f, -46.f}, 54.f, 0.0f, 0.f, 6.f, 36.f, 0.f, 1.f, S, "overhead turn"},
    {8.0f,
     -2.7f,
     {0.f, -47.f},
     54.f,
     -0.05f,
     0.f,
     6.f,
     36.f,
     8.f,
     1.f,
     Ease::Linear,
     "overhead turn, back"},
    {8.4f,
     2.1f,
     {2.f, -46.f},
     54.f,
     0.0f,
     0.f,
     6.f,
     36.f,
     18.f,
     1.f,
     Ease::Linear,
     "overhead turn, crane"},
    {8.8f, 0.6f, {12.f, 22.f}, 48.f, 0.1f, 2.f, 12.f, 44.f, 0.f, 1.f, S, "turn ends in guard"},
    {9.6f, -1.45f, {20.f, 18.f}, 78.f, 0.1f, 6.f, 18.f, 60.f, 0.f, 0.96f, S, "braced finish"},
    {10.6f,
     -1.45f,
     {20.f, 18.f},
     78.f,
     0.1f,
     6.f,
     18.f,
     60.f,
     0.f,
     0.96f,
     S,
     "braced finish (hold)"},
    {11.6f, kReady.spear_angle, kReady.grip, kReady.along, kReady.lean, kReady.shift, kReady.crouch,
     kReady.stance, kReady.lift, kReady.sy, S, "ready (closing key)"},
};
static_assert(sizeof(kWaypoints) / sizeof(kWaypoints[0]) == kFormPoses + 1);

float wrap_pi(float a) {
  while (a > kPi) a -= 2.f * kPi;
  while (a < -kPi) a += 2.f * kPi;
  return a;
}

}  // namespace

std::span<const FormWaypoint> form_waypoints() { return kWaypoints; }

float form_duration() { return kWaypoints[kFormPoses].t; }

bool form_valid() {
  const auto w = form_waypoints();
  if (w.size() != static_cast<std::size_t>(kFormPoses) + 1 || w.front().t != 0.f) return false;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!(w[i].t > w[i - 1].t)) return false;
    if (std::fabs(wrap_pi(w[i].spear_angle - w[i - 1].spear_angle)) >= kPi - 0.05f) return false;
  }
  const FormWaypoint& a = w.front();
  const FormWaypoint& b = w.back();
  return a.spear_angle == b.spear_angle && a.grip == b.grip && a.along == b.along &&
         a.lean == b.lean && a.shift == b.shift && a.crouch == b.crouch && a.stance == b.stance &&
         a.lift == b.lift && a.sy == b.sy;
}

FormWaypoint sample_form(float t, int* segment, float* progress) {
  const float dur = form_duration();
  float tt = std::isfinite(t) ? std::fmod(t, dur) : 0.f;
  if (tt < 0.f) tt += dur;
  int i = 0;
  while (i + 1 < kFormPoses && kWaypoints[i + 1].t <= tt) ++i;
  const FormWaypoint& a = kWaypoints[i];
  const FormWaypoint& b = kWaypoints[i + 1];
  const float u = apply_ease(b.ease, (tt - a.t) / (b.t - a.t));
  if (segment) *segment = i;
  if (progress) *progress = u;
  FormWaypoint r = a;
  r.t = tt;
  r.spear_angle = a.spear_angle + wrap_pi(b.spear_angle - a.spear_angle) * u;
  r.grip = lerp(a.grip, b.grip, u);
  r.along = lerp(a.along, b.along, u);
  r.lean = lerp(a.lean, b.lean, u);
  r.shift = lerp(a.shift, b.shift, u);
  r.crouch = lerp(a.crouch, b.crouch, u);
  r.stance = lerp(a.stance, b.stance, u);
  r.lift = lerp(a.lift, b.lift, u);
  r.sy = lerp(a.sy, b.sy, u);
  return r;
}

FormPose form_pose_at(float t) {
  int seg = 0;
  sample_form(t, &seg);
  // Moving into waypoint seg + 1; a hold's second waypoint repeats the pose before it.
  int to = seg + 1;
  FormPose out;
  const auto same = [](const FormWaypoint& a, const FormWaypoint& b) {
    return a.spear_angle == b.spear_angle && a.grip == b.grip && a.lean == b.lean &&
           a.crouch == b.crouch && a.stance == b.stance && a.shift == b.shift && a.lift == b.lift;
  };
  if (same(kWaypoints[to], kWaypoints[seg])) {
    out.hold = true;
    to = seg;
  }
  if (to == kFormPoses) to = 0;  // the closing key is the first pose
  out.name = kWaypoints[to].name;
  if (const auto cut = out.name.find(" ("); cut != std::string_view::npos)
    out.name = out.name.substr(0, cut);
  return out;
}

namespace {

// Feet of a waypoint: the near foot back, the far foot forward; a raised front foot comes in under
// the body.
void form_feet(const FormWaypoint& w, Vec2 feet[2]) {
  feet[0] = {-w.stance * 0.5f, 0.f};
  feet[1] = {lerp(w.stance * 0.5f, w.shift + 10.f, clamp01(w.lift / 18.f)), -w.lift};
}

constexpr float kStepLift = 5.f;  // units a foot is lifted when it steps to a new stance

}  // namespace

BodyTargets form_body(float t) {
  int seg = 0;
  float u = 0.f;
  const FormWaypoint w = sample_form(t, &seg, &u);
  BodyTargets b;
  b.pelvis = {w.shift, -kHipHeight + w.crouch};
  b.lean = w.lean;
  b.head_tilt = -0.5f * w.lean;  // eyes level, on the opponent
  form_feet(w, b.foot);
  // A foot that changes place steps there (lifted, not planted) instead of sliding.
  Vec2 from[2], to[2];
  form_feet(kWaypoints[seg], from);
  form_feet(kWaypoints[seg + 1], to);
  for (int i = 0; i < 2; ++i) {
    const bool moving = std::fabs(from[i].x - to[i].x) > 0.01f && u > 0.f && u < 1.f;
    if (moving) b.foot[i].y -= kStepLift * dsin(kPi * u);
    b.contact[i] = !moving && b.foot[i].y >= 0.f;
  }
  hold_spear(b, SpearHold{w.grip, w.spear_angle, w.along});
  b.sy = w.sy;
  return b;
}

}  // namespace spear::rig
