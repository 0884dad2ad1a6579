#include "core/follow_selection.hpp"

#include <algorithm>

namespace spear::client {

std::optional<std::uint32_t> FollowSelection::update(std::span<const std::uint32_t> ids) {
  const auto has = [&](std::uint32_t id) {
    return std::find(ids.begin(), ids.end(), id) != ids.end();
  };
  if (current_ && has(*current_)) {
    if (!chosen_ && own_ && *current_ != *own_ && has(*own_)) current_ = own_;
    return current_;
  }
  if (own_ && has(*own_)) {
    current_ = own_;
    chosen_ = false;
  } else if (!ids.empty()) {
    // The next id after the one that left, else the first.
    const auto it = current_ ? std::upper_bound(ids.begin(), ids.end(), *current_) : ids.begin();
    current_ = it != ids.end() ? *it : ids.front();
  } else {
    current_.reset();
  }
  return current_;
}

std::optional<std::uint32_t> FollowSelection::next(std::span<const std::uint32_t> ids) {
  if (ids.empty()) return current_;
  const auto it = current_ ? std::upper_bound(ids.begin(), ids.end(), *current_) : ids.begin();
  current_ = it != ids.end() ? *it : ids.front();
  chosen_ = true;
  return current_;
}

}  // namespace spear::client
