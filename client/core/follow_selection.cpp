#include "core/follow_selection.hpp"

#include <algorithm>
#include <vector>

namespace spear::client {
namespace {
bool has(std::span<const std::uint32_t> ids, std::uint32_t id) {
  return std::find(ids.begin(), ids.end(), id) != ids.end();
}
}  // namespace

std::optional<std::uint32_t> FollowSelection::update(std::span<const std::uint32_t> ids,
                                                     std::span<const std::uint32_t> listed) {
  if (wanted_) {
    if (has(ids, *wanted_)) {
      current_ = wanted_;  // its poses came: cut to it
      wanted_.reset();
    } else if (!has(listed, *wanted_)) {
      wanted_.reset();  // it left the race
    }
  }
  if (current_ && has(ids, *current_)) {
    if (!chosen_ && own_ && *current_ != *own_ && has(ids, *own_)) current_ = own_;
    return current_;
  }
  if (own_ && has(ids, *own_)) {
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

std::optional<std::uint32_t> FollowSelection::next(std::span<const std::uint32_t> ids,
                                                   std::span<const std::uint32_t> listed) {
  std::vector<std::uint32_t> all;
  all.reserve(ids.size() + listed.size());
  std::set_union(ids.begin(), ids.end(), listed.begin(), listed.end(), std::back_inserter(all));
  if (all.empty()) return current_;
  const std::optional<std::uint32_t> from = wanted();
  const auto it = from ? std::upper_bound(all.begin(), all.end(), *from) : all.begin();
  const std::uint32_t pick = it != all.end() ? *it : all.front();
  chosen_ = true;
  if (has(ids, pick)) {
    current_ = pick;
    wanted_.reset();
  } else {
    wanted_ = pick;
  }
  return current_;
}

}  // namespace spear::client
