#include "rig/catmull_rom.hpp"

#include <algorithm>
#include <cmath>

namespace spear::rig {

namespace {

// Centripetal Catmull-Rom (alpha 0.5): no cusps or loops on a tightly bent knee.

float knot(Vec2 a, Vec2 b) {
  // |b − a|^alpha with alpha = 0.5; coincident points would make a zero-length interval.
  return std::max(std::sqrt(std::sqrt(dot(b - a, b - a))), 1e-4f);
}

// One centripetal segment p1 → p2 with its knots, evaluated by Barry–Goldman.
struct Segment {
  Vec2 p0, p1, p2, p3;
  float t0, t1, t2, t3;

  Segment(Vec2 a, Vec2 b, Vec2 c, Vec2 d) : p0(a), p1(b), p2(c), p3(d) {
    t0 = 0.f;
    t1 = t0 + knot(p0, p1);
    t2 = t1 + knot(p1, p2);
    t3 = t2 + knot(p2, p3);
  }

  Vec2 at(float u) const {
    const float t = t1 + (t2 - t1) * u;
    const Vec2 a1 = p0 * ((t1 - t) / (t1 - t0)) + p1 * ((t - t0) / (t1 - t0));
    const Vec2 a2 = p1 * ((t2 - t) / (t2 - t1)) + p2 * ((t - t1) / (t2 - t1));
    const Vec2 a3 = p2 * ((t3 - t) / (t3 - t2)) + p3 * ((t - t2) / (t3 - t2));
    const Vec2 b1 = a1 * ((t2 - t) / (t2 - t0)) + a2 * ((t - t0) / (t2 - t0));
    const Vec2 b2 = a2 * ((t3 - t) / (t3 - t1)) + a3 * ((t - t1) / (t3 - t1));
    return b1 * ((t2 - t) / (t2 - t1)) + b2 * ((t - t1) / (t2 - t1));
  }
};

}  // namespace

void catmull_rom(const Vec2* points, int count, int samples_per_segment, Vec2* out) {
  if (points == nullptr || count <= 0) return;
  if (count == 1) {
    out[0] = points[0];
    return;
  }
  const int samples = std::max(1, samples_per_segment);
  int k = 0;
  for (int i = 0; i + 1 < count; ++i) {
    // Ends extrapolated: a mirrored neighbour beyond the first and the last point.
    const Vec2 p1 = points[i];
    const Vec2 p2 = points[i + 1];
    const Vec2 p0 = i > 0 ? points[i - 1] : p1 * 2.f - p2;
    const Vec2 p3 = i + 2 < count ? points[i + 2] : p2 * 2.f - p1;
    const Segment seg(p0, p1, p2, p3);
    for (int s = 0; s < samples; ++s)
      out[k++] = seg.at(static_cast<float>(s) / static_cast<float>(samples));
  }
  out[k] = points[count - 1];
}

void catmull_rom(const Vec2* points, int count, int samples_per_segment, std::vector<Vec2>& out) {
  out.clear();
  if (points == nullptr || count <= 0) return;
  out.resize(static_cast<std::size_t>(catmull_rom_size(count, samples_per_segment)));
  catmull_rom(points, count, samples_per_segment, out.data());
}

}  // namespace spear::rig
