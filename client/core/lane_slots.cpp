#include "core/lane_slots.hpp"

#include <algorithm>

namespace spear::client {

void LaneSlots::assign(std::span<const std::uint32_t> ids, std::optional<std::uint32_t> followed,
                       int lanes, int reserved) {
  ids_.assign(ids.begin(), ids.end());
  if (followed) ids_.push_back(*followed);
  std::sort(ids_.begin(), ids_.end());
  ids_.erase(std::unique(ids_.begin(), ids_.end()), ids_.end());
  followed_ = followed;
  followed_rank_ = followed
                       ? static_cast<std::size_t>(
                             std::lower_bound(ids_.begin(), ids_.end(), *followed) - ids_.begin())
                       : 0;
  lanes_ = std::max(1, lanes);
  reserved_ = std::clamp(reserved, 0, lanes_ - 1);
}

int LaneSlots::slot(std::uint32_t id) const {
  if (followed_ && id == *followed_) return 0;
  const int free = lanes_ - reserved_;
  const auto it = std::lower_bound(ids_.begin(), ids_.end(), id);
  std::uint64_t k = 0;  // 1, 2, ...: the runner's place counted on from the followed one
  if (it != ids_.end() && *it == id) {
    const auto rank = static_cast<std::size_t>(it - ids_.begin());
    const std::size_t n = ids_.size();
    k = followed_ ? (rank + n - followed_rank_) % n : rank + 1;
  } else {
    k = followed_ ? static_cast<std::uint64_t>(id - *followed_) : id;  // wraps: still a slot
  }
  if (k == 0) k = 1;
  return reserved_ + 1 + static_cast<int>((k - 1) % static_cast<std::uint64_t>(free));
}

}  // namespace spear::client
