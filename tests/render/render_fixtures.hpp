#pragma once
// Known poses and pixel helpers shared by the render tests. Poses are made by hand so a test
// knows exactly where every joint is.
#include <SFML/Graphics/Image.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <cmath>

#include "rig/pose.hpp"
#include "rig/secondary.hpp"

namespace spear::client::testing {

// Mid-stride with the spear held in both hands: near leg forward, far leg back, so near and far
// limbs lie apart and can be told from each other.
inline rig::Pose running_pose() {
  using rig::Joint;
  rig::Pose p;
  p[Joint::Pelvis] = {0.f, -62.f};
  p[Joint::Hip] = {0.f, -62.f};
  p[Joint::Chest] = {10.f, -115.f};
  p[Joint::Shoulder] = {9.f, -111.f};
  p[Joint::Head] = {15.f, -139.f};
  p[Joint::KneeNear] = {24.f, -37.f};
  p[Joint::FootNear] = {22.f, 0.f};
  p[Joint::KneeFar] = {-16.f, -29.f};
  p[Joint::FootFar] = {-46.f, -14.f};
  p[Joint::ElbowNear] = {26.f, -92.f};
  p[Joint::HandNear] = {42.f, -106.f};
  p[Joint::ElbowFar] = {-6.f, -88.f};
  p[Joint::HandFar] = {8.f, -98.f};
  p[Joint::SpearTail] = {-40.f, -88.f};
  p[Joint::SpearTip] = {66.f, -116.f};
  p.head_r = 12.f;
  p.contact_near = true;
  return p;
}

// Head where the pose has it, hair streaming back from the back of the head.
inline rig::SecondaryPose still_secondary(const rig::Pose& p) {
  rig::SecondaryPose s;
  s.head = p[rig::Joint::Head];
  const rig::Vec2 pin = s.head + rig::Vec2{-p.head_r * 0.9f, -p.head_r * 0.4f};
  for (int i = 0; i < rig::kHairPoints; ++i) {
    s.hair[static_cast<std::size_t>(i)] =
        pin + rig::Vec2{-8.6f * static_cast<float>(i), 2.5f * static_cast<float>(i)};
  }
  return s;
}

inline float luminance(sf::Color c) { return 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b; }

inline int colour_distance(sf::Color a, sf::Color b) {
  return std::abs(a.r - b.r) + std::abs(a.g - b.g) + std::abs(a.b - b.b);
}

// The darkest pixel within `r` pixels of (x, y): robust to a joint lying on an antialiased edge.
inline sf::Color darkest_near(const sf::Image& img, int x, int y, int r) {
  sf::Color best = sf::Color::White;
  float best_l = 1e9f;
  const sf::Vector2u size = img.getSize();
  for (int dy = -r; dy <= r; ++dy) {
    for (int dx = -r; dx <= r; ++dx) {
      const int px = x + dx, py = y + dy;
      if (px < 0 || py < 0 || px >= static_cast<int>(size.x) || py >= static_cast<int>(size.y))
        continue;
      const sf::Color c = img.getPixel(static_cast<unsigned>(px), static_cast<unsigned>(py));
      if (luminance(c) < best_l) {
        best_l = luminance(c);
        best = c;
      }
    }
  }
  return best;
}

}  // namespace spear::client::testing
