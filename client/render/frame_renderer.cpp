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

FigureStyle tinted_style(sf::Color tint) {
  const sf::Color far = mix(tint, palette::kInk, 0.45f);
  // Opaque inside the rival layer: the layer's own opacity fades the whole figure at once.
  return {tint,
          far,
          1.f,
          rig::kFarLimbWidthScale,
          mix(tint, palette::kShaft, 0.6f),
          mix(tint, palette::kSpearHead, 0.7f),
          far,
          mix(tint, palette::kHairTie, 0.5f),
          palette::kHeadOutline};
}
}  // namespace

int rival_fade_level(double gap) {
  const double u = (std::abs(gap) - kRivalNearUnits) / kRivalFadeUnits;
  if (!(u > 0.0)) return 0;  // NaN too: faded
  return static_cast<int>(std::lround(std::min(u, 1.0) * (kRivalFadeLevels - 1)));
}

float rival_fade_opacity(int level) {
  const float u = static_cast<float>(std::clamp(level, 0, kRivalFadeLevels - 1)) /
                  static_cast<float>(kRivalFadeLevels - 1);
  return palette::kRivalNearOpacity + (palette::kRivalOpacity - palette::kRivalNearOpacity) * u;
}

FigureStyle rival_style(int id) { return tinted_style(palette::runner_tint(id)); }

FigureStyle rival_style(int id, int depth) {
  // Hazier the farther back: towards the far track's colour, as the far hills are.
  const float haze = 0.045f * static_cast<float>(std::clamp(depth, 0, kGhostDepths));
  return tinted_style(mix(palette::runner_tint(id), palette::kTrackFar, haze));
}

FigureStyle ghost_style() { return tinted_style(palette::kGhost); }

FigureStyle held_style() { return tinted_style(palette::kHeld); }

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

sf::View FrameRenderer::scene_view(sf::Vector2u size, const FrameInputs& in) {
  sf::View world = world_view(size);
  const sf::Vector2f kick = in.camera_offset;
  if (std::isfinite(kick.x) && std::isfinite(kick.y)) world.move(kick);
  return world;
}

void FrameRenderer::append_dust(const FrameInputs& in, double ground) {
  // Dust rolls along the ground line in front of the feet, translucent.
  for (const DustPuff& puff : in.dust) {
    dust_puff(puff, dust_particles_);
    const float x = static_cast<float>(puff.x - ground);
    // Each grain a soft blob: a faint halo under a denser core, so the puff reads as a cloud.
    for (const DustParticle& p : dust_particles_) {
      const sf::Vector2f c{x + p.pos.x, p.pos.y};
      world_.disc(c, p.radius * 1.6f, with_opacity(palette::kDust, p.alpha * 0.45f), 14);
      world_.disc(c, p.radius, with_opacity(palette::kDust, p.alpha), 12);
    }
  }
}

void FrameRenderer::prepare(sf::Vector2u size, const FrameInputs& in) {
  const Letterbox box = letterbox(size);
  const sf::View world = scene_view(size, in);
  const double cam = std::isfinite(in.camera_x) ? in.camera_x : 0.0;

  background_.clear();
  world_.clear();
  overlay_.clear();

  const double ground = in.ground_x && std::isfinite(*in.ground_x) ? *in.ground_x : cam;
  scene_.append_background(background_, world, ground, std::isfinite(in.time) ? in.time : 0.f);

  // Rivals, each in its tint and its own lane, drawn opaque into the batch of its fade step so
  // the layer can fade each figure as a whole; the ones close to the followed runner fade down.
  // The ghost goes into a layer of its own, as an outline.
  for (VertexBatch& b : rivals_) b.clear();
  ghost_rim_.clear();
  ghost_cut_.clear();
  tags_.clear();
  followed_head_.reset();
  double followed_x = cam;
  for (const FigureView& f : in.runners) {
    if (!f.followed || !std::isfinite(f.x)) continue;
    followed_x = f.x;
    const sf::Vector2f at{static_cast<float>(f.x - cam), 0.f};
    followed_head_.emplace(at + sf::Vector2f{f.secondary.head.x, f.secondary.head.y},
                           std::max(f.pose.head_r, rig::kMinHeadRadius));
  }
  // Farther lanes first: within a batch a nearer figure covers a farther one, and the batches
  // are composited far to near (submit), the fade steps rising with the lane (below).
  const auto depth_of = [&](const FigureView& f) {
    return f.depth > 0 ? std::min(f.depth, kGhostDepths) : ghost_depth(f.lane, in.followed_lane);
  };
  rival_order_.clear();
  for (const FigureView& f : in.runners) rival_order_.push_back(&f);
  std::stable_sort(
      rival_order_.begin(), rival_order_.end(),
      [&](const FigureView* a, const FigureView* b) { return depth_of(*a) > depth_of(*b); });
  for (const FigureView* fp : rival_order_) {
    const FigureView& f = *fp;
    if (f.followed || in.lab_stage || !std::isfinite(f.x)) continue;
    const float vx = static_cast<float>(f.x - cam);
    if (vx < -box.world_size.x || vx > box.world_size.x) continue;  // well off screen
    const int depth = depth_of(f);
    const Placement place = lane_placement(vx, depth);
    // Faded near the followed runner, but less the farther back its lane: the far lanes stand
    // clear of the followed figure.
    const int level =
        std::max(rival_fade_level(f.x - followed_x), std::min(depth - 1, kRivalFadeLevels - 1));
    if (f.ghost) {
      // Copies of the figure round its place make the rim; the figure cut out of them leaves
      // the outline, so the figure behind the ghost shows through whole.
      const FigureStyle gold = ghost_style();
      constexpr int kRim = 8;
      for (int k = 0; k < kRim; ++k) {
        const float a = 2.f * 3.14159265f * static_cast<float>(k) / kRim;
        Placement p = place;
        p.origin += sf::Vector2f{std::cos(a), std::sin(a)} * kGhostOutline;
        figures_.append(ghost_rim_, f.pose, f.secondary, p, gold);
      }
      figures_.append(ghost_cut_, f.pose, f.secondary, place, gold);
    } else {
      VertexBatch& batch = rivals_[static_cast<std::size_t>(level)];
      scene_.append_shadow(batch, place, f.pose[Joint::Pelvis].x, lift_of(f.pose));
      figures_.append(batch, f.pose, f.secondary, place, rival_style(f.id, depth));
    }
    const rig::Vec2 head = f.secondary.head;
    const float top = head.y - std::max(f.pose.head_r, rig::kMinHeadRadius) - 10.f;
    // The ghost's key is past every runner id's (ids are 16-bit on the wire).
    const std::uint32_t key = f.ghost ? 0xffffffffu : static_cast<std::uint32_t>(f.id);
    tags_.push_back({place({head.x, top}), clip_name(f.name, kTagChars),
                     f.ghost ? palette::kGhost : palette::runner_tint(f.id),
                     f.ghost ? 0.8f : rival_fade_opacity(level), std::abs(f.x - followed_x), key});
  }

  const std::span<const SceneObstacle> obstacles =
      in.lab_stage ? std::span<const SceneObstacle>{} : in.obstacles;
  scene_.append_obstacles(world_, obstacles, cam, world, SceneRenderer::ObstaclePass::BehindFigure);
  const FigureStyle player = player_style();
  const FigureView* followed = nullptr;
  for (const FigureView& f : in.runners) {
    if (!f.followed) continue;
    followed = &f;
    const Placement place{{static_cast<float>(f.x - cam), 0.f}, 1.f};
    scene_.append_shadow(world_, place, f.pose[Joint::Pelvis].x, lift_of(f.pose));
    figures_.append(world_, f.pose, f.secondary, place, f.held ? held_style() : player);
  }
  if (followed != nullptr)
    append_smear(world_, in.smear, Placement{{static_cast<float>(followed->x - cam), 0.f}, 1.f});
  scene_.append_obstacles(world_, obstacles, cam, world,
                          SceneRenderer::ObstaclePass::InFrontOfFigure);
  append_dust(in, ground);
  scene_.append_bursts(world_, obstacles, cam, world);
  if (in.skeleton_overlay && followed != nullptr) {
    const Placement place{{static_cast<float>(followed->x - cam), 0.f}, 1.f};
    append_skeleton_overlay(overlay_, followed->pose, in.rig_debug, place);
  }
  std::size_t rival_vertices = ghost_rim_.size() + ghost_cut_.size();
  for (const VertexBatch& b : rivals_) rival_vertices += b.size();
  last_vertices_ = background_.size() + rival_vertices + world_.size() + overlay_.size();
}

void FrameRenderer::submit(sf::RenderTarget& target, const FrameInputs& in) {
  const sf::Vector2u size = target.getSize();
  const Letterbox box = letterbox(size);
  const sf::View world = scene_view(size, in);
  target.clear(palette::kLetterboxBars);
  target.setView(world);
  background_.draw(target);

  // The most opaque step first: it holds the farthest lanes near the followed runner.
  for (int level = kRivalFadeLevels - 1; level >= 0; --level) {
    VertexBatch& batch = rivals_[static_cast<std::size_t>(level)];
    if (batch.empty()) continue;
    const float opacity = rival_fade_opacity(level);
    const sf::Vector2u layer_size{static_cast<unsigned>(box.pixels.width),
                                  static_cast<unsigned>(box.pixels.height)};
    if (ensure_ghost_layer(layer_size)) {
      sf::View layer_view = world;
      layer_view.setViewport({0.f, 0.f, 1.f, 1.f});
      ghost_layer_->setView(layer_view);
      ghost_layer_->clear(sf::Color::Transparent);
      batch.draw(*ghost_layer_);
      ghost_layer_->display();
      // The layer holds premultiplied colour (drawn over transparent black): composite it so.
      sf::Sprite sprite(ghost_layer_->getTexture());
      const auto a = static_cast<sf::Uint8>(std::lround(255.f * opacity));
      sprite.setColor(sf::Color(a, a, a, a));
      sprite.setPosition(static_cast<float>(box.pixels.left), static_cast<float>(box.pixels.top));
      target.setView(sf::View(
          sf::FloatRect(0.f, 0.f, static_cast<float>(size.x), static_cast<float>(size.y))));
      target.draw(sprite, sf::RenderStates(
                              sf::BlendMode(sf::BlendMode::One, sf::BlendMode::OneMinusSrcAlpha)));
      target.setView(world);
    } else {
      // No second render texture: per-vertex opacity (overlaps show a little darker).
      batch.fade(opacity);
      batch.draw(target);
    }
  }
  draw_ghost(target, world, box);
  draw_tags(target, world);
  target.setView(world);

  world_.draw(target);
  overlay_.draw(target);
  if (in.hud != nullptr) hud_.draw(target, *in.hud, fonts_.has_regular ? &fonts_ : nullptr);
}

void FrameRenderer::draw_ghost(sf::RenderTarget& target, const sf::View& world,
                               const Letterbox& box) {
  if (ghost_rim_.empty()) return;
  const sf::Vector2u size = target.getSize();
  const sf::Vector2u layer_size{static_cast<unsigned>(box.pixels.width),
                                static_cast<unsigned>(box.pixels.height)};
  if (!ensure_ghost_layer(layer_size)) {
    // No second render texture: the rim alone, faint (the figure inside it shows a little).
    ghost_rim_.fade(0.35f * kGhostOpacity);
    ghost_rim_.draw(target);
    return;
  }
  sf::View layer_view = world;
  layer_view.setViewport({0.f, 0.f, 1.f, 1.f});
  ghost_layer_->setView(layer_view);
  ghost_layer_->clear(sf::Color::Transparent);
  ghost_rim_.draw(*ghost_layer_);
  // The figure itself cut out of the rim: what it covers becomes transparent again.
  ghost_cut_.draw(*ghost_layer_, sf::RenderStates(sf::BlendMode(sf::BlendMode::Zero,
                                                                sf::BlendMode::OneMinusSrcAlpha)));
  ghost_layer_->display();
  sf::Sprite sprite(ghost_layer_->getTexture());
  const auto a = static_cast<sf::Uint8>(std::lround(255.f * kGhostOpacity));
  sprite.setColor(sf::Color(a, a, a, a));
  sprite.setPosition(static_cast<float>(box.pixels.left), static_cast<float>(box.pixels.top));
  target.setView(
      sf::View(sf::FloatRect(0.f, 0.f, static_cast<float>(size.x), static_cast<float>(size.y))));
  target.draw(sprite,
              sf::RenderStates(sf::BlendMode(sf::BlendMode::One, sf::BlendMode::OneMinusSrcAlpha)));
  target.setView(world);
}

void FrameRenderer::draw_tags(sf::RenderTarget& target, const sf::View& world) {
  // Small pills above the rivals' heads, in HUD pixels (crisp at any size), drawn behind the
  // followed figure and the obstacles like the rivals themselves. Laid out by core/tag_layout:
  // one a runner, none over another nor over the followed runner's head, kept by the same
  // rivals from frame to frame.
  const sf::Vector2u size = target.getSize();
  const Letterbox box = letterbox(size);
  const float s = hud_scale(size);
  tag_shapes_.clear();
  tag_wishes_.clear();
  tag_of_wish_.clear();
  tag_clear_.clear();
  tag_texts_.begin(fonts_.regular_or_null(), fonts_.bold_or_regular());
  const unsigned font_px = static_cast<unsigned>(std::max(8.f, std::round(12.f * s)));
  const auto to_area = [&](sf::Vector2f w) {
    const sf::Vector2i p = target.mapCoordsToPixel(w, world);
    return sf::Vector2f{static_cast<float>(p.x - box.pixels.left),
                        static_cast<float>(p.y - box.pixels.top)};
  };
  if (followed_head_) {
    // The followed runner's head and everything above it, kept clear.
    const auto [head, r] = *followed_head_;
    const sf::Vector2f a = to_area(head - sf::Vector2f{r + kHeadClearUnits, 0.f});
    const sf::Vector2f b = to_area(head + sf::Vector2f{r + kHeadClearUnits, r + 2.f});
    tag_clear_.push_back({a.x, -1e6f, b.x - a.x, b.y + 1e6f});
  }
  const float h = static_cast<float>(font_px) + 6.f * s;
  for (const NameTag& tag : tags_) {
    const sf::Vector2f at = to_area(tag.world);
    const float w = tag_texts_.has_font() ? tag_texts_.measure(tag.text, font_px, true) : 24.f * s;
    // A rival whose head is off screen has no tag (the race strip shows where it is): kept at
    // the edge, the tags of everyone behind would stack up there.
    if (at.x < -w / 2.f || at.x > static_cast<float>(box.pixels.width) + w / 2.f) continue;
    TagBox pill{at.x - w / 2.f - 5.f * s, std::max(2.f * s, at.y - h), w + 10.f * s, h};
    // Kept inside the drawn area (a rival at the edge shows its whole tag).
    pill.left =
        std::clamp(pill.left, 2.f * s,
                   std::max(2.f * s, static_cast<float>(box.pixels.width) - pill.width - 2.f * s));
    tag_wishes_.push_back({tag.runner, pill, tag.from_followed});
    tag_of_wish_.push_back(&tag);
  }
  if (tag_wishes_.empty()) {
    tag_layout_.place({}, {}, kMaxTagRise, 2.f * s);  // nobody tagged: forget the owners
    return;
  }
  for (const PlacedTag& placed : tag_layout_.place(tag_wishes_, tag_clear_, kMaxTagRise, 2.f * s)) {
    const NameTag& tag = *tag_of_wish_[placed.wish];
    const sf::FloatRect pill{placed.box.left, placed.box.top, placed.box.width, placed.box.height};
    tag_shapes_.rounded_rect(pill, h / 2.f,
                             with_opacity(palette::kHudPanel, std::min(1.f, tag.opacity * 1.3f)));
    tag_shapes_.rect({pill.left + h / 2.f, pill.top + pill.height - 2.f * s, pill.width - h,
                      std::max(1.f, 2.f * s)},
                     with_opacity(tag.tint, tag.opacity));
    sf::Color text = mix(palette::kHudText, tag.tint, 0.25f);
    text = with_opacity(text, std::min(1.f, tag.opacity * 1.15f));
    tag_texts_.add(tag.text, {pill.left + pill.width / 2.f, pill.top + 1.f * s}, font_px, text,
                   Align::Centre, true);
  }
  target.setView(hud_view(size));
  tag_shapes_.draw(target);
  tag_texts_.draw(target);
}

}  // namespace spear::client
