// Lanes behind the followed runner's: a race of up to lanes + 1 runners puts every runner in a
// lane of its own whoever is followed (at the start line, where all stand at distance 0, no two
// are drawn in one place), the ghost's lane stays free, a big race folds round the lanes evenly.
#include "core/lane_slots.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>
#include <vector>

namespace spear::client {
namespace {

constexpr int kLanes = 8;

TEST(LaneSlots, EveryRunnerOfASmallRaceHasALaneOfItsOwnWhoeverIsFollowed) {
  for (std::uint32_t n = 2; n <= kLanes + 1; ++n) {
    std::vector<std::uint32_t> ids;
    for (std::uint32_t i = 1; i <= n; ++i) ids.push_back(i);
    for (const std::uint32_t followed : ids) {
      LaneSlots lanes;
      lanes.assign(ids, followed, kLanes);
      std::set<int> used;
      for (const std::uint32_t id : ids) {
        const int slot = lanes.slot(id);
        if (id == followed) {
          EXPECT_EQ(slot, 0);
          continue;
        }
        EXPECT_GE(slot, 1);
        EXPECT_LE(slot, kLanes);
        EXPECT_TRUE(used.insert(slot).second) << n << " runners, following " << followed
                                              << ": runner " << id << " shares lane " << slot;
      }
    }
  }
}

TEST(LaneSlots, IdsWithGapsAndAnyOrderStillGetLanesOfTheirOwn) {
  const std::vector<std::uint32_t> ids = {40, 3, 12, 7, 41, 3, 900};
  LaneSlots lanes;
  lanes.assign(ids, 12, kLanes);
  std::set<int> used;
  for (const std::uint32_t id : {3u, 7u, 40u, 41u, 900u})
    EXPECT_TRUE(used.insert(lanes.slot(id)).second);
  EXPECT_EQ(lanes.slot(12), 0);
  // The neighbour after the followed runner is right behind it.
  EXPECT_EQ(lanes.slot(40), 1);
}

TEST(LaneSlots, TheGhostsLaneStaysFree) {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t i = 1; i <= kLanes; ++i) ids.push_back(i);  // 7 rivals: 7 lanes left
  LaneSlots lanes;
  lanes.assign(ids, 4, kLanes, 1);
  std::set<int> used;
  for (const std::uint32_t id : ids) {
    if (id == 4) continue;
    const int slot = lanes.slot(id);
    EXPECT_GE(slot, 2);
    EXPECT_TRUE(used.insert(slot).second);
  }
}

TEST(LaneSlots, ABigRaceFoldsRoundTheLanesEvenly) {
  std::vector<std::uint32_t> ids;
  for (std::uint32_t i = 1; i <= 256; ++i) ids.push_back(i);
  LaneSlots lanes;
  lanes.assign(ids, 100, kLanes);
  std::map<int, int> count;
  for (const std::uint32_t id : ids)
    if (id != 100) ++count[lanes.slot(id)];
  ASSERT_EQ(count.size(), static_cast<std::size_t>(kLanes));
  for (const auto& [slot, n] : count) {
    EXPECT_GE(slot, 1);
    EXPECT_LE(slot, kLanes);
    EXPECT_GE(n, 255 / kLanes);
    EXPECT_LE(n, 255 / kLanes + 1);
  }
  // A runner not among the ids still gets a lane, never the front one.
  EXPECT_GE(lanes.slot(5000), 1);
  EXPECT_LE(lanes.slot(5000), kLanes);
}

}  // namespace
}  // namespace spear::client
