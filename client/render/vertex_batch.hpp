#pragma once
// Building triangle lists (sf::Triangles) on the CPU: SFML 2.5 has no thick lines, so every
// shape is filled geometry, batched into one draw call per layer.
#include <SFML/Graphics/Color.hpp>
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/RenderStates.hpp>
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/Vertex.hpp>
#include <vector>

#include "rig/vec2.hpp"

namespace spear::client {

// Maps a point relative to a figure's anchor (or any local frame) to view coordinates.
struct Placement {
  sf::Vector2f origin{};  // view coordinates of the local (0, 0)
  float scale = 1.f;
  sf::Vector2f operator()(rig::Vec2 p) const {
    return {origin.x + p.x * scale, origin.y + p.y * scale};
  }
};

class VertexBatch {
 public:
  void clear() { vertices_.clear(); }
  bool empty() const { return vertices_.empty(); }
  std::size_t size() const { return vertices_.size(); }
  const std::vector<sf::Vertex>& vertices() const { return vertices_; }
  void draw(sf::RenderTarget& target,
            const sf::RenderStates& states = sf::RenderStates::Default) const;
  // Multiplies every vertex's alpha by `opacity` (0..1).
  void fade(float opacity);

  void triangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color colour);
  void triangle(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Color ca, sf::Color cb,
                sf::Color cc);
  // a-b-c-d in order around the quad.
  void quad(sf::Vector2f a, sf::Vector2f b, sf::Vector2f c, sf::Vector2f d, sf::Color colour);
  void rect(sf::FloatRect r, sf::Color colour);
  void rect_gradient(sf::FloatRect r, sf::Color top, sf::Color bottom);
  void disc(sf::Vector2f centre, float radius, sf::Color colour, int segments = 24);
  void ellipse(sf::Vector2f centre, sf::Vector2f radii, sf::Color colour, int segments = 24);
  // A ring fading from `inner` colour at r0 to `outer` colour at r1 (glows, soft shadows).
  void ring(sf::Vector2f centre, float r0, float r1, sf::Color inner, sf::Color outer,
            int segments = 32);
  void rounded_rect(sf::FloatRect r, float radius, sf::Color colour);
  // A line of the given width with square ends (bones, graph lines).
  void line(sf::Vector2f a, sf::Vector2f b, float width, sf::Color colour);
  // A triangle list from the rig (3 points a triangle), placed and coloured.
  void triangles(const std::vector<rig::Vec2>& tris, const Placement& place, sf::Color colour);
  // A tapered ribbon along a polyline, full width w0 at the first point to w1 at the last, with
  // round caps (hair, spear shaft). Caps overlap the ends: use opaque colours.
  void ribbon(const std::vector<rig::Vec2>& points, float w0, float w1, const Placement& place,
              sf::Color colour, bool round_caps = true);

 private:
  std::vector<sf::Vertex> vertices_;
};

// c with its alpha multiplied by `opacity` (0..1).
sf::Color with_opacity(sf::Color c, float opacity);
// Linear blend of two colours, t in 0..1.
sf::Color mix(sf::Color a, sf::Color b, float t);

}  // namespace spear::client
