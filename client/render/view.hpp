#pragma once
// The letterboxed view (rig.md §1, client.md): the world is always shown kViewHeight (440) units
// tall, so the composition is the same on a small window and on a 4K screen. Between the aspect
// limits the width follows the window; beyond them bars fill the rest (letterbox or pillarbox).
#include <SFML/Graphics/Rect.hpp>
#include <SFML/Graphics/View.hpp>
#include <SFML/System/Vector2.hpp>

namespace spear::client {

// The view always shows this many units of height, whatever the window size.
inline constexpr float kViewHeight = 440.f;
// Narrower than 4:3 (a portrait window) would hide the obstacles ahead; wider than 21:9 would
// shrink the figure on ultra-wide screens for no gain.
inline constexpr float kMinAspect = 4.f / 3.f;
inline constexpr float kMaxAspect = 21.f / 9.f;
// Where the followed runner's anchor sits, as a share of the view width from the left edge:
// most of the screen is the road ahead.
inline constexpr float kRunnerScreenX = 0.30f;
// Where the ground line (world y = 0) sits, as a share of the view height from the top.
inline constexpr float kGroundScreenY = 0.80f;

struct Letterbox {
  sf::FloatRect viewport;   // the drawn area as a share of the window, 0..1 (for sf::View)
  sf::Vector2f world_size;  // units shown: (440 · aspect, 440)
  sf::IntRect pixels;       // the drawn area in window pixels
};

// Pure function of the window size in pixels. A zero-sized window (minimized) gives a 1×1 area.
Letterbox letterbox(sf::Vector2u window_px);

// The world view: camera-relative x (0 = the followed runner's anchor), world y (0 = ground line,
// y down), letterboxed into the window. Drawing subtracts the camera's course distance itself, in
// double precision, so the view never holds large coordinates.
sf::View world_view(sf::Vector2u window_px);

// A view in pixels of the letterboxed area (origin at its top left), for crisp HUD text.
sf::View hud_view(sf::Vector2u window_px);

// The HUD is laid out for a 720-pixel-tall area and scaled by this factor.
float hud_scale(sf::Vector2u window_px);

}  // namespace spear::client
