#include "render/frame_renderer.hpp"

#include <SFML/Graphics/Sprite.hpp>
#include <algorithm>
#include <cmath>

#include "render/palette.hpp"
#include "render/skeleton_overlay.hpp"
#include "render/view.hpp"

namespace spear::client {
namespace {

using rig::Joint;

// Height of the lowest foot above the lane (0 when standing), units.
float lift_of(const rig::Pose& pose) {
  return std::max(0.f, -std::max(pose[Joint::FootNear].y, pose[Joint::FootFar].y));
}

}  // namespace

FrameRenderer::FrameRenderer() = default;
FrameRenderer::~FrameRenderer() = default;

std::string FrameRenderer::load_fonts(const std::vector<std::filesystem::path>& dirs) {
  return spear::client::load_fonts(fonts_, dirs);
}

bool FrameRenderer::ensure_ghost_layer(sf::Vector2u size) {
  if (ghost_layer_failed_) return false;
  if (ghost_layer_ && ghost_layer_size_ == size) return true;
  auto layer = std::make_unique<sf::RenderTexture>();
  sf::ContextSettings settings;
  settings.antialiasingLevel = std::min(4u, sf::RenderTexture::getMaximumAntialiasingLevel());
  if (!layer->create(size.x, size.y, settings)) {
    ghost_layer_failed_ = true;  // draw ghosts straight onto the target from now on
    ghost_layer_.reset();
    return false;
  }
  layer->setSmooth(true);
  ghost_layer_ = std::move(layer);
  ghost_layer_size_ = size;
  return true;
}

void FrameRenderer::draw_frame(sf::RenderTarget& target, const FrameInputs& in) {
  prepare(target.getSize(), in);
  submit(target, in);
}

void FrameRenderer::prepare(sf::Vector2u size, const FrameInputs& in) {
  const Letterbox box = letterbox(size);
  const sf::View world = world_view(size);
  const double cam = std::isfinite(in.camera_x) ? in.camera_x : 0.0;

  background_.clear();
  ghosts_.clear();
  world_.clear();
  overlay_.clear();

  const double ground = in.ground_x && std::isfinite(*in.ground_x) ? *in.ground_x : cam;
  scene_.append_background(background_, world, ground, std::isfinite(in.time) ? in.time : 0.f);

  // Other runners, drawn opaque so the layer can make them faint as a whole.
  const FigureStyle ghost = ghost_style();
  for (const FigureView& f : in.runners) {
    if (f.followed || in.lab_stage) continue;
    const float vx = static_cast<float>(f.x - cam);
    if (vx < -box.world_size.x || vx > box.world_size.x) continue;  // well off screen
    const Placement place = lane_placement(vx, ghost_depth(f.lane, in.followed_lane));
    scene_.append_shadow(ghosts_, place, f.pose[Joint::Pelvis].x, lift_of(f.pose));
    figures_.append(ghosts_, f.pose, f.secondary, place, ghost);
  }

  const std::span<const SceneObstacle> obstacles =
      in.lab_stage ? std::span<const SceneObstacle>{} : in.obstacles;
  scene_.append_obstacles(world_, obstacles, cam, world);
  const FigureStyle player = player_style();
  const FigureView* followed = nullptr;
  for (const FigureView& f : in.runners) {
    if (!f.followed) continue;
    followed = &f;
    const Placement place{{static_cast<float>(f.x - cam), 0.f}, 1.f};
    scene_.append_shadow(world_, place, f.pose[Joint::Pelvis].x, lift_of(f.pose));
    figures_.append(world_, f.pose, f.secondary, place, player);
  }
  scene_.append_bursts(world_, obstacles, cam, world);
  if (in.skeleton_overlay && followed != nullptr) {
    const Placement place{{static_cast<float>(followed->x - cam), 0.f}, 1.f};
    append_skeleton_overlay(overlay_, followed->pose, in.rig_debug, place);
  }
  last_vertices_ = background_.size() + ghosts_.size() + world_.size() + overlay_.size();
}

void FrameRenderer::submit(sf::RenderTarget& target, const FrameInputs& in) {
  const sf::Vector2u size = target.getSize();
  const Letterbox box = letterbox(size);
  const sf::View world = world_view(size);
  target.clear(palette::kLetterboxBars);
  target.setView(world);
  background_.draw(target);

  if (!ghosts_.empty()) {
    const sf::Vector2u layer_size{static_cast<unsigned>(box.pixels.width),
                                  static_cast<unsigned>(box.pixels.height)};
    if (ensure_ghost_layer(layer_size)) {
      sf::View layer_view = world;
      layer_view.setViewport({0.f, 0.f, 1.f, 1.f});
      ghost_layer_->setView(layer_view);
      ghost_layer_->clear(sf::Color::Transparent);
      ghosts_.draw(*ghost_layer_);
      ghost_layer_->display();
      // The layer holds premultiplied colour (drawn over transparent black): composite it so.
      sf::Sprite sprite(ghost_layer_->getTexture());
      const auto a = static_cast<sf::Uint8>(std::lround(255.f * palette::kGhostOpacity));
      sprite.setColor(sf::Color(a, a, a, a));
      sprite.setPosition(static_cast<float>(box.pixels.left), static_cast<float>(box.pixels.top));
      target.setView(sf::View(
          sf::FloatRect(0.f, 0.f, static_cast<float>(size.x), static_cast<float>(size.y))));
      target.draw(sprite, sf::RenderStates(
                              sf::BlendMode(sf::BlendMode::One, sf::BlendMode::OneMinusSrcAlpha)));
      target.setView(world);
    } else {
      // No second render texture: per-vertex opacity (overlaps show a little darker).
      ghosts_.fade(palette::kGhostOpacity);
      ghosts_.draw(target);
    }
  }

  world_.draw(target);
  overlay_.draw(target);
  if (in.hud != nullptr) hud_.draw(target, *in.hud, fonts_.has_regular ? &fonts_ : nullptr);
}

}  // namespace spear::client
