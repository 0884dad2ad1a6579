// Name tags: one a runner, never over another nor over the kept-clear box (the followed runner's
// head), and the same runners tagged from frame to frame: in a synthetic crowd of 256 runners
// milling round the followed one for 20 s the tags change owner a few times a second at most,
// where laying them out afresh each frame (nearest first) changes them tens of times a second.
#include "core/tag_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

namespace spear::client {
namespace {

constexpr float kW = 64.f, kH = 20.f, kGap = 2.f;

TagWish wish(std::uint32_t runner, float head_x, float head_y, double priority) {
  return {runner, {head_x - kW / 2.f, head_y - kH, kW, kH}, priority};
}

void expect_apart(const std::vector<PlacedTag>& placed, std::span<const TagWish> wishes,
                  std::span<const TagBox> clear) {
  std::set<std::uint32_t> owners;
  for (std::size_t i = 0; i < placed.size(); ++i) {
    EXPECT_TRUE(owners.insert(wishes[placed[i].wish].runner).second) << "two tags, one runner";
    for (const TagBox& k : clear) EXPECT_FALSE(placed[i].box.overlaps(k)) << "over the head";
    for (std::size_t j = i + 1; j < placed.size(); ++j)
      EXPECT_FALSE(placed[i].box.overlaps(placed[j].box)) << "tags overlap";
  }
}

TEST(TagLayout, RunnersSideBySideGetTagsApartAndNoneOverTheHead) {
  // Seven rivals at the start line, heads 16 pixels apart, the followed head at x 400.
  std::vector<TagWish> wishes;
  for (std::uint32_t i = 0; i < 7; ++i)
    wishes.push_back(wish(i + 1, 400.f - 16.f * static_cast<float>(i + 1),
                          300.f - 12.f * static_cast<float>(i), i));
  wishes.push_back(wish(3, 380.f, 300.f, 0.0));  // a second wish of runner 3: one tag only
  const std::vector<TagBox> clear = {{388.f, -1e6f, 24.f, 1e6f + 330.f}};
  TagLayout layout;
  const auto& placed = layout.place(wishes, clear, 2, kGap);
  expect_apart(placed, wishes, clear);
  EXPECT_GE(placed.size(), 3u) << "a crowd at the line still carries tags";
}

TEST(TagLayout, ATagStaysWithItsRunnerWhenANearerOneArrives) {
  TagLayout layout;
  std::vector<TagWish> wishes = {wish(7, 200.f, 200.f, 50.0)};
  ASSERT_EQ(layout.place(wishes, {}, 0, kGap).size(), 1u);
  // Runner 9 comes nearer the followed runner, right where 7's tag is: 7 keeps it.
  wishes.push_back(wish(9, 205.f, 200.f, 1.0));
  const auto& placed = layout.place(wishes, {}, 0, kGap);
  ASSERT_EQ(placed.size(), 1u);
  EXPECT_EQ(wishes[placed[0].wish].runner, 7u);
  // Laid out afresh, the nearer one would have taken it.
  TagLayout fresh;
  EXPECT_EQ(wishes[fresh.place(wishes, {}, 0, kGap)[0].wish].runner, 9u);
}

// Owner changes per second (a runner tagged in one frame and not the next, or the reverse, both
// frames showing it) over 20 s at 60 fps of 256 runners milling round the followed one: each at
// its own pace around the field's, in one of 8 lanes (a lane higher on screen per lane).
double owner_changes_per_second(bool hysteresis) {
  constexpr int kRunners = 256, kFps = 60, kSeconds = 20;
  constexpr float kUnit = 1.6f, kScreenW = 1280.f, kFollowedX = 384.f;
  TagLayout layout;
  std::set<std::uint32_t> before;
  std::set<std::uint32_t> on_screen_before;
  long changes = 0;
  const std::vector<TagBox> clear = {{kFollowedX - 20.f, -1e6f, 40.f, 1e6f + 480.f}};
  for (int f = 0; f < kFps * kSeconds; ++f) {
    const double t = static_cast<double>(f) / kFps;
    std::vector<TagWish> wishes;
    std::set<std::uint32_t> on_screen;
    for (std::uint32_t id = 1; id <= kRunners; ++id) {
      // Spread over ±300 units, each drifting back and forth at its own rate (overtaking).
      const double base = (static_cast<double>((id * 7919u) % 601u) - 300.0);
      const double drift = 60.0 * std::sin(t * (0.2 + 0.01 * (id % 37)) + id);
      const double gap = base + drift;
      const float x = kFollowedX + static_cast<float>(gap) * kUnit;
      const int lane = 1 + static_cast<int>(id % 8);
      const float head_y = 480.f - 240.f - 18.f * static_cast<float>(lane);
      if (x < 0.f || x > kScreenW) continue;
      on_screen.insert(id);
      wishes.push_back(wish(id, x - 16.f * static_cast<float>(lane), head_y, std::abs(gap)));
    }
    if (!hysteresis) layout.reset();
    const auto& placed = layout.place(wishes, clear, 2, kGap);
    expect_apart(placed, wishes, clear);
    std::set<std::uint32_t> now;
    for (const PlacedTag& p : placed) now.insert(wishes[p.wish].runner);
    if (f > 0) {
      for (const std::uint32_t id : on_screen) {
        if (!on_screen_before.contains(id)) continue;
        if (before.contains(id) != now.contains(id)) ++changes;
      }
    }
    before = std::move(now);
    on_screen_before = std::move(on_screen);
  }
  return static_cast<double>(changes) / kSeconds;
}

TEST(TagLayout, InACrowdOf256TheTagsKeepTheirOwners) {
  const double kept = owner_changes_per_second(true);
  const double afresh = owner_changes_per_second(false);
  std::printf(
      "tag owner changes per second in a 256-runner crowd: %.1f (afresh each frame: %.1f)\n", kept,
      afresh);
  EXPECT_LE(kept, 4.0);
  EXPECT_GT(afresh, 4.0 * kept) << "the crowd is too calm to tell";
}

}  // namespace
}  // namespace spear::client
