#pragma once
// Keyframe tracks (rig.md §7): [time, value] keys sampled at a normalized time p in [0, 1].
// Before the first key: the first value; after the last: the last value; between two keys a lerp
// through an ease. A zero-length segment never divides by zero.
#include <span>

#include "rig/ease.hpp"

namespace spear::rig {

struct Key {
  float t = 0.f;  // normalized time, keys sorted
  float v = 0.f;
  Ease ease = Ease::Smooth;  // ease of the segment that ends at this key
};

// Per-segment ease (each key carries the ease of the segment leading to it).
float sample_track(std::span<const Key> keys, float p);
// One ease for every segment, chosen by the caller (e.g. the jump's p < 0.5 ? out : in).
float sample_track(std::span<const Key> keys, float p, Ease ease);

// Authoring check (done once, by tests): at least one key, times in [0, 1], non-decreasing.
bool track_valid(std::span<const Key> keys);

}  // namespace spear::rig
