#pragma once
// A 2-D point or vector in canvas units (x right, y down).
#include <cmath>

namespace spear::rig {

struct Vec2 {
  float x = 0.f;
  float y = 0.f;

  constexpr Vec2& operator+=(Vec2 o) {
    x += o.x;
    y += o.y;
    return *this;
  }
  constexpr Vec2& operator-=(Vec2 o) {
    x -= o.x;
    y -= o.y;
    return *this;
  }
  constexpr Vec2& operator*=(float s) {
    x *= s;
    y *= s;
    return *this;
  }
  friend constexpr Vec2 operator+(Vec2 a, Vec2 b) { return {a.x + b.x, a.y + b.y}; }
  friend constexpr Vec2 operator-(Vec2 a, Vec2 b) { return {a.x - b.x, a.y - b.y}; }
  friend constexpr Vec2 operator-(Vec2 a) { return {-a.x, -a.y}; }
  friend constexpr Vec2 operator*(Vec2 a, float s) { return {a.x * s, a.y * s}; }
  friend constexpr Vec2 operator*(float s, Vec2 a) { return {a.x * s, a.y * s}; }
  friend constexpr bool operator==(Vec2 a, Vec2 b) = default;
};

inline float length(Vec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }
inline float distance(Vec2 a, Vec2 b) { return length(b - a); }
constexpr float dot(Vec2 a, Vec2 b) { return a.x * b.x + a.y * b.y; }
constexpr Vec2 lerp(Vec2 a, Vec2 b, float t) { return a + (b - a) * t; }

}  // namespace spear::rig
