// The collision rule over a sweep of press times (issue 15, "collisions you can see"): a crash
// happens exactly when a part drawn at full strength meets a standing obstacle as drawn, the far
// limbs never crash, nothing goes through an unbroken target, and a hit hurdle topples.
//
// "As drawn" is rebuilt here from the renderer's own pieces (client::build_limb's triangles with
// the widths of rig/figure_shape.hpp, the head disc), not from the sim's capsules.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

#include "render/limb_geometry.hpp"
#include "rig/figure_shape.hpp"
#include "sim/bot.hpp"
#include "sim/collision.hpp"
#include "sim/pace.hpp"
#include "sim/runner.hpp"

namespace spear::sim {
namespace {

using rig::Joint;
using rig::Vec2;

struct Box {
  double x0, x1, y0, y1;
};

Box grown(const Obstacle& o, double by) {
  const WorldBox b = obstacle_box(o);
  return {b.x0 - by, b.x1 + by, b.y0 - by, b.y1 + by};
}

// Separating axis test: triangle (world points) against an axis-aligned box.
bool triangle_overlaps(const double (&p)[3][2], const Box& b) {
  double lo[2] = {1e30, 1e30}, hi[2] = {-1e30, -1e30};
  for (const auto& v : p) {
    for (int a = 0; a < 2; ++a) {
      lo[a] = std::min(lo[a], v[a]);
      hi[a] = std::max(hi[a], v[a]);
    }
  }
  if (hi[0] < b.x0 || lo[0] > b.x1 || hi[1] < b.y0 || lo[1] > b.y1) return false;
  const double corners[4][2] = {{b.x0, b.y0}, {b.x1, b.y0}, {b.x0, b.y1}, {b.x1, b.y1}};
  for (int e = 0; e < 3; ++e) {
    const double* a = p[e];
    const double* c = p[(e + 1) % 3];
    const double nx = -(c[1] - a[1]), ny = c[0] - a[0];
    double tmin = 1e30, tmax = -1e30;
    for (const auto& v : p) {
      const double t = v[0] * nx + v[1] * ny;
      tmin = std::min(tmin, t);
      tmax = std::max(tmax, t);
    }
    double bmin = 1e30, bmax = -1e30;
    for (const auto& v : corners) {
      const double t = v[0] * nx + v[1] * ny;
      bmin = std::min(bmin, t);
      bmax = std::max(bmax, t);
    }
    if (tmax < bmin || bmax < tmin) return false;
  }
  return true;
}

bool disc_overlaps(double cx, double cy, double r, const Box& b) {
  const double dx = std::max({b.x0 - cx, 0.0, cx - b.x1});
  const double dy = std::max({b.y0 - cy, 0.0, cy - b.y1});
  return dx * dx + dy * dy <= r * r;
}

class DrawnFigure {
 public:
  // Does the hose root → mid → tip, drawn with these widths at `distance`, overlap the box?
  bool hose_overlaps(Vec2 root, Vec2 mid, Vec2 tip, float w0, float w1, double distance,
                     const Box& b) {
    client::LimbStyle style;
    style.root_width = w0;
    style.tip_width = w1;
    client::build_limb(root, mid, tip, style, geometry_);
    const auto& t = geometry_.triangles;
    for (std::size_t i = 0; i + 2 < t.size(); i += 3) {
      double p[3][2];
      for (int k = 0; k < 3; ++k) {
        p[k][0] = distance + t[i + k].x;
        p[k][1] = t[i + k].y;
      }
      if (triangle_overlaps(p, b)) return true;
    }
    return false;
  }

  bool full_strength_overlaps(const rig::Pose& q, double d, const Box& b) {
    const Vec2 pelvis = q[Joint::Pelvis], chest = q[Joint::Chest], head = q[Joint::Head];
    const float head_r = std::max(q.head_r, rig::kMinHeadRadius);
    if (disc_overlaps(d + head.x, head.y, head_r, b)) return true;
    if (hose_overlaps(pelvis, rig::lerp(pelvis, chest, 0.5f), chest, rig::kTorsoPelvisWidth,
                      rig::kTorsoChestWidth, d, b))
      return true;
    Vec2 end;
    if (rig::neck_end(chest, head, head_r, end) &&
        hose_overlaps(chest, rig::lerp(chest, end, 0.5f), end, rig::kNeckWidth, rig::kNeckWidth, d,
                      b))
      return true;
    return hose_overlaps(q[Joint::Shoulder], q[Joint::ElbowNear], q[Joint::HandNear],
                         rig::kLimbRootWidth, rig::kLimbTipWidth, d, b) ||
           hose_overlaps(q[Joint::Hip], q[Joint::KneeNear], q[Joint::FootNear], rig::kLimbRootWidth,
                         rig::kLimbTipWidth, d, b);
  }

  bool far_limbs_overlap(const rig::Pose& q, double d, const Box& b) {
    const float s = rig::kFarLimbWidthScale;
    return hose_overlaps(q[Joint::Shoulder], q[Joint::ElbowFar], q[Joint::HandFar],
                         rig::kLimbRootWidth * s, rig::kLimbTipWidth * s, d, b) ||
           hose_overlaps(q[Joint::Hip], q[Joint::KneeFar], q[Joint::FootFar],
                         rig::kLimbRootWidth * s, rig::kLimbTipWidth * s, d, b);
  }

 private:
  client::LimbGeometry geometry_;
};

bool spear_joint(std::size_t j) {
  return j == static_cast<std::size_t>(Joint::SpearTail) ||
         j == static_cast<std::size_t>(Joint::SpearTip);
}

double front_joint(const RunnerState& s) {
  double x = -1e30;
  for (std::size_t j = 0; j < rig::kJointCount; ++j) {
    if (!spear_joint(j)) x = std::max(x, s.distance + s.pose.joints[j].x);
  }
  return x;
}

// A runner about 1.2 s before obstacle `index`, brought there by a perfect bot.
struct Approach {
  RunnerState state;
  int contact = 0;  // ticks from `state` to the crash when nothing is pressed
};

bool approach(std::uint64_t seed, const Course& c, std::uint32_t index, Approach& out) {
  RunnerState s = new_runner_state();
  BotController bot(1.f, seed);
  for (Tick tick = 0; tick < 60u * 120u; ++tick) {
    if (s.next_obstacle == index) {
      const Obstacle o = c.obstacle(index);
      if (o.x - (s.distance + body_front(s.pose)) <= ground_speed_at(s.distance) * 1.2) {
        out.state = s;
        RunnerState idle = s;
        for (out.contact = 0; out.contact < 300; ++out.contact) {
          if (step_runner(idle, nullptr, c).crashed) break;
        }
        return true;
      }
    }
    const Input in = bot.decide(s, c, tick);
    step_runner(s, &in, c);
    if (!runner_alive(s)) return false;
  }
  return false;
}

struct Tally {
  int trials = 0, crashes = 0, clears = 0, far_only_touches = 0, target_crashes = 0,
      hurdle_crashes = 0;
};

constexpr double kTolerance = 0.5;    // units: the crash tick's drawn overlap (targets: touching)
constexpr double kFloatSlack = 1e-3;  // units: float noise in the drawn triangles

// Presses `button` after `k` idle ticks and checks every tick until the obstacle is passed or
// the runner has lain down after hitting it.
void trial(const Approach& a, const Course& c, std::uint32_t index, int k, Button button,
           DrawnFigure& fig, Tally& tally) {
  const Obstacle o = c.obstacle(index);
  RunnerState s = a.state;
  Input press;
  press.press(button);
  int crash_tick = -1;
  ++tally.trials;
  for (int t = 0; t < k + 150; ++t) {
    const bool was_alive = runner_alive(s);
    const RunnerEvents ev = step_runner(s, t == k ? &press : nullptr, c);
    const bool near = s.distance + s.pose[Joint::Pelvis].x > o.x - 150.0 &&
                      s.distance + s.pose[Joint::Pelvis].x < o.far_x() + 150.0;
    const bool standing = !obstacle_down(s, index);
    if (ev.crashed) {
      ASSERT_EQ(ev.obstacle, index) << "press tick " << k;
      crash_tick = t;
      ++tally.crashes;
      // A full-strength part meets the obstacle as drawn.
      EXPECT_TRUE(fig.full_strength_overlaps(s.pose, s.distance, grown(o, kTolerance)))
          << "crash with no full-strength part on obstacle " << index << ", press tick " << k;
      if (o.kind == ObstacleKind::Hurdle) {
        ++tally.hurdle_crashes;
        EXPECT_TRUE(ev.toppled_hurdle);
        EXPECT_TRUE(hurdle_toppled(s, index));
      } else {
        ++tally.target_crashes;
        EXPECT_FALSE(target_broken(s, index));
      }
    } else if (was_alive && near && standing) {
      // No crash: nothing drawn at full strength is on the obstacle.
      EXPECT_FALSE(fig.full_strength_overlaps(s.pose, s.distance, grown(o, -kFloatSlack)))
          << "full-strength part on obstacle " << index << " without a crash, press tick " << k
          << ", tick " << t;
      if (fig.far_limbs_overlap(s.pose, s.distance, grown(o, -kFloatSlack))) {
        ++tally.far_only_touches;
      }
    }
    if (o.kind == ObstacleKind::Target && standing) {
      // Nothing of the body goes through a standing target; once the runner has recoiled from
      // it (0.25 s after the crash), nothing is even past its near face.
      EXPECT_LE(front_joint(s), o.far_x()) << "press tick " << k << ", tick " << t;
      if (crash_tick >= 0 && t >= crash_tick + 15) {
        EXPECT_LE(front_joint(s), o.x + kFloatSlack) << "press tick " << k << ", tick " << t;
      }
    }
    if (ev.cleared == index) ++tally.clears;
    if (crash_tick < 0 && s.next_obstacle > index)
      return;  // cleared (a tripped runner may
               // slide over a toppled hurdle)
    if (crash_tick >= 0 && t >= crash_tick + 60) break;
  }
  ASSERT_GE(crash_tick, 0) << "neither passed nor crashed, press tick " << k;
  if (o.kind == ObstacleKind::Target) {
    // It fell back and lies behind the target, which still stands.
    EXPECT_EQ(s.rig.motion, rig::Motion::FallBack);
    EXPECT_LE(s.distance + body_front(s.pose), o.x);
    EXPECT_EQ(s.next_obstacle, index);
  } else {
    EXPECT_EQ(s.rig.motion, rig::Motion::Fall);
    EXPECT_TRUE(hurdle_toppled(s, index));
  }
}

void sweep(ObstacleKind kind, Button button, Tally& tally) {
  DrawnFigure fig;
  for (std::uint64_t seed = 1; seed <= 3; ++seed) {
    const Course c(seed);
    int found = 0;
    for (std::uint32_t i = 0; i < 12 && found < 3; ++i) {
      if (c.obstacle(i).kind != kind) continue;
      ++found;
      Approach a;
      ASSERT_TRUE(approach(seed, c, i, a)) << "seed " << seed << " obstacle " << i;
      for (int k = 0; k <= a.contact + 1; k += 2) {
        trial(a, c, i, k, button, fig, tally);
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
    ASSERT_EQ(found, 3) << "seed " << seed;
  }
  std::printf(
      "%d trials: %d crashes (%d hurdles, %d targets), %d clears, %d ticks with only a far "
      "limb on the obstacle\n",
      tally.trials, tally.crashes, tally.hurdle_crashes, tally.target_crashes, tally.clears,
      tally.far_only_touches);
}

TEST(CollisionRule, JumpSweepOverHurdlesCrashesOnlyOnWhatIsDrawn) {
  Tally t;
  sweep(ObstacleKind::Hurdle, Button::Jump, t);
  // The sweep saw both outcomes, and the far limbs on a hurdle without a crash.
  EXPECT_GT(t.crashes, 10);
  EXPECT_GT(t.clears, 10);
  EXPECT_EQ(t.hurdle_crashes, t.crashes);
  EXPECT_GT(t.far_only_touches, 0);
}

TEST(CollisionRule, ThrustSweepBeforeTargetsNeverGoesThroughOne) {
  Tally t;
  sweep(ObstacleKind::Target, Button::Thrust, t);
  EXPECT_GT(t.crashes, 10);
  EXPECT_GT(t.clears, 10);
  EXPECT_EQ(t.target_crashes, t.crashes);
}

// Leaping into a target crashes too (the body meets it), and the runner still ends behind it.
TEST(CollisionRule, JumpSweepBeforeTargetsStopsAtTheNearFace) {
  Tally t;
  sweep(ObstacleKind::Target, Button::Jump, t);
  EXPECT_EQ(t.clears, 0);
  EXPECT_EQ(t.target_crashes, t.trials);
}

}  // namespace
}  // namespace spear::sim
