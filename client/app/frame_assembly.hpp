#pragma once
// The session's state as one drawable frame: figures, obstacles and the HUD, owned here so that
// a frame can be kept and drawn again unchanged (reduced motion, a paused window).
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "core/client_session.hpp"
#include "core/drawn_foot_contact.hpp"
#include "core/replay_scene.hpp"
#include "core/runner_summary_view.hpp"
#include "render/frame_renderer.hpp"
#include "render/hud_state.hpp"
#include "render/net_plot_history.hpp"

namespace spear::client {

struct FrameData {
  std::vector<FigureView> figures;
  std::vector<SceneObstacle> obstacles;
  HudState hud;
  double camera_x = 0.0;
  // The position of the drawn ground under the followed figure, course units: the drawn distance
  // while running, the treadmill's cumulative position in the lab (it moves at the rig's ground
  // speed there while camera_x stands still). Its per-frame changes are the ground's scroll.
  double ground_x = 0.0;
  bool lab_stage = false;  // the followed runner is in the motion lab: the lab's own stage
  int followed_lane = 0;
  bool skeleton = false;
  std::optional<rig::RigDebug> rig_debug;  // the followed runner's IK targets (skeleton overlay)
  float time = 0.f;
  bool has_followed = false;

  // The followed figure as drawn (for the frame trace, tests and anyone tuning feel).
  net::RunnerMode followed_mode = net::RunnerMode::Running;
  bool followed_in_lab = false;
  double followed_distance = 0.0;  // course units, as drawn
  // The followed figure's own ground travel as drawn (units): the rig's RigState::scroll for
  // the own runner drawn from the prediction (rig_x_from_rig), else its drawn distance.
  double rig_x = 0.0;
  bool rig_x_from_rig = false;
  // Foot contact as drawn [near, far] (core/drawn_foot_contact.hpp).
  std::array<bool, 2> contact{};
  // The torso drawn lying on the ground (core/drawn_foot_contact.hpp drawn_body_down).
  bool body_down = false;

  // Impact (app/impact_presenter.hpp fills these; empty under reduced motion): the camera
  // kick, dust at the followed figure's feet, the smear of its thrust, and whether the world
  // drawn is held or catching up after a break (hit-stop) rather than the world of now.
  sf::Vector2f camera_offset{};
  std::vector<DustPuff> dust;
  std::vector<SmearSample> smear;
  bool hit_stop = false;
  // The ghost drawn (--ghost), course units; among `figures` as a FigureView with ghost set.
  std::optional<double> ghost_distance;

  // Spans into this object: valid while it lives and is not changed.
  FrameInputs inputs() const;
};

class CrashDistances;

struct HudExtras {
  bool paused = false;  // shows "paused"
  std::string paused_detail;
  const NetPlotHistory* net_graph = nullptr;  // F3 on
  // The distance each runner had when it crashed (the HUD shows it while the runner falls and
  // lies); none: the drawn distance throughout.
  const CrashDistances* crash_distances = nullptr;
  // Lanes right behind the followed runner's kept free of rivals (1: the ghost is raced there).
  int reserved_lanes = 0;
  // Local play's start: the 3-2-1 still to count (app/local_pause.hpp), 0: none.
  int start_count = 0;
};

FrameData assemble_frame(const ClientSession& session, double now, float time,
                         const HudExtras& extras);

// A frame of a replay (spear-client --replay): the scene's runners and obstacles, the followed
// runner's HUD, and a banner with the race number (0: none), the time played, the length and
// the speed; paused and the end are said in the middle.
FrameData assemble_replay_frame(const ReplayScene& scene, std::uint32_t race_number, float time);

// The scoreboard (ranked) and the race strip: a row and a mark for each runner drawn and each
// one known only from its summary (`others`, a big race's runners far from the followed one),
// every runner once (a summary of a runner drawn is left out). Adds to what `hud` holds.
void fill_race_board(HudState& hud, std::span<const RunnerView> drawn,
                     std::span<const RunnerSummaryView> others);

// While the results screen shows (hud.races.show_results with its lines), the scoreboard behind it
// and the run panel show the race it ranks, not the next race's line where everyone stands at 0:
// a row a place with its final score; the followed runner's row (hud.scoreboard's, matched by
// name) stays highlighted and its score and distance go to the run panel.
void show_results_behind(HudState& hud);

// Orders the scoreboard by the figure its rows show: the current run's score, highest first (the
// live race); ties by best, then as given.
void rank_scoreboard(std::vector<ScoreRow>& rows);

// The net graph's sample from a session reading.
NetPlotSample plot_sample(const NetReading& r);

}  // namespace spear::client
