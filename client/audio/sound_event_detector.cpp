#include "audio/sound_event_detector.hpp"

#include <algorithm>

namespace spear::audio {

namespace {
float footstep_gain(float speed, int foot) {
  // Walking pace (~100 units/s) at 0.6, the run (380+) at full; the far foot 20 % softer.
  const float pace = std::clamp(speed / 380.f, 0.f, 1.f);
  return (0.55f + 0.45f * pace) * (foot == 0 ? 1.f : 0.8f);
}
}  // namespace

void SoundEventDetector::take_in(const client::RunnerView& r,
                                 std::span<const client::ObstacleView> obstacles) {
  runner_ = r.frame.id;
  mode_ = r.frame.mode;
  contact_ = client::drawn_foot_contact(r.frame.pose);
  const bool fallen =
      r.frame.mode == net::RunnerMode::Falling || r.frame.mode == net::RunnerMode::Down;
  body_landed_ = fallen && client::drawn_body_down(r.frame.pose);
  in_air_ = false;
  breaks_.clear();
  for (const client::ObstacleView& o : obstacles)
    if (o.broken) breaks_[o.obstacle.index] = o.broken_age;
}

std::vector<SoundEvent> SoundEventDetector::update(
    double t, const client::RunnerView* followed, std::span<const client::ObstacleView> obstacles) {
  std::vector<SoundEvent> out;
  if (!followed) {
    runner_.reset();
    return out;
  }
  const client::RunnerView& r = *followed;
  if (runner_ != r.frame.id) {
    take_in(r, obstacles);
    return out;
  }

  const net::RunnerMode mode = r.frame.mode;
  if (mode != mode_) {
    if (mode == net::RunnerMode::Thrusting) out.push_back({SoundKind::Whoosh, t, 1.f});
    mode_ = mode;
  }

  const bool fallen = mode == net::RunnerMode::Falling || mode == net::RunnerMode::Down;
  // One thud a fall: the bounce after the impact lifts the pelvis past the line again.
  if (!fallen) body_landed_ = false;
  if (fallen && !body_landed_ && client::drawn_body_down(r.frame.pose)) {
    out.push_back({SoundKind::Thud, t, 1.f});
    body_landed_ = true;
  }

  const std::array<bool, 2> contact = client::drawn_foot_contact(r.frame.pose);
  if (mode == net::RunnerMode::Jumping && !in_air_ && !contact[0] && !contact[1] &&
      (contact_[0] || contact_[1])) {
    out.push_back({SoundKind::TakeOff, t, 1.f});
    in_air_ = true;
  }
  if (fallen) in_air_ = false;  // a crash in the air lands as a thud
  bool landed = false;
  for (int i = 0; i < 2; ++i) {
    if (!contact[i] || contact_[i]) continue;
    if (in_air_) {
      if (!landed) out.push_back({SoundKind::Landing, t, 1.f});  // two feet at once: one sound
      landed = true;
    } else {
      out.push_back({SoundKind::Footstep, t, footstep_gain(r.frame.speed, i)});
    }
  }
  if (landed) in_air_ = false;
  contact_ = contact;

  for (const client::ObstacleView& o : obstacles) {
    if (!o.broken) {
      breaks_.erase(o.obstacle.index);
      continue;
    }
    const auto seen = breaks_.find(o.obstacle.index);
    // New: never seen broken, or its age went back (broken again in a later run).
    const bool fresh = seen == breaks_.end() || o.broken_age < seen->second - 0.1f;
    if (fresh && o.broken_age >= 0.f && o.broken_age < kFreshBreak)
      out.push_back({SoundKind::Crunch, t, 1.f});
    breaks_[o.obstacle.index] = o.broken_age;
  }
  return out;
}

}  // namespace spear::audio
