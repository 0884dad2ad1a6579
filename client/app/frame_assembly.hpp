#pragma once
// The session's state as one drawable frame: figures, obstacles and the HUD, owned here so that
// a frame can be kept and drawn again unchanged (reduced motion, a paused window).
#include <optional>
#include <string>
#include <vector>

#include "core/client_session.hpp"
#include "render/frame_renderer.hpp"
#include "render/hud_state.hpp"
#include "render/net_plot_history.hpp"

namespace spear::client {

struct FrameData {
  std::vector<FigureView> figures;
  std::vector<SceneObstacle> obstacles;
  HudState hud;
  double camera_x = 0.0;
  int followed_lane = 0;
  bool skeleton = false;
  std::optional<rig::RigDebug> rig_debug;  // the followed runner's IK targets (skeleton overlay)
  float time = 0.f;
  bool has_followed = false;

  // Spans into this object: valid while it lives and is not changed.
  FrameInputs inputs() const;
};

struct HudExtras {
  bool paused = false;  // shows "paused"
  std::string paused_detail;
  const NetPlotHistory* net_graph = nullptr;  // F3 on
};

FrameData assemble_frame(const ClientSession& session, double now, float time,
                         const HudExtras& extras);

// Orders the scoreboard by the figure its rows show: the current run's score, highest first (the
// live race); ties by best, then as given.
void rank_scoreboard(std::vector<ScoreRow>& rows);

// The net graph's sample from a session reading.
NetPlotSample plot_sample(const NetReading& r);

}  // namespace spear::client
