#pragma once
// Where the rivals' name tags go (client.md "Drawing"): at most one tag a runner, none over
// another or over a box kept clear (the followed runner's head and the column above it), and
// the same rivals tagged from one frame to the next. A tag sits just above its runner's head, or
// rises up to `max_rise` tags higher, or slides aside past a kept-clear box by at most its own
// width; where none of those places is free the runner goes untagged (the scoreboard and the race
// strip still list it). Hysteresis: the runners tagged last frame are placed first and keep their
// tags while a place is free for them; the others get the room left, nearest the followed runner
// first. So a tag does not jump between rivals every frame, also in a crowd of hundreds; it
// changes owner when its runner leaves the view or its place is taken by a tag kept longer.
// Pure geometry in pixels (y down): no drawing.
#include <cstdint>
#include <span>
#include <vector>

namespace spear::client {

struct TagBox {
  float left = 0.f, top = 0.f, width = 0.f, height = 0.f;  // pixels, y down
  float right() const { return left + width; }
  float bottom() const { return top + height; }
  bool overlaps(const TagBox& o) const {
    return left < o.right() && o.left < right() && top < o.bottom() && o.top < bottom();
  }
};

struct TagWish {
  std::uint32_t runner = 0;  // whose tag
  TagBox at_head;            // the tag's box just above its head
  double priority = 0.0;     // newcomers in ascending order (|course distance| to the followed)
};

struct PlacedTag {
  std::size_t wish = 0;  // index into the wishes given
  TagBox box;
};

// A crowd carries at most this many tags at once: more would be a wall of names over the field.
inline constexpr std::size_t kMaxTags = 12;

class TagLayout {
 public:
  // Lays out this frame's tags (see above); `gap` pixels kept between tags, at most `max_tags`
  // of them (a crowd's). A runner tagged last frame keeps its tag where it fits; a newcomer takes
  // a place only with room to spare round it. The result is valid until the next call.
  const std::vector<PlacedTag>& place(std::span<const TagWish> wishes,
                                      std::span<const TagBox> keep_clear, int max_rise, float gap,
                                      std::size_t max_tags = kMaxTags);
  // Forgets who was tagged (a cut to another runner).
  void reset() { owners_.clear(); }

 private:
  bool free(const TagBox& b, std::span<const TagBox> keep_clear, float margin_x,
            float margin_y) const;
  std::vector<std::uint32_t> owners_;  // tagged last frame, ascending
  std::vector<std::uint32_t> next_owners_;
  std::vector<PlacedTag> placed_;
  std::vector<std::size_t> order_;
};

}  // namespace spear::client
