#include "render/limb_geometry.hpp"

#include <algorithm>
#include <cmath>

#include "rig/det_math.hpp"

namespace spear::client {
namespace {

using rig::Vec2;

constexpr float kPi = 3.14159265f;

Vec2 unit_or(Vec2 v, Vec2 fallback) {
  const float len = rig::length(v);
  return len > 1e-6f ? v * (1.f / len) : fallback;
}

}  // namespace

void build_limb(Vec2 root, Vec2 mid, Vec2 tip, const LimbStyle& style, LimbGeometry& out) {
  const Vec2 pts[3] = {root, mid, tip};
  rig::catmull_rom(pts, 3, style.samples_per_segment, out.centre);
  out.outline.clear();
  out.triangles.clear();
  const auto& c = out.centre;
  const int n = static_cast<int>(c.size());

  float total = 0.f;
  for (int i = 1; i < n; ++i) total += rig::distance(c[i - 1], c[i]);

  // Tangent at a centre point: central difference inside, one-sided at the ends.
  Vec2 last_tangent{1.f, 0.f};
  const auto tangent = [&](int i) {
    const Vec2 a = c[std::max(0, i - 1)];
    const Vec2 b = c[std::min(n - 1, i + 1)];
    last_tangent = unit_or(b - a, last_tangent);
    return last_tangent;
  };
  const auto half_width = [&](float s) {
    const float u = total > 1e-6f ? s / total : 0.f;
    return 0.5f * (style.root_width + (style.tip_width - style.root_width) * u);
  };

  // Left side, root → tip (left = the tangent turned by +90° in y-down space).
  float s = 0.f;
  for (int i = 0; i < n; ++i) {
    if (i > 0) s += rig::distance(c[i - 1], c[i]);
    const Vec2 t = tangent(i);
    out.outline.push_back(c[i] + Vec2{-t.y, t.x} * half_width(s));
  }
  const int caps = std::max(0, style.cap_segments);
  const Vec2 t_tip = tangent(n - 1);
  const Vec2 n_tip{-t_tip.y, t_tip.x};
  const float r_tip = half_width(total);
  for (int k = 1; k <= caps; ++k) {
    const float a = kPi * static_cast<float>(k) / static_cast<float>(caps + 1);
    out.outline.push_back(c[n - 1] + (n_tip * rig::dcos(a) + t_tip * rig::dsin(a)) * r_tip);
  }
  // Right side, tip → root.
  s = total;
  for (int i = n - 1; i >= 0; --i) {
    if (i < n - 1) s -= rig::distance(c[i], c[i + 1]);
    const Vec2 t = tangent(i);
    out.outline.push_back(c[i] - Vec2{-t.y, t.x} * half_width(std::max(0.f, s)));
  }
  const Vec2 t_root = tangent(0);
  const Vec2 n_root{-t_root.y, t_root.x};
  const float r_root = half_width(0.f);
  for (int k = 1; k <= caps; ++k) {
    const float a = kPi * static_cast<float>(k) / static_cast<float>(caps + 1);
    out.outline.push_back(c[0] - (n_root * rig::dcos(a) + t_root * rig::dsin(a)) * r_root);
  }

  // Triangles from the outline: left[i] = outline[i], right[i] = outline[2n + caps − 1 − i].
  const auto left = [&](int i) { return out.outline[static_cast<std::size_t>(i)]; };
  const auto right = [&](int i) {
    return out.outline[static_cast<std::size_t>(2 * n + caps - 1 - i)];
  };
  for (int i = 0; i + 1 < n; ++i) {
    out.triangles.push_back(left(i));
    out.triangles.push_back(right(i));
    out.triangles.push_back(left(i + 1));
    out.triangles.push_back(right(i));
    out.triangles.push_back(right(i + 1));
    out.triangles.push_back(left(i + 1));
  }
  // Caps as fans around the end points: left side → cap points → right side.
  Vec2 prev = left(n - 1);
  for (int k = 0; k <= caps; ++k) {
    const Vec2 next = k < caps
                          ? out.outline[static_cast<std::size_t>(n) + static_cast<std::size_t>(k)]
                          : right(n - 1);
    out.triangles.push_back(c[n - 1]);
    out.triangles.push_back(prev);
    out.triangles.push_back(next);
    prev = next;
  }
  prev = right(0);
  for (int k = 0; k <= caps; ++k) {
    const Vec2 next =
        k < caps ? out.outline[2 * static_cast<std::size_t>(n) + static_cast<std::size_t>(caps) +
                               static_cast<std::size_t>(k)]
                 : left(0);
    out.triangles.push_back(c[0]);
    out.triangles.push_back(prev);
    out.triangles.push_back(next);
    prev = next;
  }
}

}  // namespace spear::client
