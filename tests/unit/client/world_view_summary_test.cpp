// A big race's snapshots carry poses for the runners near the followed one and summaries of the
// others: the world view lists those at the render time the drawn runners are shown at, named
// from the roster, their distance interpolated between the summaries around it; each runner
// once, drawn or summed up, and forgotten when no snapshot has listed it for 2 s.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <map>
#include <optional>
#include <vector>

#include "core/world_view.hpp"

namespace spear::client {
namespace {

constexpr double kTickRate = 60.0;
constexpr net::Tick kStride = 2;  // 30 snapshots a second
constexpr net::Tick kFirst = 600;

net::Welcome spectator_welcome() {
  net::Welcome w;
  w.tick_rate = static_cast<std::uint16_t>(kTickRate);
  w.snapshot_rate = 30;
  w.role = net::Role::Spectator;
  return w;
}

std::map<net::RunnerId, net::RosterEntry> roster() {
  return {{1, {1, false, "ada"}},
          {2, {2, true, "bo"}},
          {10, {10, false, "cy"}},
          {11, {11, true, "dee"}},
          {12, {12, false, "eve"}}};
}

net::RunnerSnapshot posed(net::RunnerId id, double distance) {
  net::RunnerSnapshot r;
  r.id = id;
  r.distance = distance;
  return r;
}

net::RunnerSummary summary(net::RunnerId id, double distance, std::uint32_t score = 0,
                           net::RunnerMode mode = net::RunnerMode::Running,
                           std::uint8_t flags = 0) {
  net::RunnerSummary o;
  o.id = id;
  o.mode = mode;
  o.flags = flags;
  o.score = score;
  o.distance = distance;
  return o;
}

// Feeds the snapshots `make(tick)` of ticks [from, to) at 30 per second, the local time 1 s
// per 60 ticks from kFirst, and builds four frames between two arrivals, calling `frame` after
// each build.
void run(WorldView& world, net::Tick from, net::Tick to,
         const std::function<net::Snapshot(net::Tick)>& make,
         const std::function<void(net::Tick newest)>& frame) {
  for (net::Tick tick = from; tick < to; tick += kStride) {
    const double arrival = 1.0 + (tick - kFirst) / kTickRate;
    world.on_snapshot(make(tick), arrival);
    for (int i = 0; i < 4; ++i) {
      const double now = arrival + i * (kStride / kTickRate) / 4.0;
      world.sample(now, 1.0 / 120.0);
      world.build(1.f / 120.f, 0.f, nullptr);
      frame(tick);
    }
  }
}

const RunnerSummaryView* find(const WorldView& world, std::uint32_t id) {
  for (const auto& o : world.others())
    if (o.id == id) return &o;
  return nullptr;
}

int times_listed(const WorldView& world, std::uint32_t id) {
  int n = 0;
  for (const auto& r : world.runners()) n += r.frame.id == id ? 1 : 0;
  for (const auto& o : world.others()) n += o.id == id ? 1 : 0;
  return n;
}

// Runner 10 accelerates (its distance bends, so the chord between two summaries is not the
// curve), 11 runs steadily, 12 lies down.
double distance_10(net::Tick tick) {
  const double t = (tick - kFirst) / kTickRate;
  return 100.0 + 50.0 * t * t;
}
double distance_11(net::Tick tick) { return 3.0 * (tick - kFirst); }

net::Snapshot big_race(net::Tick tick) {
  net::Snapshot s;
  s.tick = tick;
  s.runners = {posed(1, 5.0 * (tick - kFirst)), posed(2, 4.0 * (tick - kFirst))};
  s.others = {summary(10, distance_10(tick), 40),
              summary(11, distance_11(tick), 7, net::RunnerMode::Running, net::runner_flags::kBot),
              summary(12, 250.0, 3, net::RunnerMode::Down, net::runner_flags::kAway)};
  return s;
}

TEST(WorldViewSummaries, OthersAreListedNamedAndInterpolatedAtTheRenderTime) {
  WorldView world(false);
  world.on_welcome(spectator_welcome());
  world.on_roster(roster());
  int checked = 0;
  run(world, kFirst, kFirst + 120, big_race, [&](net::Tick newest) {
    const double t = world.render_time();
    if (t < kFirst / kTickRate) {
      EXPECT_TRUE(world.others().empty()) << "listed before its first summary";
      return;
    }
    ASSERT_EQ(world.runners().size(), 2u);
    ASSERT_EQ(world.others().size(), 3u);
    const auto& o = world.others();
    EXPECT_EQ(o[0].id, 10u);
    EXPECT_EQ(o[0].name, "cy");
    EXPECT_FALSE(o[0].bot);
    EXPECT_EQ(o[0].score, 40u);
    EXPECT_EQ(o[1].id, 11u);
    EXPECT_EQ(o[1].name, "dee");
    EXPECT_TRUE(o[1].bot);
    EXPECT_EQ(o[2].id, 12u);
    EXPECT_EQ(o[2].name, "eve");
    EXPECT_EQ(o[2].mode, net::RunnerMode::Down);
    EXPECT_TRUE(o[2].flags & net::runner_flags::kAway);
    EXPECT_DOUBLE_EQ(o[2].distance, 250.0);
    for (const auto& v : o) EXPECT_FALSE(v.own);

    // Between the two snapshots around the render time (ticks / tick rate, as the buffer).
    const double at = t * kTickRate;
    ASSERT_LT(at, static_cast<double>(newest)) << "the render time passed the newest snapshot";
    const auto a = static_cast<net::Tick>(std::floor(at / kStride)) * kStride;
    const double u = (at - a) / kStride;
    const double expected_10 = distance_10(a) + (distance_10(a + kStride) - distance_10(a)) * u;
    EXPECT_NEAR(o[0].distance, expected_10, 1e-6);
    EXPECT_NEAR(o[1].distance, 3.0 * (at - kFirst), 1e-6);
    if (u > 0.1 && u < 0.9) {
      // Strictly between the two: neither snapshot's value, and not the curve's either.
      EXPECT_GT(o[0].distance, distance_10(a) + 1e-3);
      EXPECT_LT(o[0].distance, distance_10(a + kStride) - 1e-3);
      ++checked;
    }
  });
  EXPECT_GT(checked, 20);
}

TEST(WorldViewSummaries, ARunnerGivenAPoseIsListedOnceAndItsSummariesAreDropped) {
  WorldView world(false);
  world.on_welcome(spectator_welcome());
  world.on_roster(roster());
  constexpr net::Tick kPosed = kFirst + 60;  // from here runner 10 has a pose
  constexpr net::Tick kGone = kFirst + 90;   // from here no snapshot lists it
  const auto make = [](net::Tick tick) {
    net::Snapshot s = big_race(tick);
    if (tick >= kPosed) {
      s.others.erase(s.others.begin());
      if (tick < kGone) s.runners.push_back(posed(10, distance_10(tick)));
    }
    return s;
  };
  bool drawn = false, gone = false;
  run(world, kFirst, kFirst + 150, make, [&](net::Tick) {
    const double t = world.render_time();
    if (t < kFirst / kTickRate) return;
    const int n = times_listed(world, 10);
    const bool is_drawn = std::any_of(world.runners().begin(), world.runners().end(),
                                      [](const RunnerView& r) { return r.frame.id == 10; });
    drawn = drawn || is_drawn;
    if (!gone && t < kGone / kTickRate) {
      EXPECT_EQ(n, 1) << "runner 10 listed " << n << " times at render time " << t;
    } else if (n == 0) {
      gone = true;
    }
    if (gone) {
      // Its summaries went with the pose: nothing brings it back (within the 2 s a summary
      // would otherwise stay).
      EXPECT_EQ(n, 0) << "runner 10 came back at render time " << t;
    }
    if (t >= kPosed / kTickRate) {
      EXPECT_EQ(find(world, 10), nullptr);
    }
    for (std::uint32_t id : {1u, 2u, 11u, 12u}) EXPECT_EQ(times_listed(world, id), 1);
  });
  EXPECT_TRUE(drawn);
  EXPECT_TRUE(gone);
}

TEST(WorldViewSummaries, ARunnerNoLongerListedIsForgottenAfterTwoSeconds) {
  WorldView world(false);
  world.on_welcome(spectator_welcome());
  world.on_roster(roster());
  constexpr net::Tick kLast = kFirst + 60;  // the last snapshot that lists runner 11
  const auto make = [](net::Tick tick) {
    net::Snapshot s = big_race(tick);
    if (tick > kLast) s.others.erase(s.others.begin() + 1);
    return s;
  };
  std::optional<net::Tick> forgotten_at;
  run(world, kFirst, kFirst + 300, make, [&](net::Tick newest) {
    if (world.render_time() < kFirst / kTickRate) return;
    const RunnerSummaryView* o = find(world, 11);
    if (static_cast<double>(newest) - kLast <= 2 * kTickRate) {
      ASSERT_NE(o, nullptr) << "forgotten before 2 s, at tick " << newest;
      // Past its last summary it stays there: no extrapolation.
      if (world.render_time() >= kLast / kTickRate) {
        EXPECT_DOUBLE_EQ(o->distance, distance_11(kLast));
      } else {
        EXPECT_LE(o->distance, distance_11(kLast));
      }
    } else {
      EXPECT_EQ(o, nullptr) << "still listed at tick " << newest;
      if (!forgotten_at) forgotten_at = newest;
    }
    EXPECT_NE(find(world, 10), nullptr);
    EXPECT_NE(find(world, 12), nullptr);
  });
  ASSERT_TRUE(forgotten_at);
  EXPECT_EQ(*forgotten_at, kLast + 2 * static_cast<net::Tick>(kTickRate) + kStride);
}

TEST(WorldViewSummaries, SmallRacesHaveNoOthersAndResetForgetsThem) {
  WorldView world(false);
  world.on_welcome(spectator_welcome());
  world.on_roster(roster());
  const auto small = [](net::Tick tick) {
    net::Snapshot s = big_race(tick);
    s.others.clear();
    return s;
  };
  run(world, kFirst, kFirst + 60, small, [&](net::Tick) { EXPECT_TRUE(world.others().empty()); });
  run(world, kFirst + 60, kFirst + 120, big_race, [](net::Tick) {});
  EXPECT_EQ(world.others().size(), 3u);
  world.reset();
  EXPECT_TRUE(world.others().empty());
}

}  // namespace
}  // namespace spear::client
