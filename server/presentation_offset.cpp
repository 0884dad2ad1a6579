#include "server/presentation_offset.hpp"

#include <algorithm>
#include <cmath>

namespace spear::server {

namespace {
// Where a glide would be wrong: the lab shows its readouts exactly, and a parked (or counting
// down) runner stands where the sim stopped it (sliding there would be a moonwalk).
bool shown_exactly(const sim::RunnerState& s) {
  return s.mode == sim::RunnerMode::Lab || s.mode == sim::RunnerMode::Parked ||
         s.mode == sim::RunnerMode::Countdown;
}

// Factor that shrinks an offset of size `size` for one tick: the exponential fade, but no step
// larger than max_step and none smaller than min_step (so that the tail ends).
double shrink_factor(double size, double fade, double min_step, double max_step) {
  if (size <= min_step) return 0.0;
  const double step = std::clamp(size * (1.0 - fade), min_step, max_step);
  return 1.0 - step / size;
}
}  // namespace

void PresentationOffset::correct(const sim::RunnerState& before, const sim::RunnerState& after) {
  const double dd = before.distance - after.distance;
  if (dd == 0.0 && before.pose.joints == after.pose.joints) return;  // nothing moved
  if (shown_exactly(before) || shown_exactly(after) || std::abs(dd + distance_) > kMaxDistance) {
    *this = PresentationOffset{};  // a cut: show the new state as it is
    return;
  }
  for (std::size_t j = 0; j < rig::kJointCount; ++j)
    joints_[j] += before.pose.joints[j] - after.pose.joints[j];
  distance_ += dd;
  idle_ = false;
}

bool PresentationOffset::shows_exactly(const sim::RunnerState& state) {
  return shown_exactly(state);
}

void PresentationOffset::fade(float dt) {
  if (idle_) return;
  const double fade = std::exp(-static_cast<double>(dt) / kFadeTime);
  const double max_step = static_cast<double>(kMaxSpeed) * dt;
  const double min_step = static_cast<double>(kMinSpeed) * dt;
  // The joints shrink together (the shown pose stays a blend of two poses of the figure), at
  // the pace the largest one allows.
  float largest = 0.f;
  for (const rig::Vec2& o : joints_) largest = std::max(largest, rig::length(o));
  const auto k = static_cast<float>(shrink_factor(largest, fade, min_step, max_step));
  for (rig::Vec2& o : joints_) o = o * k;
  distance_ *= shrink_factor(std::abs(distance_), fade, min_step, max_step);
  if (k == 0.f && distance_ == 0.0) *this = PresentationOffset{};
}

void PresentationOffset::apply(net::RunnerSnapshot& runner) const {
  if (idle_) return;
  for (std::size_t j = 0; j < rig::kJointCount; ++j) runner.pose.joints[j] += joints_[j];
  runner.distance += distance_;
}

}  // namespace spear::server
