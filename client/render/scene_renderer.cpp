#include "render/scene_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>

#include "render/cosmetic_noise.hpp"
#include "render/palette.hpp"

namespace spear::client {
namespace {

struct ViewBox {
  float left, top, width, height;
  float right() const { return left + width; }
  float bottom() const { return top + height; }
};

ViewBox box_of(const sf::View& view) {
  const sf::Vector2f c = view.getCenter(), s = view.getSize();
  return {c.x - s.x / 2.f, c.y - s.y / 2.f, s.x, s.y};
}

// x of a course position in the camera-relative view, computed in double.
float view_x(double world_x, double camera_x) { return static_cast<float>(world_x - camera_x); }

}  // namespace

int ghost_depth(int lane, int followed_lane) {
  const int d = lane - followed_lane;  // ids apart, either way: distinct slots
  const int m = ((d - 1) % kGhostDepths + kGhostDepths) % kGhostDepths;
  return 1 + m;
}

float lane_rise(int depth) {
  depth = std::clamp(depth, 0, kGhostDepths);
  if (depth == 0) return 0.f;
  return kFirstLaneRise + kGhostLaneStep * static_cast<float>(depth - 1);
}

Placement lane_placement(float x, int depth) {
  depth = std::clamp(depth, 0, kGhostDepths);
  const float d = static_cast<float>(depth);
  return {{x - kLaneShift * d, -lane_rise(depth)}, 1.f - kGhostScaleStep * d};
}

void SceneRenderer::append_background(VertexBatch& out, const sf::View& view, double ground_x,
                                      float time) {
  const ViewBox b = box_of(view);
  const float w = b.width;
  // Sky: four stops down to the far edge of the track.
  const float horizon = -kTrackDepth;
  const float y1 = b.top + (horizon - b.top) * 0.38f;
  const float y2 = b.top + (horizon - b.top) * 0.72f;
  out.rect_gradient({b.left, b.top, w, y1 - b.top}, palette::kSkyTop, palette::kSkyHigh);
  out.rect_gradient({b.left, y1, w, y2 - y1}, palette::kSkyHigh, palette::kSkyLow);
  out.rect_gradient({b.left, y2, w, horizon - y2}, palette::kSkyLow, palette::kSkyHorizon);

  // Sun, low over the hills, fixed on screen (infinitely far).
  const sf::Vector2f sun{b.left + w * 0.72f, horizon - 118.f};
  out.ring(sun, 34.f, 170.f, palette::kSunGlow,
           sf::Color(palette::kSunGlow.r, palette::kSunGlow.g, palette::kSunGlow.b, 0), 48);
  out.ring(sun, 28.f, 36.f, palette::kSun,
           sf::Color(palette::kSun.r, palette::kSun.g, palette::kSun.b, 0), 48);
  out.disc(sun, 29.f, palette::kSun, 48);

  // Clouds: long soft streaks drifting slowly, barely moved by the run.
  constexpr int kClouds = 7;
  const float span = w + 400.f;
  for (int i = 0; i < kClouds; ++i) {
    const float base = unit_random(71, static_cast<std::uint64_t>(i)) * span;
    const double moved = ground_x * 0.03 + static_cast<double>(time) * 4.0;
    float x =
        static_cast<float>(std::fmod(static_cast<double>(base) - moved, static_cast<double>(span)));
    if (x < 0.f) x += span;
    x += b.left - 200.f;
    const float y = b.top + 40.f + 150.f * unit_random(72, static_cast<std::uint64_t>(i));
    const float len = 90.f + 150.f * unit_random(73, static_cast<std::uint64_t>(i));
    const float thick = 9.f + 8.f * unit_random(74, static_cast<std::uint64_t>(i));
    // A faint wide halo, the streak, and a brighter puff on top.
    const sf::Color halo = with_opacity(palette::kCloud, 0.35f);
    out.rounded_rect({x - 10.f, y - 3.f, len + 20.f, thick + 6.f}, thick / 2.f + 3.f, halo);
    out.rounded_rect({x, y, len, thick}, thick / 2.f, with_opacity(palette::kCloud, 0.6f));
    out.rounded_rect({x + len * 0.2f, y - thick * 0.5f, len * 0.45f, thick}, thick / 2.f,
                     with_opacity(palette::kCloud, 0.6f));
  }

  // Hills far to near, hazier the farther.
  append_hills(out, view, ground_x, 0.08f, horizon, 70.f, 150.f, 300.f, 11, palette::kFarHills);
  append_hills(out, view, ground_x, 0.22f, horizon, 28.f, 82.f, 190.f, 12, palette::kMidHills);
  append_trees(out, view, ground_x);

  // The track: the far part (ghost lanes) and the near soil under the lane line.
  out.rect_gradient({b.left, horizon, w, kTrackDepth},
                    mix(palette::kTrackFar, palette::kSkyHorizon, 0.18f), palette::kTrackFar);
  out.rect({b.left, horizon - 0.8f, w, 1.6f}, with_opacity(palette::kTrackEdge, 0.35f));
  for (int d = 1; d <= kGhostDepths; ++d) {
    // Each rival lane its own faint line, so the lanes read as lanes of a track.
    const float ly = -lane_rise(d);
    out.rect({b.left, ly - 0.5f, w, 1.f},
             with_opacity(palette::kTrackEdge, 0.34f - 0.025f * static_cast<float>(d)));
    append_dots(out, view, ground_x, ly + 1.f, 34.f, 1.1f, with_opacity(palette::kGroundDot, 0.45f),
                11.0 * d);
  }
  out.rect_gradient({b.left, 0.f, w, std::max(b.bottom(), 1.f)}, palette::kSoilTop,
                    palette::kSoilBottom);
  out.rect({b.left, -1.f, w, 2.f}, with_opacity(palette::kTrackEdge, 0.8f));
  append_dots(out, view, ground_x, 7.f, kGroundDotSpacing, 2.4f, palette::kGroundDot, 0.0);
  append_dots(out, view, ground_x, 22.f, 41.f, 3.2f, with_opacity(palette::kGroundDot, 0.7f), 17.0);
  append_dots(out, view, ground_x, 48.f, 63.f, 4.5f, with_opacity(palette::kGroundDot, 0.45f),
              29.0);
}

void SceneRenderer::append_hills(VertexBatch& out, const sf::View& view, double camera_x,
                                 float parallax, float base_y, float low, float high, float scale,
                                 std::uint64_t seed, sf::Color colour) {
  const ViewBox b = box_of(view);
  constexpr float kStep = 12.f;
  const double shift = camera_x * parallax;
  auto height_at = [&](float x) {
    const double u = (shift + x) / scale;
    const float n = 0.75f * value_noise(u, seed) + 0.25f * value_noise(u * 3.1, seed + 100);
    return base_y - (low + (high - low) * n);
  };
  const sf::Color foot = mix(colour, palette::kSkyHorizon, 0.3f);
  float x0 = b.left - kStep;
  float y0 = height_at(x0);
  for (float x = x0 + kStep; x <= b.right() + kStep; x += kStep) {
    const float y = height_at(x);
    out.triangle({x0, y0}, {x, y}, {x, base_y}, colour, colour, foot);
    out.triangle({x0, y0}, {x, base_y}, {x0, base_y}, colour, foot, foot);
    x0 = x;
    y0 = y;
  }
}

void SceneRenderer::append_trees(VertexBatch& out, const sf::View& view, double camera_x) {
  const ViewBox b = box_of(view);
  constexpr float kParallax = 0.5f;
  constexpr double kCell = 64.0;
  const float ground = -kTrackDepth;
  const double shift = camera_x * kParallax;
  const auto first = static_cast<std::int64_t>(std::floor((shift + b.left - 60.0) / kCell));
  const auto last = static_cast<std::int64_t>(std::floor((shift + b.right() + 60.0) / kCell));
  for (std::int64_t c = first; c <= last; ++c) {
    const auto key = static_cast<std::uint64_t>(c);
    if (unit_random(21, key) > 0.5f) continue;
    const float x =
        static_cast<float>(static_cast<double>(c) * kCell + unit_random(22, key) * 40.0 - shift);
    const float h = 28.f + 46.f * unit_random(23, key);
    const sf::Color col = mix(palette::kTrees, palette::kMidHills, 0.35f * unit_random(24, key));
    out.rect({x - 1.2f, ground - h * 0.45f, 2.4f, h * 0.45f + 1.f}, col);
    if (unit_random(25, key) < 0.55f) {
      // A poplar: a tall narrow crown.
      out.ellipse({x, ground - h * 0.62f}, {h * 0.16f, h * 0.42f}, col, 20);
    } else {
      // A round tree with a smaller crown on top.
      out.disc({x, ground - h * 0.58f}, h * 0.27f, col, 20);
      out.disc({x + h * 0.1f, ground - h * 0.78f}, h * 0.18f, col, 16);
    }
    // A bush at its foot.
    out.ellipse({x + 9.f, ground}, {10.f + 6.f * unit_random(26, key), 6.f}, col, 16);
  }
}

void SceneRenderer::append_dots(VertexBatch& out, const sf::View& view, double camera_x, float y,
                                float spacing, float radius, sf::Color colour,
                                double phase_offset) {
  const ViewBox b = box_of(view);
  // Dot k sits at course distance k·spacing + offset; only its camera-relative x matters.
  const double sp = spacing;
  const double first = std::floor((camera_x + b.left - phase_offset) / sp) - 1.0;
  const sf::Color edge(colour.r, colour.g, colour.b, 0);
  for (double k = first;; k += 1.0) {
    const float x = static_cast<float>(k * sp + phase_offset - camera_x);
    if (x > b.right() + spacing) break;
    if (radius < 1.5f) {
      out.disc({x, y}, radius, colour, 6);  // too small to show a soft edge
      continue;
    }
    out.disc({x, y}, radius * 0.65f, colour, 8);
    out.ring({x, y}, radius * 0.65f, radius * 1.3f, colour, edge, 8);
  }
}

void SceneRenderer::append_obstacles(VertexBatch& out, std::span<const SceneObstacle> obstacles,
                                     double camera_x, const sf::View& view, ObstaclePass pass) {
  const ViewBox b = box_of(view);
  for (const SceneObstacle& o : obstacles) {
    const bool in_front = o.kind != ObstacleKind::Hurdle && !o.broken;
    if (in_front != (pass == ObstaclePass::InFrontOfFigure)) continue;
    const float x = view_x(o.x, camera_x);
    if (x < b.left - 80.f || x > b.right() + 80.f) continue;
    if (o.kind == ObstacleKind::Hurdle)
      append_hurdle(out, o, x);
    else
      append_target(out, o, x);
  }
}

float hurdle_tip_angle(const SceneObstacle& o) {
  if (o.kind != ObstacleKind::Hurdle || !o.broken) return 0.f;
  const float u = std::clamp(o.broken_age / kHurdleTipSeconds, 0.f, 1.f);
  const float eased = 1.f - (1.f - u) * (1.f - u) * (1.f - u);  // easeOutCubic
  return 1.5707963f * eased;
}

void SceneRenderer::append_hurdle(VertexBatch& out, const SceneObstacle& o, float x) {
  // Side on, its whole silhouette is the sim's box [x, x + width] × [−height, 0]: two posts at
  // its edges, a striped top board between them, a lower rail, a shaded panel filling the rest,
  // a foot plank. Nothing is drawn outside the box but its shadow on the ground, so a runner
  // never seems to touch what the sim does not count, nor the other way round. Toppled by a
  // runner, it tips over forwards about its far foot and ends lying flat.
  const float h = std::clamp(o.height, 5.f, 200.f);
  const float w = std::clamp(o.width, 4.f, 60.f);
  const float angle = hurdle_tip_angle(o);
  const float c = std::cos(angle), sn = std::sin(angle);
  const sf::Vector2f pivot{x + w, 0.f};
  // Local coordinates: from the far foot, x back towards the near face (−w .. 0), y up (−h .. 0).
  const auto at = [&](float lx, float ly) {
    return sf::Vector2f{pivot.x + lx * c - ly * sn, pivot.y + lx * sn + ly * c};
  };
  const auto box = [&](float x0, float y0, float x1, float y1, sf::Color col) {
    out.quad(at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1), col);
  };
  const float lying = angle / 1.5707963f;
  out.ellipse({x + w * 0.5f + h * 0.5f * lying, 0.f}, {w * 0.5f + 8.f + h * 0.5f * lying, 3.f},
              with_opacity(palette::kShadow, 0.6f), 20);
  const float post = std::min(2.5f, w * 0.25f);
  const float board = std::min(9.f, h * 0.35f);
  box(-w, -h, 0.f, 0.f, with_opacity(palette::kPost, 0.45f));  // the panel behind the rails
  // Top board in diagonal stripes, its top edge catching the light.
  constexpr int kStripes = 4;
  for (int i = 0; i < kStripes; ++i) {
    const float a = -w + w * static_cast<float>(i) / kStripes;
    const float b = -w + w * static_cast<float>(i + 1) / kStripes;
    box(a, -h, b, -h + board, i % 2 == 0 ? palette::kHurdleStripe : palette::kHurdleBar);
  }
  box(-w, -h, 0.f, -h + 1.2f, sf::Color(255, 250, 240, 220));
  box(-w, -h + board - 1.2f, 0.f, -h + board, sf::Color(60, 30, 40, 140));
  // Lower rail, the two posts, the foot plank.
  const float rail = -h * 0.45f;
  box(-w, rail - 1.5f, 0.f, rail + 1.5f, palette::kHurdleBar);
  box(-w, -h, -w + post, 0.f, palette::kPost);
  box(-post, -h, 0.f, 0.f, palette::kPost);
  box(-w, -3.f, 0.f, 0.f, palette::kPost);
}

void SceneRenderer::append_target(VertexBatch& out, const SceneObstacle& o, float x0) {
  // A sheaf of straw standing on a foot plank, as tall as the obstacle: its silhouette, straw
  // tips included, stays inside the sim's box [x0, x0 + width] × [−height, 0]. Broken, only a low
  // tuft of straw is left on the plank (the rest bursts away).
  const float h = std::clamp(o.height, 20.f, 400.f);
  const float half = std::clamp(o.width / 2.f, 4.f, 30.f);
  const float x = x0 + half;  // the sheaf's axis
  out.ellipse({x + 2.f, 0.f}, {half + 8.f, 3.f}, palette::kShadow, 16);
  out.rect({x - half, -3.f, 2.f * half, 3.f}, palette::kPost);

  // The bundle: straw between y0 (bottom) and y1 (top), cinched by twine at two bands and
  // bulging between them, flaring into a broom-like top; at its widest (the top) it is the
  // box's width. Lit from the sun on the right. The tips reach the box's top (kTipTop).
  constexpr float kTipRoom = 13.f;  // units above the bundle for the longest straw tip
  const float y0 = -3.f;
  const float y1 = o.broken ? -std::min(12.f, h * 0.08f) : -(h - kTipRoom);
  constexpr float kBands[2] = {0.26f, 0.7f};
  constexpr float kWidest = 1.24f;  // half_at's largest factor (the flared top)
  auto half_at = [&](float u) {     // u: 0 bottom .. 1 top of the intact bundle
    float k;
    if (u < kBands[0])
      k = 0.74f + 0.22f * std::sin(3.1416f * (0.5f + 0.5f * u / kBands[0]));
    else if (u < kBands[1])
      k = 0.74f + 0.32f * std::sin(3.1416f * (u - kBands[0]) / (kBands[1] - kBands[0]));
    else
      k = 0.74f + 0.5f * (u - kBands[1]) / (1.f - kBands[1]);
    return half * (k / kWidest);
  };
  const float full = -(h - kTipRoom) - y0;  // bundle length when intact
  const int rows = 14;
  const sf::Color shade = mix(palette::kStrawDark, palette::kStraw, 0.25f);
  const sf::Color lit = mix(palette::kStraw, sf::Color(255, 240, 190), 0.35f);
  for (int i = 0; i < rows; ++i) {
    const float ya = y0 + (y1 - y0) * static_cast<float>(i) / rows;
    const float yb = y0 + (y1 - y0) * static_cast<float>(i + 1) / rows;
    const float wa = half_at((ya - y0) / full), wb = half_at((yb - y0) / full);
    // Three columns: shaded left, body, lit right.
    out.triangle({x - wa, ya}, {x - wb, yb}, {x, yb}, shade, shade, palette::kStraw);
    out.triangle({x - wa, ya}, {x, yb}, {x, ya}, shade, palette::kStraw, palette::kStraw);
    out.triangle({x, ya}, {x, yb}, {x + wb, yb}, palette::kStraw, palette::kStraw, lit);
    out.triangle({x, ya}, {x + wb, yb}, {x + wa, ya}, palette::kStraw, lit, lit);
  }
  // Strands along the bundle, following its outline.
  for (int k = -2; k <= 2; ++k) {
    const float f = static_cast<float>(k) / 2.6f;
    const float ua = 0.02f, ub = (y1 - y0) / full - 0.02f;
    const sf::Vector2f a{x + f * half_at(ua), y0 + full * ua},
        b{x + f * half_at(ub), y0 + full * ub};
    out.line(a, b, 0.8f, with_opacity(palette::kStrawDark, 0.75f));
  }
  // Frayed top: straw tips poking out of it in a fan, fixed per target.
  const float top_half = half_at((y1 - y0) / full);
  constexpr int kTips = 11;
  for (int i = 0; i < kTips; ++i) {
    const float u = (static_cast<float>(i) + 0.5f) / kTips;
    const float fx = x - (top_half - 1.7f) + 2.f * (top_half - 1.7f) * u;
    const float len =
        (o.broken ? 4.f : 5.f) + 7.f * unit_random(o.id, 500u + static_cast<std::uint64_t>(i));
    // The fan stays within the box: tips lean in from the edges.
    const float fan = std::clamp(
        (u - 0.5f) * 10.f + (unit_random(o.id, 600u + static_cast<std::uint64_t>(i)) - 0.5f) * 4.f,
        x - half + 1.f - fx, x + half - 1.f - fx);
    out.triangle({fx - 1.7f, y1 + 1.f}, {fx + 1.7f, y1 + 1.f}, {fx + fan, y1 - len},
                 i % 3 == 0 ? palette::kStrawDark : (i % 3 == 1 ? palette::kStraw : lit));
  }
  // Twine bands.
  for (float band : kBands) {
    const float yb = y0 + full * band;
    if (yb < y1) continue;  // above the stump of a broken target
    const float wb = half_at(band) + 0.8f;
    out.rect({x - wb, yb - 1.8f, 2.f * wb, 3.6f}, palette::kTwine);
    out.rect({x - wb, yb - 1.8f, 2.f * wb, 1.f}, mix(palette::kTwine, palette::kStraw, 0.4f));
  }
}

void SceneRenderer::append_bursts(VertexBatch& out, std::span<const SceneObstacle> obstacles,
                                  double camera_x, const sf::View& view) {
  const ViewBox b = box_of(view);
  for (const SceneObstacle& o : obstacles) {
    if (o.kind != ObstacleKind::StrawTarget || !o.broken || !straw_burst_visible(o.broken_age))
      continue;
    const float x = view_x(o.x + o.width / 2.0, camera_x);  // bursts from the sheaf's axis
    if (x < b.left - 400.f || x > b.right() + 400.f) continue;
    straw_burst(o.id, o.height, o.broken_age, particles_);
    for (const StrawParticle& p : particles_) {
      const sf::Vector2f c{x + p.pos.x, p.pos.y};
      const sf::Vector2f d{std::cos(p.angle) * p.length / 2.f, std::sin(p.angle) * p.length / 2.f};
      out.line(c - d, c + d, 1.6f,
               with_opacity(mix(palette::kStraw, palette::kStrawDark, p.shade), p.alpha));
    }
  }
}

void SceneRenderer::append_shadow(VertexBatch& out, const Placement& place, float pelvis_x,
                                  float lift) {
  // Smaller and fainter the higher the figure is: it reads the jump's height at a glance.
  const float k = std::clamp(1.f - lift / 220.f, 0.35f, 1.f);
  const sf::Vector2f c = place({pelvis_x, 0.f});
  const sf::Vector2f r{26.f * k * place.scale, 3.2f * k * place.scale};
  const sf::Color col = with_opacity(palette::kShadow, k * 0.6f);
  // Two overlapping ellipses: darker in the middle, a soft rim.
  out.ellipse(c, r * 1.35f, col, 20);
  out.ellipse(c, r * 0.8f, col, 20);
}

}  // namespace spear::client
