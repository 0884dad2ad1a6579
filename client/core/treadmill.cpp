#include "core/treadmill.hpp"

#include <cmath>

#include "net/messages.hpp"

namespace spear::client {

double treadmill_gap(float from, float to) {
  const double span = net::kLabScrollSpan;
  double d = static_cast<double>(to) - static_cast<double>(from);
  if (!std::isfinite(d)) return 0.0;
  d -= span * std::round(d / span);
  return d;
}

float wrap_treadmill(double scroll) {
  const double span = net::kLabScrollSpan;
  if (!std::isfinite(scroll)) return 0.f;
  const auto w = static_cast<float>(scroll - span * std::floor(scroll / span));
  return w < net::kLabScrollSpan ? w : 0.f;
}

double Treadmill::update(const RunnerFrame& frame) {
  const bool lab = (frame.flags & net::runner_flags::kLab) != 0;
  if (!lab) {
    travel_ = 0.0;
    last_scroll_ = frame.lab_scroll;
  } else if (!in_lab_) {
    last_scroll_ = frame.lab_scroll;
  } else {
    // The rig's travel only grows: a step back (a late snapshot, a correction) holds the ground
    // where it is, never drawn sliding backwards, until the travel passes that point again.
    const double gap = treadmill_gap(last_scroll_, frame.lab_scroll);
    if (gap > 0.0) {
      travel_ += gap;
      last_scroll_ = frame.lab_scroll;
    }
  }
  in_lab_ = lab;
  ground_x_ = frame.distance + travel_;
  return ground_x_;
}

}  // namespace spear::client
