#include "render/view.hpp"

#include <algorithm>
#include <cmath>

namespace spear::client {

Letterbox letterbox(sf::Vector2u window_px) {
  const float w = static_cast<float>(std::max(window_px.x, 1u));
  const float h = static_cast<float>(std::max(window_px.y, 1u));
  const float aspect = std::clamp(w / h, kMinAspect, kMaxAspect);
  // The largest area of that aspect that fits the window, centred.
  float vw = w;
  float vh = w / aspect;
  if (vh > h) {
    vh = h;
    vw = h * aspect;
  }
  Letterbox box;
  box.viewport = {(w - vw) / 2.f / w, (h - vh) / 2.f / h, vw / w, vh / h};
  box.world_size = {kViewHeight * aspect, kViewHeight};
  const int px = static_cast<int>(std::lround((w - vw) / 2.f));
  const int py = static_cast<int>(std::lround((h - vh) / 2.f));
  box.pixels = {px, py, std::max(1, static_cast<int>(std::lround(vw))),
                std::max(1, static_cast<int>(std::lround(vh)))};
  return box;
}

sf::View world_view(sf::Vector2u window_px) {
  const Letterbox box = letterbox(window_px);
  const float left = -kRunnerScreenX * box.world_size.x;
  const float top = -kGroundScreenY * box.world_size.y;
  sf::View view(sf::FloatRect(left, top, box.world_size.x, box.world_size.y));
  view.setViewport(box.viewport);
  return view;
}

sf::View hud_view(sf::Vector2u window_px) {
  const Letterbox box = letterbox(window_px);
  sf::View view(sf::FloatRect(0.f, 0.f, static_cast<float>(box.pixels.width),
                              static_cast<float>(box.pixels.height)));
  view.setViewport(box.viewport);
  return view;
}

float hud_scale(sf::Vector2u window_px) {
  return static_cast<float>(letterbox(window_px).pixels.height) / 720.f;
}

}  // namespace spear::client
