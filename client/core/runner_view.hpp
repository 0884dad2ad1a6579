#pragma once
// One runner ready to draw, as the world view (core/world_view.hpp) hands it to the app: its
// frame (interpolated, or predicted for the own runner), its secondary motion and the ground
// under it.
#include <optional>
#include <string>

#include "core/runner_frame.hpp"
#include "rig/secondary.hpp"

namespace spear::client {

struct RunnerView {
  RunnerFrame frame;               // interpolated
  rig::SecondaryPose secondary{};  // sprung head, hair (anchor-relative)
  int lane = 0;                    // its own lane (runner id)
  // The drawn ground under it, course units: its distance while it runs; in the lab the
  // treadmill's position (core/treadmill.hpp).
  double ground_x = 0.0;
  bool followed = false;
  bool own = false;
  bool bot = false;
  // The own runner held where it was: no snapshot for kStallSeconds (session_status.hpp), or the
  // connection lost (drawn greyed under "waiting for the server" / "connection lost").
  bool held = false;
  std::string name;
  // The rig's own ground travel (RigState::scroll, units) as drawn, for the own runner drawn
  // from the prediction; nullopt for the others (their drawn distance is all there is).
  std::optional<double> rig_scroll;
};

}  // namespace spear::client
