#include "core/figure_motion.hpp"

#include <algorithm>

namespace spear::client {

void FigureMotion::apply(RunnerView& view, float dt_cosmetic) {
  const std::uint32_t id = view.frame.id;
  auto [it, fresh] = secondary_.try_emplace(id);
  auto& pose = pose_[id];
  if (dt_cosmetic > 0.f || fresh) {
    const bool airborne = view.frame.mode == net::RunnerMode::Jumping;
    pose = rig::step_secondary(it->second, view.frame.pose, view.frame.speed, airborne,
                               std::min(dt_cosmetic, 1.f / 30.f));
  }
  view.secondary = pose;
  view.ground_x = treadmills_[id].update(view.frame);
}

void FigureMotion::keep_only(std::span<const std::uint32_t> ids) {
  const auto gone = [&](const auto& kv) {
    return !std::binary_search(ids.begin(), ids.end(), kv.first);
  };
  std::erase_if(secondary_, gone);
  std::erase_if(pose_, gone);
  std::erase_if(treadmills_, gone);
}

}  // namespace spear::client
