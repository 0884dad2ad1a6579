#include "app/impact_effects.hpp"

#include <algorithm>
#include <cmath>

#include "render/camera_kick.hpp"

namespace spear::client {
namespace {

const FigureView* followed_figure(const FrameData& f) {
  for (const FigureView& v : f.figures)
    if (v.followed) return &v;
  return nullptr;
}

}  // namespace

void ImpactEffects::start_puff(const FrameData& f, const FigureView& fig, rig::Vec2 foot, double t,
                               float strength) {
  // The foot is drawn at view x = fig.x − camera_x + foot.x, and the ground point drawn at view
  // x = 0 (the followed figure's anchor) is ground_x: so the foot stands on ground point
  const double x = f.ground_x + (fig.x - f.camera_x) + foot.x;
  if (!std::isfinite(x)) return;
  puffs_.push_back({x, t, strength, ++puff_count_ * 2654435761u});
}

bool ImpactEffects::observe(const FrameData& f, double t, double wall_t) {
  const FigureView* fig = followed_figure(f);
  const int followed = fig ? fig->id : -1;
  // A cut (another runner, the lab entered or left, the first frame): start over from what is
  // shown, with no news from it.
  const bool cut = !seen_ || followed != followed_ || f.lab_stage != lab_ || t < last_t_;
  bool broke = false;
  std::vector<std::uint32_t> broken;
  for (const SceneObstacle& o : f.obstacles) {
    if (o.kind != ObstacleKind::StrawTarget || !o.broken) continue;
    broken.push_back(o.id);
    const bool known = std::find(broken_.begin(), broken_.end(), o.id) != broken_.end();
    if (!known && !cut && o.broken_age < kBreakFreshSeconds) broke = true;
  }
  broken_ = std::move(broken);
  if (broke) kick_at_ = wall_t;

  if (cut) {
    puffs_.clear();
    smear_.clear();
    airborne_since_.reset();
  }
  // A frame at a new display time (the hit-stop holds it: the same frame again adds nothing).
  const bool fresh = cut || t > last_t_;
  if (fig != nullptr) {
    const rig::Vec2 feet[2] = {fig->pose[rig::Joint::FootNear], fig->pose[rig::Joint::FootFar]};
    if (fresh && !cut) {
      const bool was_airborne = !contact_[0] && !contact_[1];
      const bool landing =
          was_airborne && airborne_since_ && t - *airborne_since_ >= kLandingAirSeconds;
      for (int i = 0; i < 2; ++i) {
        if (f.contact[static_cast<std::size_t>(i)] && !contact_[static_cast<std::size_t>(i)])
          start_puff(f, *fig, feet[i], t, landing ? kLandingStrength : kStepStrength);
      }
    }
    const bool airborne = !f.contact[0] && !f.contact[1];
    if (!airborne)
      airborne_since_.reset();
    else if (!airborne_since_)
      airborne_since_ = t;
    contact_ = f.contact;
    // The smear: the spear's front while the thrust plays.
    if (fresh && f.followed_mode == net::RunnerMode::Thrusting) {
      const rig::Vec2 tail = fig->pose[rig::Joint::SpearTail],
                      tip = fig->pose[rig::Joint::SpearTip];
      const float len = rig::distance(tail, tip);
      if (len > kSmearReach) {
        const rig::Vec2 back = tip + (tail - tip) * (kSmearReach / len);
        smear_.push_back({{tip, back, 0.f}, t});
      }
    }
  }
  while (!puffs_.empty() && t - puffs_.front().t > dust_life(kLandingStrength)) puffs_.pop_front();
  while (!smear_.empty() && t - smear_.front().t > kSmearSeconds) smear_.pop_front();
  seen_ = true;
  followed_ = followed;
  lab_ = f.lab_stage;
  last_t_ = t;
  return broke;
}

void ImpactEffects::decorate(FrameData& f, double t, double wall_t) const {
  f.dust.clear();
  for (const Puff& p : puffs_) {
    const DustPuff d{p.x, static_cast<float>(t - p.t), p.strength, p.seed};
    if (dust_visible(d)) f.dust.push_back(d);
  }
  f.smear.clear();
  for (const Smear& s : smear_) {
    SmearSample a = s.sample;
    a.age = static_cast<float>(t - s.t);
    f.smear.push_back(a);
  }
  f.camera_offset = kick_at_ ? camera_kick(static_cast<float>(wall_t - *kick_at_)) : sf::Vector2f{};
}

}  // namespace spear::client
