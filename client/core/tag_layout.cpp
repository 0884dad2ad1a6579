#include "core/tag_layout.hpp"

#include <algorithm>
#include <cmath>

namespace spear::client {

bool TagLayout::free(const TagBox& b, std::span<const TagBox> keep_clear, float margin_x,
                     float margin_y) const {
  for (const TagBox& k : keep_clear)
    if (b.overlaps(k)) return false;
  const TagBox wide{b.left - margin_x, b.top - margin_y, b.width + 2.f * margin_x,
                    b.height + 2.f * margin_y};
  for (const PlacedTag& p : placed_)
    if (wide.overlaps(p.box)) return false;
  return true;
}

const std::vector<PlacedTag>& TagLayout::place(std::span<const TagWish> wishes,
                                               std::span<const TagBox> keep_clear, int max_rise,
                                               float gap, std::size_t max_tags) {
  placed_.clear();
  next_owners_.clear();
  order_.resize(wishes.size());
  for (std::size_t i = 0; i < wishes.size(); ++i) order_[i] = i;
  const auto owned = [&](std::size_t i) {
    return std::binary_search(owners_.begin(), owners_.end(), wishes[i].runner);
  };
  // Last frame's owners first, then by priority (ties: runner id, so the order never flickers).
  std::sort(order_.begin(), order_.end(), [&](std::size_t a, std::size_t b) {
    const bool oa = owned(a), ob = owned(b);
    if (oa != ob) return oa;
    const double pa = std::isfinite(wishes[a].priority) ? wishes[a].priority : 1e30;
    const double pb = std::isfinite(wishes[b].priority) ? wishes[b].priority : 1e30;
    if (pa != pb) return pa < pb;
    return wishes[a].runner < wishes[b].runner;
  });
  max_rise = std::max(0, max_rise);
  for (const std::size_t i : order_) {
    if (placed_.size() >= max_tags) break;
    const TagWish& w = wishes[i];
    if (!(w.at_head.width > 0.f) || !(w.at_head.height > 0.f)) continue;
    // A newcomer needs room to spare (half a tag each side, a tag above and below), an owner
    // only room: a tag that just fits is not taken and lost again as the runners move.
    const bool keeps = owned(i);
    const float mx = keeps ? 0.f : w.at_head.width / 2.f;
    const float my = keeps ? 0.f : w.at_head.height;
    if (std::binary_search(next_owners_.begin(), next_owners_.end(), w.runner)) continue;
    bool done = false;
    for (int r = 0; r <= max_rise && !done; ++r) {
      TagBox b = w.at_head;
      b.top -= static_cast<float>(r) * (b.height + gap);
      // Above the head, else slid left or right just past the kept-clear box it meets.
      TagBox tries[3] = {b, b, b};
      int n = 1;
      for (const TagBox& k : keep_clear) {
        if (!b.overlaps(k)) continue;
        const float left = k.left - gap - b.width, right = k.right() + gap;
        if (std::abs(left - b.left) <= b.width) tries[n++].left = left;
        if (std::abs(right - b.left) <= b.width) tries[n++].left = right;
        break;
      }
      for (int t = 0; t < n && !done; ++t) {
        if (!free(tries[t], keep_clear, mx, my)) continue;
        placed_.push_back({i, tries[t]});
        next_owners_.insert(std::upper_bound(next_owners_.begin(), next_owners_.end(), w.runner),
                            w.runner);
        done = true;
      }
    }
  }
  owners_.swap(next_owners_);
  return placed_;
}

}  // namespace spear::client
