#include "rig/track.hpp"

namespace spear::rig {

namespace {

template <bool kPerKey>
float sample(std::span<const Key> keys, float p, Ease fixed) {
  if (keys.empty()) return 0.f;
  if (!(p > keys.front().t)) return keys.front().v;  // also catches NaN p
  for (std::size_t i = 0; i + 1 < keys.size(); ++i) {
    const Key& a = keys[i];
    const Key& b = keys[i + 1];
    if (p <= b.t) {
      const float span = b.t - a.t;
      const float u = span > 0.f ? (p - a.t) / span : 1.f;
      return lerp(a.v, b.v, apply_ease(kPerKey ? b.ease : fixed, u));
    }
  }
  return keys.back().v;
}

}  // namespace

float sample_track(std::span<const Key> keys, float p) {
  return sample<true>(keys, p, Ease::Smooth);
}

float sample_track(std::span<const Key> keys, float p, Ease ease) {
  return sample<false>(keys, p, ease);
}

bool track_valid(std::span<const Key> keys) {
  if (keys.empty()) return false;
  for (std::size_t i = 0; i < keys.size(); ++i) {
    if (!(keys[i].t >= 0.f && keys[i].t <= 1.f)) return false;
    if (i > 0 && keys[i].t < keys[i - 1].t) return false;
  }
  return true;
}

}  // namespace spear::rig
