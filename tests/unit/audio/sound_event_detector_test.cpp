#include "audio/sound_event_detector.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace spear::audio {
namespace {

using client::ObstacleView;
using client::RunnerView;
using net::RunnerMode;

constexpr double kFrame = 1.0 / 60.0;

RunnerView runner(std::uint32_t id = 1) {
  RunnerView r;
  r.frame.id = id;
  r.frame.speed = 400.f;
  r.followed = true;
  r.frame.pose[rig::Joint::Pelvis] = {0.f, -60.f};  // upright
  r.frame.pose[rig::Joint::Chest] = {8.f, -113.f};
  return r;
}

// Puts the torso at the heights of a falling body (y down: pelvis and chest above the ground).
void torso(RunnerView& r, float pelvis_y, float chest_y) {
  r.frame.pose[rig::Joint::Pelvis] = {0.f, pelvis_y};
  r.frame.pose[rig::Joint::Chest] = {40.f, chest_y};
}

// Sets one foot's contact flag and drawn height (y down: negative is above the ground).
void foot(RunnerView& r, int which, bool contact, float y) {
  (which == 0 ? r.frame.pose.contact_near : r.frame.pose.contact_far) = contact;
  r.frame.pose[which == 0 ? rig::Joint::FootNear : rig::Joint::FootFar] = {0.f, y};
}

int count(const std::vector<SoundEvent>& events, SoundKind kind) {
  int n = 0;
  for (const SoundEvent& e : events) n += e.kind == kind;
  return n;
}

// A run's contact pattern: each foot down for 10 frames of every 24, half a cycle apart.
bool planted(int frame, int which) { return (frame + 12 * which) % 24 < 10; }

TEST(SoundEventDetector, EachTouchDownIsOneFootstep) {
  SoundEventDetector d;
  std::vector<SoundEvent> all;
  int touch_downs = 0;
  for (int i = 0; i < 120; ++i) {
    RunnerView r = runner();
    for (int f = 0; f < 2; ++f) {
      const bool down = planted(i, f);
      foot(r, f, down, down ? 0.f : -8.f);
      if (i > 0 && down && !planted(i - 1, f)) ++touch_downs;
    }
    for (const SoundEvent& e : d.update(i * kFrame, &r, {})) all.push_back(e);
  }
  ASSERT_EQ(touch_downs, 9);  // the pattern: frames 24, 48, ... near; 12, 36, ... far
  EXPECT_EQ(count(all, SoundKind::Footstep), touch_downs);
  EXPECT_EQ(all.size(), static_cast<std::size_t>(touch_downs));
  // Each at the time of the frame its foot came down.
  EXPECT_NEAR(all.front().t, 12 * kFrame, 1e-9);
  EXPECT_NEAR(all[1].t, 24 * kFrame, 1e-9);
}

// The step is heard when the foot is drawn landing, not when its flag says so: a blended pose
// takes its flags from the nearer snapshot, a frame or two off the drawn touch-down.
TEST(SoundEventDetector, AFootIsHeardOnTheFrameItIsDrawnLandingWhateverItsFlag) {
  SoundEventDetector d;
  RunnerView r = runner();
  foot(r, 0, false, -8.f);
  foot(r, 1, true, 0.f);
  d.update(0.0, &r, {});
  foot(r, 0, true, -3.f);  // flagged, drawn 3 units up (a blended frame)
  EXPECT_TRUE(d.update(kFrame, &r, {}).empty());
  foot(r, 0, false, -0.6f);  // within a unit of the ground line, its flag not yet on
  const auto e = d.update(2 * kFrame, &r, {});
  ASSERT_EQ(e.size(), 1u);
  EXPECT_EQ(e[0].kind, SoundKind::Footstep);
  EXPECT_NEAR(e[0].t, 2 * kFrame, 1e-12);
  foot(r, 0, true, 0.f);  // still planted, the flag now on: no second step
  EXPECT_TRUE(d.update(3 * kFrame, &r, {}).empty());
  foot(r, 0, true, -4.f);  // lifted (the flag lagging), then down again: the next step
  EXPECT_TRUE(d.update(4 * kFrame, &r, {}).empty());
  foot(r, 0, true, 0.f);
  EXPECT_EQ(count(d.update(5 * kFrame, &r, {}), SoundKind::Footstep), 1);
}

TEST(SoundEventDetector, TheFirstFrameOfARunnerOnlyTakesItIn) {
  SoundEventDetector d;
  RunnerView a = runner(1);
  foot(a, 0, true, 0.f);
  a.frame.mode = RunnerMode::Thrusting;
  EXPECT_TRUE(d.update(0.0, &a, {}).empty());
  RunnerView b = runner(2);  // Tab to another runner, mid-fall with a foot down
  foot(b, 1, true, 0.f);
  b.frame.mode = RunnerMode::Falling;
  EXPECT_TRUE(d.update(kFrame, &b, {}).empty());
  EXPECT_TRUE(d.update(2 * kFrame, nullptr, {}).empty());
}

TEST(SoundEventDetector, AThrustStartingIsOneWhoosh) {
  SoundEventDetector d;
  std::vector<SoundEvent> all;
  for (int i = 0; i < 60; ++i) {
    RunnerView r = runner();
    r.frame.mode = i >= 10 && i < 30 ? RunnerMode::Thrusting : RunnerMode::Running;
    for (const SoundEvent& e : d.update(i * kFrame, &r, {})) all.push_back(e);
  }
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].kind, SoundKind::Whoosh);
  EXPECT_NEAR(all[0].t, 10 * kFrame, 1e-12);
}

// The crash is heard when the body is drawn reaching the ground (0.5 s after the fall starts),
// not when the fall starts, and once: the bounce after it is silent.
TEST(SoundEventDetector, AFallIsOneThudOnTheFrameTheBodyLands) {
  SoundEventDetector d;
  std::vector<SoundEvent> all;
  for (int i = 0; i < 90; ++i) {
    RunnerView r = runner();
    r.frame.mode = i < 20 ? RunnerMode::Running : i < 70 ? RunnerMode::Falling : RunnerMode::Down;
    if (i >= 20) {
      // Falling from the pelvis at 60 to 11 by frame 52, bouncing to 16 at 56, lying at 12.
      const float p = i < 52   ? 60.f - 49.f * static_cast<float>(i - 20) / 32.f
                      : i < 56 ? 11.f + 5.f * static_cast<float>(i - 52) / 4.f
                               : 12.f;
      torso(r, -p, -p - 6.f);
    }
    for (const SoundEvent& e : d.update(i * kFrame, &r, {})) all.push_back(e);
  }
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].kind, SoundKind::Thud);
  // The pelvis comes within 14 units of the ground at frame 50 (60 − 49·30/32 = 14.06 at 50).
  EXPECT_NEAR(all[0].t, 51 * kFrame, 1e-12);
}

// A jump: both feet leaving the ground is one take-off, the first foot back one landing (no
// footstep for it), the other foot after it a footstep; a run's flight phase is not a take-off.
TEST(SoundEventDetector, AJumpIsATakeOffAndALanding) {
  SoundEventDetector d;
  std::vector<SoundEvent> all;
  for (int i = 0; i < 60; ++i) {
    RunnerView r = runner();
    r.frame.mode = i >= 10 && i < 40 ? RunnerMode::Jumping : RunnerMode::Running;
    const bool air = i >= 15 && i < 35;
    foot(r, 0, !air || i == 35, air ? -30.f : 0.f);
    foot(r, 1, !air && i != 35 && i != 36, air || i == 35 || i == 36 ? -20.f : 0.f);
    if (i == 5) foot(r, 0, false, -10.f);  // a running flight: both feet up, not jumping
    if (i == 5) foot(r, 1, false, -10.f);
    for (const SoundEvent& e : d.update(i * kFrame, &r, {})) all.push_back(e);
  }
  ASSERT_EQ(all.size(), 5u);
  EXPECT_EQ(all[0].kind, SoundKind::Footstep);  // the running flight's touch-downs at 6
  EXPECT_EQ(all[1].kind, SoundKind::Footstep);
  EXPECT_EQ(all[2].kind, SoundKind::TakeOff);
  EXPECT_NEAR(all[2].t, 15 * kFrame, 1e-12);
  EXPECT_EQ(all[3].kind, SoundKind::Landing);
  EXPECT_NEAR(all[3].t, 35 * kFrame, 1e-12);
  EXPECT_EQ(all[4].kind, SoundKind::Footstep);
  EXPECT_NEAR(all[4].t, 37 * kFrame, 1e-12);
}

ObstacleView target(std::uint32_t index, bool broken, float age) {
  ObstacleView o;
  o.obstacle.index = index;
  o.obstacle.kind = sim::ObstacleKind::Target;
  o.broken = broken;
  o.broken_age = age;
  return o;
}

TEST(SoundEventDetector, ABreakIsOneCrunchAndOldBreaksAreSilent) {
  SoundEventDetector d;
  const RunnerView r = runner();
  std::vector<ObstacleView> obstacles = {target(4, false, 0.f), target(5, true, 9.f)};
  d.update(0.0, &r, obstacles);
  std::vector<SoundEvent> all;
  for (int i = 1; i < 60; ++i) {
    const bool broken = i >= 20;
    obstacles[0] = target(4, broken, broken ? static_cast<float>((i - 20) * kFrame) : 0.f);
    obstacles[1] = target(5, true, 9.f + static_cast<float>(i * kFrame));  // broke long ago
    for (const SoundEvent& e : d.update(i * kFrame, &r, obstacles)) all.push_back(e);
  }
  ASSERT_EQ(all.size(), 1u);
  EXPECT_EQ(all[0].kind, SoundKind::Crunch);
  EXPECT_NEAR(all[0].t, 20 * kFrame, 1e-12);
  // A target first seen already broken, and long ago: passed by, not broken now.
  obstacles.push_back(target(6, true, 2.f));
  EXPECT_TRUE(d.update(60 * kFrame, &r, obstacles).empty());
  // The same target broken again in a later run (its age starts over): heard again.
  obstacles[0] = target(4, true, 0.01f);
  EXPECT_EQ(count(d.update(61 * kFrame, &r, obstacles), SoundKind::Crunch), 1);
}

}  // namespace
}  // namespace spear::audio
