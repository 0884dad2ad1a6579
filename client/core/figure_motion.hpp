#pragma once
// What each drawn figure carries from frame to frame besides its frame: the sprung head and hair
// (rig/secondary.hpp) and the lab's treadmill (core/treadmill.hpp). Kept per runner id while
// the runner is in view, forgotten when it leaves (a runner that comes back starts at rest).
#include <cstdint>
#include <span>
#include <unordered_map>

#include "core/runner_view.hpp"
#include "core/treadmill.hpp"
#include "rig/secondary.hpp"

namespace spear::client {

class FigureMotion {
 public:
  // Fills `view.secondary` and `view.ground_x` from its frame. dt_cosmetic seconds of secondary
  // motion (0 holds the hair and head still; a figure seen for the first time settles at once).
  void apply(RunnerView& view, float dt_cosmetic);
  // Forgets every runner not in `ids` (ascending).
  void keep_only(std::span<const std::uint32_t> ids);

 private:
  std::unordered_map<std::uint32_t, rig::Secondary> secondary_;
  std::unordered_map<std::uint32_t, rig::SecondaryPose> pose_;
  std::unordered_map<std::uint32_t, Treadmill> treadmills_;
};

}  // namespace spear::client
