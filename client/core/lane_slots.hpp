#pragma once
// Which drawn lane each runner of a race stands in (client.md "other runners as fainter ghosts in
// their lanes"). The followed runner runs in the front lane (slot 0) with the obstacles; every
// other runner gets a lane behind it, 1..lanes, by its place among the race's runner ids counted
// on from the followed one's, so a race of up to lanes + 1 runners puts every runner in a lane of
// its own: at the start line, where they all stand at distance 0, no two are drawn in one place
// and none on the followed runner's spot. A bigger race folds round the lanes. Slots kept free
// right behind the front lane (`reserved`: the ghost's) are skipped. Pure: ids in, slots out.
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace spear::client {

class LaneSlots {
 public:
  // `ids`: every runner of the race this frame (drawn or only summed up; any order, repeats
  // ignored); `followed`: the runner in the front lane (none: slots counted from the lowest id);
  // `lanes` ≥ 1 lanes behind the front one, of which the first `reserved` are left free
  // (fewer than `lanes`).
  void assign(std::span<const std::uint32_t> ids, std::optional<std::uint32_t> followed, int lanes,
              int reserved = 0);
  // The lane of runner `id`: 0 for the followed runner, reserved + 1 .. lanes for the others;
  // a runner not among the ids given gets a lane from its id alone.
  int slot(std::uint32_t id) const;

 private:
  std::vector<std::uint32_t> ids_;  // ascending, unique
  std::optional<std::uint32_t> followed_;
  std::size_t followed_rank_ = 0;
  int lanes_ = 1;
  int reserved_ = 0;
};

}  // namespace spear::client
