#include "render/vertex_batch.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace spear::client {
namespace {

constexpr float kTau = 2.f * std::numbers::pi_v<float>;

}  // namespace

sf::Color with_opacity(sf::Color c, float opacity) {
  const float a = std::clamp(opacity, 0.f, 1.f) * static_cast<float>(c.a);
  c.a = static_cast<sf::Uint8>(std::lround(a));
  return c;
}

sf::Color mix(sf::Color a, sf::Color b, float t) {
  t = std::clamp(t, 0.f, 1.f);
  auto ch = [t](sf::Uint8 x, sf::Uint8 y) {
    return static_cast<sf::Uint8>(
        std::lround(static_cast<float>(x) + (static_cast<float>(y) - x) * t));
  };
  return {ch(a.r, b.r), ch(a.g, b.g), ch(a.b, b.b), ch(a.a, b.a)};
}

void VertexBatch::draw(sf::RenderTarget& target, const sf::RenderStates& states) const {
  if (!vertices_.empty()) target.draw(vertices_.data(), vertices_.size(), sf::Triangles, states);
}

void VertexBatch::fade(float opacity) {
  for (sf::Vertex& v : vertices_) v.color = with_opacity(v.color, opacity);
}

void VertexBatch::triangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color colour) {
  vertices_.emplace_back(a, colour);
  vertices_.emplace_back(b, colour);
  vertices_.emplace_back(c, colour);
}

void VertexBatch::triangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color ca,
                           sf::Color cb, sf::Color cc) {
  vertices_.emplace_back(a, ca);
  vertices_.emplace_back(b, cb);
  vertices_.emplace_back(c, cc);
}

void VertexBatch::quad(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Vector2f d,
                       sf::Color colour) {
  triangle(a, b, c, colour);
  triangle(a, c, d, colour);
}

void VertexBatch::rect(sf::FloatRect r, sf::Color colour) {
  quad({r.left, r.top}, {r.left + r.width, r.top}, {r.left + r.width, r.top + r.height},
       {r.left, r.top + r.height}, colour);
}

void VertexBatch::rect_gradient(sf::FloatRect r, sf::Color top, sf::Color bottom) {
  const sf::Vector2f a{r.left, r.top}, b{r.left + r.width, r.top};
  const sf::Vector2f c{r.left + r.width, r.top + r.height}, d{r.left, r.top + r.height};
  triangle(a, b, c, top, top, bottom);
  triangle(a, c, d, top, bottom, bottom);
}

void VertexBatch::disc(sf::Vector2f centre, float radius, sf::Color colour, int segments) {
  ellipse(centre, {radius, radius}, colour, segments);
}

void VertexBatch::ellipse(sf::Vector2f centre, sf::Vector2f radii, sf::Color colour, int segments) {
  segments = std::max(segments, 3);
  sf::Vector2f prev{centre.x + radii.x, centre.y};
  for (int i = 1; i <= segments; ++i) {
    const float a = kTau * static_cast<float>(i) / static_cast<float>(segments);
    const sf::Vector2f p{centre.x + radii.x * std::cos(a), centre.y + radii.y * std::sin(a)};
    triangle(centre, prev, p, colour);
    prev = p;
  }
}

void VertexBatch::ring(sf::Vector2f centre, float r0, float r1, sf::Color inner, sf::Color outer,
                       int segments) {
  segments = std::max(segments, 3);
  for (int i = 0; i < segments; ++i) {
    const float a0 = kTau * static_cast<float>(i) / static_cast<float>(segments);
    const float a1 = kTau * static_cast<float>(i + 1) / static_cast<float>(segments);
    const sf::Vector2f d0{std::cos(a0), std::sin(a0)}, d1{std::cos(a1), std::sin(a1)};
    const sf::Vector2f i0 = centre + d0 * r0, i1 = centre + d1 * r0;
    const sf::Vector2f o0 = centre + d0 * r1, o1 = centre + d1 * r1;
    triangle(i0, o0, o1, inner, outer, outer);
    triangle(i0, o1, i1, inner, outer, inner);
  }
}

void VertexBatch::rounded_rect(sf::FloatRect r, float radius, sf::Color colour) {
  radius = std::clamp(radius, 0.f, std::min(r.width, r.height) / 2.f);
  const float l = r.left, t = r.top, w = r.width, h = r.height;
  rect({l + radius, t, w - 2.f * radius, h}, colour);
  rect({l, t + radius, radius, h - 2.f * radius}, colour);
  rect({l + w - radius, t + radius, radius, h - 2.f * radius}, colour);
  constexpr int kCorner = 6;
  const sf::Vector2f centres[4] = {{l + radius, t + radius},
                                   {l + w - radius, t + radius},
                                   {l + w - radius, t + h - radius},
                                   {l + radius, t + h - radius}};
  for (int c = 0; c < 4; ++c) {
    const float start = kTau * (0.5f + 0.25f * static_cast<float>(c));
    for (int i = 0; i < kCorner; ++i) {
      const float a0 = start + kTau * 0.25f * static_cast<float>(i) / kCorner;
      const float a1 = start + kTau * 0.25f * static_cast<float>(i + 1) / kCorner;
      triangle(centres[c], centres[c] + sf::Vector2f{std::cos(a0), std::sin(a0)} * radius,
               centres[c] + sf::Vector2f{std::cos(a1), std::sin(a1)} * radius, colour);
    }
  }
}

void VertexBatch::line(sf::Vector2f a, sf::Vector2f b, float width, sf::Color colour) {
  const sf::Vector2f d = b - a;
  const float len = std::sqrt(d.x * d.x + d.y * d.y);
  if (len < 1e-6f) return;
  const sf::Vector2f n{-d.y / len * width / 2.f, d.x / len * width / 2.f};
  quad(a + n, b + n, b - n, a - n, colour);
}

void VertexBatch::triangles(const std::vector<rig::Vec2>& tris, const Placement& place,
                            sf::Color colour) {
  const std::size_t n = tris.size() - tris.size() % 3;
  vertices_.reserve(vertices_.size() + n);
  for (std::size_t i = 0; i < n; ++i) vertices_.emplace_back(place(tris[i]), colour);
}

void VertexBatch::ribbon(const std::vector<rig::Vec2>& points, float w0, float w1,
                         const Placement& place, sf::Color colour, bool round_caps) {
  const std::size_t n = points.size();
  if (n < 2) return;
  // Normals per point from the neighbouring segments (averaged at interior points).
  auto normal_at = [&](std::size_t i) {
    const rig::Vec2 a = points[i == 0 ? 0 : i - 1];
    const rig::Vec2 b = points[i + 1 < n ? i + 1 : n - 1];
    const rig::Vec2 d = b - a;
    const float len = rig::length(d);
    if (len < 1e-6f) return rig::Vec2{0.f, -1.f};
    return rig::Vec2{-d.y / len, d.x / len};
  };
  rig::Vec2 prev_l{}, prev_r{};
  for (std::size_t i = 0; i < n; ++i) {
    const float t = static_cast<float>(i) / static_cast<float>(n - 1);
    const float half = (w0 + (w1 - w0) * t) / 2.f;
    const rig::Vec2 nrm = normal_at(i);
    const rig::Vec2 l = points[i] + nrm * half, r = points[i] - nrm * half;
    if (i > 0) quad(place(prev_l), place(l), place(r), place(prev_r), colour);
    prev_l = l;
    prev_r = r;
  }
  if (round_caps) {
    const float s = place.scale;
    disc(place(points.front()), w0 / 2.f * s, colour, 12);
    disc(place(points.back()), w1 / 2.f * s, colour, 10);
  }
}

}  // namespace spear::client
