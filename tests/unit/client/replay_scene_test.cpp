// A replay as the client shows it (core/replay_scene.hpp): the winner followed first, figures
// drawn between ticks so the view moves every frame at 144 Hz, and the replay's keys: pause,
// 5-second seeks both ways, speed steps, Tab, Escape.
#include "core/replay_scene.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "recorded_bot_race.hpp"

namespace spear::client {
namespace {

const replay::Replay& race() {
  static const replay::Replay r = test::bot_race(3, 60 * 40);
  return r;
}

TEST(ReplayScene, FollowsTheWinnerFirstAndTabGoesRound) {
  ReplayScene scene(race());
  ASSERT_EQ(scene.runners().size(), 3u);
  ASSERT_TRUE(scene.followed());
  EXPECT_EQ(scene.followed()->frame.id, race().runners.back().id);
  std::vector<std::uint32_t> seen{scene.followed()->frame.id};
  for (int i = 0; i < 3; ++i) {
    EXPECT_TRUE(scene.press(Key::Tab));
    seen.push_back(scene.followed()->frame.id);
  }
  EXPECT_EQ(seen.front(), seen.back());  // round the three and back
  EXPECT_NE(seen[0], seen[1]);
  EXPECT_NE(seen[1], seen[2]);
  EXPECT_EQ(std::count_if(scene.runners().begin(), scene.runners().end(),
                          [](const RunnerView& v) { return v.followed; }),
            1);
}

TEST(ReplayScene, TheViewMovesEveryFrameAt144Hz) {
  // Drawn in whole ticks, 60 Hz ticks at 144 Hz frames would stand still in more than half the
  // frames and jump in the rest; drawn between ticks, every frame moves by about the same.
  ReplayScene scene(race());
  const double dt = 1.0 / 144.0;
  std::vector<double> steps;
  double x = scene.followed()->frame.distance;
  for (int f = 0; f < 144 * 12; ++f) {
    scene.advance(dt, static_cast<float>(dt));
    const RunnerView* v = scene.followed();
    ASSERT_TRUE(v);
    const double nx = v->frame.distance;
    if (f > 144 * 4 && v->frame.mode == net::RunnerMode::Running) steps.push_back(nx - x);
    x = nx;
  }
  ASSERT_GT(steps.size(), 500u);
  EXPECT_EQ(std::count_if(steps.begin(), steps.end(), [](double s) { return s <= 0.0; }), 0);
  // Frame to frame, the step changes by little: the stride's own rhythm, never a tick's jump.
  int uneven = 0;
  for (std::size_t i = 1; i < steps.size(); ++i)
    uneven += std::abs(steps[i] / steps[i - 1] - 1.0) > 0.25 ? 1 : 0;
  EXPECT_LT(uneven, static_cast<int>(steps.size() / 100)) << uneven << " of " << steps.size();
}

TEST(ReplayScene, PauseHoldsAndTheKeysSeekAndChangeSpeed) {
  ReplayScene scene(race());
  scene.advance(10.0, 0.f);
  EXPECT_EQ(scene.tick(), 600u);
  EXPECT_TRUE(scene.press(Key::Space));
  EXPECT_TRUE(scene.paused());
  const double x = scene.followed()->frame.distance;
  scene.advance(3.0, 0.016f);
  EXPECT_EQ(scene.tick(), 600u);
  EXPECT_EQ(scene.followed()->frame.distance, x);
  scene.press(Key::Left);  // 5 s back, still paused
  EXPECT_EQ(scene.tick(), 300u);
  EXPECT_LT(scene.followed()->frame.distance, x);
  scene.press(Key::Right);
  scene.press(Key::Right);
  EXPECT_EQ(scene.tick(), 900u);
  scene.press(Key::P);
  EXPECT_FALSE(scene.paused());
  EXPECT_EQ(scene.speed(), 1.0);
  scene.press(Key::Up);
  scene.press(Key::Up);
  EXPECT_EQ(scene.speed(), 4.0);
  scene.advance(1.0, 0.016f);
  EXPECT_EQ(scene.tick(), 900u + 240u);
  for (int i = 0; i < 9; ++i) scene.press(Key::Down);
  EXPECT_EQ(scene.speed(), 0.25);
  for (int i = 0; i < 9; ++i) scene.press(Key::Up);
  EXPECT_EQ(scene.speed(), 8.0);
  EXPECT_FALSE(scene.press(Key::Escape));
}

TEST(ReplayScene, ASeekBackShowsWhatPlayingThereShows) {
  ReplayScene played(race());
  played.advance(20.0, 0.f);
  ReplayScene sought(race());
  sought.advance(30.0, 0.f);
  sought.press(Key::Left);
  sought.press(Key::Left);
  ASSERT_EQ(sought.tick(), played.tick());
  EXPECT_EQ(sought.player().match().state_hash(), played.player().match().state_hash());
  ASSERT_EQ(sought.runners().size(), played.runners().size());
  for (std::size_t i = 0; i < played.runners().size(); ++i)
    EXPECT_EQ(sought.runners()[i].frame.distance, played.runners()[i].frame.distance);
}

TEST(ReplayScene, TargetsTheFollowedRunnerBrokeAreDownInView) {
  ReplayScene scene(race());
  int broken = 0;
  for (int s = 0; s < 40 && broken == 0; ++s) {
    scene.advance(1.0, 0.f);
    const double x = scene.followed()->frame.distance;
    for (const ObstacleView& o : scene.obstacles(x - 600.0, x + 1800.0)) {
      if (!o.broken) continue;
      ++broken;
      EXPECT_LE(o.obstacle.x, x + 200.0);
      EXPECT_GE(o.broken_age, 0.f);
    }
  }
  EXPECT_GT(broken, 0);
}

// A race recorded with a warm-up before its 3-2-1 (its go at 10 s): the replay opens where the
// 3-2-1 begins, 3 s before the go, not on the runners standing through the warm-up; the warm-up
// is a seek back away.
TEST(ReplayScene, OpensOnTheCountdownWithTheWarmUpASeekBack) {
  const replay::Replay r = test::bot_race(2, 60 * 16, 600);
  EXPECT_NEAR(countdown_seconds(r), 7.0, 1e-9);
  ReplayScene scene(r);
  EXPECT_EQ(scene.tick(), 420u);
  scene.press(Key::Left);
  EXPECT_EQ(scene.tick(), 120u);
  scene.press(Key::Left);
  EXPECT_EQ(scene.tick(), 0u);
  // No warm-up recorded (the go within the first 3 s), or no race: from the first tick.
  EXPECT_EQ(countdown_seconds(test::bot_race(2, 60 * 4, 120)), 0.0);
  EXPECT_EQ(ReplayScene(test::bot_race(2, 60 * 4, 120)).tick(), 0u);
}

}  // namespace
}  // namespace spear::client
