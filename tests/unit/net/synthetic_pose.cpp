#include "synthetic_pose.hpp"

#include <cmath>
#include <numbers>

#include "rig/skeleton.hpp"

namespace spear::net::test {
namespace {
using rig::Joint;
using rig::Vec2;
constexpr double kPi = std::numbers::pi;
// Direction of a bone at angle a from straight down, positive forward (+x): rig.md §4.
Vec2 down_dir(double a) {
  return {static_cast<float>(std::sin(a)), static_cast<float>(std::cos(a))};
}
}  // namespace

rig::Pose synthetic_running_pose(double time, double phase_offset) {
  const double cadence = 2.55;
  const double ph = 2.0 * kPi * (time * cadence + phase_offset);
  // A jump every 2.3 s lasting 0.62 s: lift up to 110 units, squash at take-off and landing.
  const double jt = std::fmod(time + phase_offset * 2.3, 2.3) / 0.62;
  double lift = 0.0, sy = 1.0;
  if (jt < 1.0) {
    lift = 110.0 * std::sin(kPi * jt);
    sy = 1.0 + 0.14 * std::sin(2.0 * kPi * jt) - 0.1 * std::sin(kPi * jt) * std::sin(kPi * jt);
  }
  const double sx = 1.0 + (1.0 - sy) * 0.7;

  rig::Pose p;
  const double lean = 0.2 + 0.03 * std::sin(2.0 * ph);
  const Vec2 pelvis{static_cast<float>(3.0 * std::sin(ph)),
                    static_cast<float>(-62.0 + 5.0 * std::fabs(std::sin(ph)) - lift)};
  p[Joint::Pelvis] = pelvis;
  p[Joint::Hip] = pelvis;
  p[Joint::Chest] = pelvis + down_dir(kPi - lean) * rig::kSpine;
  p[Joint::Shoulder] = p[Joint::Chest];
  p[Joint::Head] = p[Joint::Chest] + down_dir(kPi - lean * 0.5) * (rig::kNeck + rig::kHeadR);
  for (int side = 0; side < 2; ++side) {
    const double s = side == 0 ? 0.0 : kPi;
    const double thigh = 0.7 * std::sin(ph + s);
    const double knee = 0.2 + 0.9 * (0.5 + 0.5 * std::sin(ph + s + 1.2));
    const Vec2 k = p[Joint::Hip] + down_dir(thigh) * rig::kThigh;
    const Vec2 f = k + down_dir(thigh - knee) * rig::kShin;
    p[side == 0 ? Joint::KneeNear : Joint::KneeFar] = k;
    p[side == 0 ? Joint::FootNear : Joint::FootFar] = f;
    // Both hands on the spear: the arm swings a little around a carrying pose.
    const double up = 0.9 + 0.15 * std::sin(ph - s) + (side == 0 ? 0.25 : -0.1);
    const double flex = 1.1 + 0.1 * std::cos(ph);
    const Vec2 e = p[Joint::Shoulder] + down_dir(up) * rig::kUpperArm;
    const Vec2 h = e + down_dir(up + flex) * rig::kForearm;
    p[side == 0 ? Joint::ElbowNear : Joint::ElbowFar] = e;
    p[side == 0 ? Joint::HandNear : Joint::HandFar] = h;
  }
  const double spear_angle = -0.25 + 0.05 * std::sin(ph);  // radians above horizontal
  const Vec2 dir{static_cast<float>(std::cos(spear_angle)),
                 static_cast<float>(std::sin(spear_angle))};
  p[Joint::SpearTail] = p[Joint::HandNear] - dir * 40.f;
  p[Joint::SpearTip] = p[Joint::SpearTail] + dir * rig::kSpearLength;

  for (auto& j : p.joints) j = {static_cast<float>(j.x * sx), static_cast<float>(j.y * sy)};
  // As the rig does it: the neck and the spear keep their length under squash.
  const auto rigid = [&](Joint from, Joint to, float len) {
    const Vec2 d = p[to] - p[from];
    p[to] = p[from] + d * (len / rig::length(d));
  };
  rigid(Joint::Chest, Joint::Head, rig::kNeck + rig::kHeadR);
  rigid(Joint::SpearTail, Joint::SpearTip, rig::kSpearLength);
  p.sx = static_cast<float>(sx);
  p.sy = static_cast<float>(sy);
  p.head_r = rig::kHeadR * (p.sx + p.sy) * 0.5f;
  p.contact_near = std::sin(ph) > 0.3 && lift == 0.0;
  p.contact_far = std::sin(ph + kPi) > 0.3 && lift == 0.0;
  return p;
}

RunnerSnapshot synthetic_runner(RunnerId id, Tick tick) {
  const double t = tick / 60.0;
  RunnerSnapshot r;
  r.id = id;
  r.mode = RunnerMode::Running;
  r.distance = 382.5 * t + 10.0 * id;
  r.score = static_cast<std::uint32_t>(r.distance / 10.0) + 50 * (tick / 300);
  r.best = 1234;
  // A target every 5 s, and every fourth run of them missed: the combo grows and resets.
  r.combo = static_cast<std::uint8_t>((tick / 300 + id) % 4);
  r.pose = synthetic_running_pose(t, 0.137 * id);
  return r;
}

}  // namespace spear::net::test
