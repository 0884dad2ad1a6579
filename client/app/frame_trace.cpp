#include "app/frame_trace.hpp"

#include <cmath>
#include <iostream>
#include <nlohmann/json.hpp>

namespace spear::client {

namespace {
// Units in one frame beyond which a change of position is a cut, not a move (a restart from 0,
// a resync): 200 units a frame are 1200 m/s at 60 Hz, far past any runner.
constexpr double kCutUnits = 200.0;
}  // namespace

const char* trace_mode_name(net::RunnerMode mode, bool in_lab) {
  if (in_lab) return "lab";
  switch (mode) {
    case net::RunnerMode::Running:
      return "running";
    case net::RunnerMode::Jumping:
      return "jumping";
    case net::RunnerMode::Thrusting:
      return "thrusting";
    case net::RunnerMode::Falling:
      return "falling";
    case net::RunnerMode::Down:
      return "down";
    case net::RunnerMode::Lab:
      return "lab";
    case net::RunnerMode::Parked:  // online, the window in the background
      return "parked";
    case net::RunnerMode::Countdown:
      return "countdown";
    default:
      return "running";
  }
}

std::unique_ptr<FrameTrace> FrameTrace::open(const std::string& path, std::string* error) {
  std::ofstream out(path, std::ios::out | std::ios::trunc);
  if (!out) {
    if (error) *error = "cannot write the frame trace " + path;
    return nullptr;
  }
  return std::unique_ptr<FrameTrace>(new FrameTrace(std::move(out)));
}

void FrameTrace::write(double t, double dt, const FrameData& f, bool paused) {
  if (f.has_followed) {
    const bool lab = f.followed_in_lab || f.followed_mode == net::RunnerMode::Lab;
    const auto followed = static_cast<std::uint32_t>(f.followed_lane);
    if (last_ && last_->followed == followed && last_->lab == lab) {
      const double dg = f.ground_x - last_->ground_x;
      if (std::abs(dg) < kCutUnits) ground_scroll_ += dg;
      const double dr = f.rig_x - last_->rig_x;
      if (last_->rig_from_rig == f.rig_x_from_rig && std::abs(dr) < kCutUnits) rig_scroll_ += dr;
    }
    last_ = Last{followed, lab, f.rig_x_from_rig, f.ground_x, f.rig_x};
  } else {
    last_.reset();
  }
  nlohmann::json j;
  j["t"] = t;
  j["dt"] = dt;
  j["camera_x"] = f.camera_x;
  j["followed"] = f.has_followed ? nlohmann::json(f.followed_lane) : nlohmann::json(nullptr);
  j["mode"] = trace_mode_name(f.followed_mode, f.followed_in_lab);
  j["paused"] = paused;
  j["distance"] = f.followed_distance / 10.0;
  j["ground_scroll"] = ground_scroll_;
  j["rig_scroll"] = rig_scroll_;
  j["contact"] = {f.contact[0], f.contact[1]};
  j["body_down"] = f.body_down;
  j["hit_stop"] = f.hit_stop;
  j["ghost"] =
      f.ghost_distance ? nlohmann::json(*f.ghost_distance / 10.0) : nlohmann::json(nullptr);
  out_ << j.dump() << '\n';
}

bool open_frame_trace(const std::string& path, std::unique_ptr<FrameTrace>* trace) {
  if (path.empty()) return true;
  std::string error;
  *trace = FrameTrace::open(path, &error);
  if (*trace) return true;
  std::cerr << "spear-client: --frame-trace: " << error << "\n";
  return false;
}

}  // namespace spear::client
