// A runner the server re-simulates for a late input (fair input timing, rewind_ticks > 0) jumps
// to its new state in the sim; what other clients receive glides there instead
// (server/presentation_offset.hpp): per tick, no joint and not the anchor moves by more than the
// offset's bound beyond the runner's own motion, the difference is gone within a fraction of a
// second, and the sim's state and the own runner's check stay the true ones.
#include "server/presentation_offset.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

#include "net/messages.hpp"
#include "server/match_host.hpp"
#include "sim/runner_check.hpp"

namespace spear::server {
namespace {

constexpr int kTickRate = 60;
constexpr sim::Tick kRewindTicks = 15;
// Units per tick an offset may shrink by: the glide beyond the runner's own motion.
constexpr double kBound = PresentationOffset::kMaxSpeed / kTickRate + 1e-3;

net::RunnerSnapshot shown(const MatchHost& host, net::RunnerId wire) {
  for (const net::RunnerSnapshot& r : host.snapshot().runners)
    if (r.id == wire) return r;
  ADD_FAILURE() << "runner " << wire << " missing from the snapshot";
  return {};
}

// Largest distance of a joint between two poses in course space (anchor distance + joint).
double course_distance(const rig::Pose& a, double da, const rig::Pose& b, double db) {
  double worst = 0.0;
  for (std::size_t j = 0; j < rig::kJointCount; ++j)
    worst = std::max(worst, std::hypot((da + a.joints[j].x) - (db + b.joints[j].x),
                                       static_cast<double>(a.joints[j].y) - b.joints[j].y));
  return worst;
}

struct Frame {  // one tick: what the snapshot shows and the sim's (final) state
  net::RunnerSnapshot shown;
  sim::RunnerState truth;
};

// Largest per-tick move beyond the runner's own motion, for joints (anchor-relative) and anchor.
struct Beyond {
  double joint = 0.0, anchor = 0.0;
};
Beyond worst_beyond(const std::vector<Frame>& frames) {
  Beyond w;
  for (std::size_t t = 1; t < frames.size(); ++t) {
    const Frame &a = frames[t - 1], &b = frames[t];
    for (std::size_t j = 0; j < rig::kJointCount; ++j) {
      const rig::Vec2 shown_move = b.shown.pose.joints[j] - a.shown.pose.joints[j];
      const rig::Vec2 own_move = b.truth.pose.joints[j] - a.truth.pose.joints[j];
      const rig::Vec2 d = shown_move - own_move;
      w.joint = std::max(w.joint, static_cast<double>(std::hypot(d.x, d.y)));
    }
    w.anchor = std::max(w.anchor, std::abs((b.shown.distance - a.shown.distance) -
                                           (b.truth.distance - a.truth.distance)));
  }
  return w;
}

// A player running on its own for `ticks`, then a Jump stamped `late` ticks before the match's
// tick: the match re-simulates it from there. Returns the frames from the tick before the
// correction (as it was sent) on, with the sim's re-simulated states as the truth.
struct Rewound {
  std::vector<Frame> frames;
  double correction = 0.0;  // how far the re-simulation moved the figure (course space)
  bool check_true = true;   // every own-runner check hashed the sim's true state
};
Rewound rewind_a_jump(int ticks, sim::Tick late, int after) {
  MatchHost host(3, kTickRate, 1, 1.f, kRewindTicks);
  const auto wire = host.add_player("late jumper");
  EXPECT_TRUE(wire.has_value());
  Rewound out;
  if (!wire) return out;
  for (int i = 0; i < ticks; ++i) host.step();
  const sim::RunnerState before = host.runner(*wire)->state;
  out.frames.push_back({shown(host, *wire), before});
  net::InputFrame jump;
  jump.tick = host.tick() - late;
  jump.buttons = net::buttons::kJump;
  const InputCounts counts = host.submit(*wire, {&jump, 1});
  EXPECT_EQ(counts.accepted, 1);
  EXPECT_EQ(counts.late, 1);
  const sim::RunnerState resimulated = host.runner(*wire)->state;
  out.correction =
      course_distance(before.pose, before.distance, resimulated.pose, resimulated.distance);
  // Nothing stepped yet: the snapshot still shows what it showed.
  const net::RunnerSnapshot right_after = shown(host, *wire);
  EXPECT_LT(course_distance(right_after.pose, right_after.distance, out.frames[0].shown.pose,
                            out.frames[0].shown.distance),
            1e-3);
  // The runner's own motion from here on: the re-simulated trajectory.
  out.frames[0].truth = resimulated;
  for (int i = 0; i < after; ++i) {
    host.step();
    out.frames.push_back({shown(host, *wire), host.runner(*wire)->state});
    const auto own = host.own_runner_state(*wire, host.tick() - 1);
    if (!own) continue;
    const auto check = sim::decode_runner_check(own->sim_state, own->state_tick);
    if (!check) {
      out.check_true = false;
      continue;
    }
    // The hash is of the sim's state at its tick, never of what the snapshot shows.
    const auto hashed = host.match().state_after(*host.sim_id(*wire), check->hash_tick);
    if (!hashed || check->hash != sim::check_hash(*hashed)) out.check_true = false;
  }
  return out;
}

TEST(PresentationOffset, ARewoundJumpGlidesInForOtherClients) {
  const Rewound r = rewind_a_jump(90, 8, 60);
  // The re-simulation moved the figure a long way in one go (else nothing here is tested).
  ASSERT_GT(r.correction, 20.0);
  const Beyond w = worst_beyond(r.frames);
  EXPECT_LE(w.joint, kBound) << "a joint stepped beyond the runner's own motion";
  EXPECT_LE(w.anchor, kBound) << "the anchor stepped beyond the runner's own motion";
  // Gone within the fade: after 60 ticks the snapshot shows the true state exactly.
  const Frame& last = r.frames.back();
  EXPECT_EQ(last.shown.pose.joints, last.truth.pose.joints);
  EXPECT_EQ(last.shown.distance, last.truth.distance);
  EXPECT_TRUE(r.check_true);
}

TEST(PresentationOffset, EveryRewindWindowGlides) {
  // Late by 1 tick up to the whole window: each correction glides, bounded per tick.
  for (sim::Tick late = 1; late <= kRewindTicks; ++late) {
    const Rewound r = rewind_a_jump(90, late, 60);
    const Beyond w = worst_beyond(r.frames);
    EXPECT_LE(w.joint, kBound) << "late by " << late;
    EXPECT_LE(w.anchor, kBound) << "late by " << late;
    EXPECT_EQ(r.frames.back().shown.pose.joints, r.frames.back().truth.pose.joints);
    EXPECT_TRUE(r.check_true) << "late by " << late;
  }
}

TEST(PresentationOffset, FadesBoundedAndEnds) {
  sim::RunnerState a = sim::new_runner_state(), b = a;
  for (auto& j : b.pose.joints) j += rig::Vec2{0.f, -80.f};  // the whole figure 80 units up
  b.distance += 12.0;
  PresentationOffset o;
  o.correct(a, b);
  ASSERT_FALSE(o.idle());
  EXPECT_FLOAT_EQ(o.joints()[0].y, 80.f);
  EXPECT_DOUBLE_EQ(o.distance(), -12.0);
  const float dt = 1.f / kTickRate;
  int ticks = 0;
  float previous = 80.f;
  while (!o.idle() && ticks < 600) {
    o.fade(dt);
    const float now = o.idle() ? 0.f : o.joints()[0].y;
    EXPECT_LE(previous - now, kBound);
    EXPECT_GE(now, 0.f);
    previous = now;
    ++ticks;
  }
  EXPECT_TRUE(o.idle());
  // 80 units at 3 a tick, then the exponential tail: well under half a second.
  EXPECT_LT(ticks, 36);
  EXPECT_GE(ticks, 80.0 / (PresentationOffset::kMaxSpeed / kTickRate));
}

TEST(PresentationOffset, RestartsTheLabAndParkingAreCuts) {
  sim::RunnerState running = sim::new_runner_state(), restarted = running;
  running.distance = 2000.0;
  PresentationOffset o;
  o.correct(running, restarted);  // 2000 units back to the start: not a glide
  EXPECT_TRUE(o.idle());
  sim::RunnerState lab = running;
  lab.mode = sim::RunnerMode::Lab;
  lab.pose.joints[3] += rig::Vec2{5.f, 5.f};
  o.correct(running, lab);
  EXPECT_TRUE(o.idle());
  // A late Away parks the runner a few ticks earlier: it stands where the sim parked it.
  sim::RunnerState parked = running;
  parked.mode = sim::RunnerMode::Parked;
  parked.distance -= 20.0;
  o.correct(running, parked);
  EXPECT_TRUE(o.idle());
  // A real glide is dropped as well once the runner is parked.
  sim::RunnerState up = running;
  for (auto& j : up.pose.joints) j += rig::Vec2{0.f, -40.f};
  o.correct(running, up);
  EXPECT_FALSE(o.idle());
  EXPECT_TRUE(PresentationOffset::shows_exactly(parked));
  EXPECT_FALSE(PresentationOffset::shows_exactly(running));
}

}  // namespace
}  // namespace spear::server
