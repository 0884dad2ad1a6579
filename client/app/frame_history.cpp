#include "app/frame_history.hpp"

#include <algorithm>
#include <cmath>

#include "core/pose_blend.hpp"

namespace spear::client {
namespace {

constexpr double kCutUnits = 100.0;  // the camera moving this far between two frames is a cut

bool is_cut(const FrameData& a, const FrameData& b) {
  return a.followed_lane != b.followed_lane || a.lab_stage != b.lab_stage ||
         a.has_followed != b.has_followed || !(std::abs(b.camera_x - a.camera_x) < kCutUnits);
}

double lerp(double a, double b, float u) { return a + (b - a) * static_cast<double>(u); }

}  // namespace

FrameData blend_frames(const FrameData& a, const FrameData& b, float u) {
  u = std::clamp(std::isfinite(u) ? u : 1.f, 0.f, 1.f);
  FrameData out = u < 0.5f ? a : b;
  if (is_cut(a, b)) return out;
  out.camera_x = lerp(a.camera_x, b.camera_x, u);
  out.ground_x = lerp(a.ground_x, b.ground_x, u);
  out.time = a.time + (b.time - a.time) * u;
  out.followed_distance = lerp(a.followed_distance, b.followed_distance, u);
  if (a.rig_x_from_rig == b.rig_x_from_rig) out.rig_x = lerp(a.rig_x, b.rig_x, u);
  for (FigureView& f : out.figures) {
    const auto find = [&](const FrameData& d) -> const FigureView* {
      for (const FigureView& g : d.figures)
        if (g.id == f.id) return &g;
      return nullptr;
    };
    const FigureView *fa = find(a), *fb = find(b);
    if (fa == nullptr || fb == nullptr || !(std::abs(fb->x - fa->x) < kCutUnits)) continue;
    f.pose = lerp_pose(fa->pose, fb->pose, u);
    f.secondary.head = rig::lerp(fa->secondary.head, fb->secondary.head, u);
    for (std::size_t i = 0; i < f.secondary.hair.size(); ++i)
      f.secondary.hair[i] = rig::lerp(fa->secondary.hair[i], fb->secondary.hair[i], u);
    f.x = lerp(fa->x, fb->x, u);
    if (f.followed) {  // as drawn, like the live frame's
      out.contact = drawn_foot_contact(f.pose);
      out.body_down = drawn_body_down(f.pose);
    }
  }
  for (SceneObstacle& o : out.obstacles) {
    const auto find = [&](const FrameData& d) -> const SceneObstacle* {
      for (const SceneObstacle& p : d.obstacles)
        if (p.id == o.id) return &p;
      return nullptr;
    };
    const SceneObstacle *oa = find(a), *ob = find(b);
    if (oa && ob && oa->broken && ob->broken)
      o.broken_age = oa->broken_age + (ob->broken_age - oa->broken_age) * u;
  }
  return out;
}

void FrameHistory::push(double t, const FrameData& frame) {
  if (!frames_.empty() && !(t > frames_.back().first)) {
    frames_.back().second = frame;
  } else {
    frames_.emplace_back(t, frame);
  }
  while (frames_.size() > 2 && frames_[1].first < frames_.back().first - span_) frames_.pop_front();
}

FrameData FrameHistory::sample(double t) const {
  if (frames_.empty()) return {};
  if (!(t > frames_.front().first)) return frames_.front().second;
  if (!(t < frames_.back().first)) return frames_.back().second;
  const auto after = std::upper_bound(frames_.begin(), frames_.end(), t,
                                      [](double v, const auto& f) { return v < f.first; });
  const auto before = std::prev(after);
  const double gap = after->first - before->first;
  if (!(gap > 0.0)) return after->second;
  return blend_frames(before->second, after->second, static_cast<float>((t - before->first) / gap));
}

}  // namespace spear::client
