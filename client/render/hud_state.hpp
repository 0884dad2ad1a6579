#pragma once
// What the HUD shows this frame: plain data filled by the app.
#include <string>
#include <string_view>
#include <vector>

#include "render/net_plot_history.hpp"

namespace spear::client {

struct ScoreRow {
  std::string name;  // UTF-8
  int score = 0;
  int best = 0;
  bool followed = false;  // the runner the view follows (highlighted)
  bool down = false;      // crashed, waiting to restart
  bool away = false;      // its player's window is in the background (online)
};

// One runner on the race strip: where it is along the course (units) and who it is.
struct RaceMark {
  double distance = 0.0;  // course units
  int id = 0;             // runner id: its tint (palette::runner_tint)
  bool followed = false;  // highlighted
};

// The centred message, when there is one.
enum class StateMessage {
  None,
  Connecting,       // "connecting…"
  ServerFull,       // "server full"
  WrongPassword,    // "wrong password"
  ConnectionLost,   // "connection lost"
  PressSpaceToRun,  // "press Space to run again"
  Paused,           // "paused" (window unfocused, reduced motion)
  Custom,           // HudState::message_headline says what happened ("bad server address", ...)
};
// The fixed words of a message; "" for None and Custom.
std::string_view state_message_text(StateMessage m);

// The motion lab's own HUD: with it active the run's panel (score, distance, speed, best) and
// the race's scoreboard are not drawn, the lab is not a race.
struct LabReadout {
  bool active = false;  // the runner is in the motion lab
  std::string motion;   // "walk", "run", "throw", "jump", "form"
  float phase = 0.f;    // 0..1
  float gait = 0.f;     // 0 walk .. 1 run
  bool gait_shown =
      false;         // the motion blends walk and run (walk, run): the gait bar means something
  std::string pose;  // the spear form's pose playing ("low sweep"), else empty
  bool pose_hold = false;  // the form stands in a hold of it
  bool paused = false;
  bool skeleton = false;             // overlay on
  std::vector<std::string> motions;  // the lab's list, in key order (1–5)
  int motion_index = -1;             // the one playing, in `motions`
  float ground_speed_mps = 0.f;      // the treadmill: the rig's ground speed, metres per second
};

// One line of a results board (the race's places, or the all-time top 10).
struct BoardLine {
  int place = 0;
  std::string name;  // UTF-8
  bool bot = false;
  int score = 0;
  float distance_m = 0.f;
  int targets = 0;
  int crashes = 0;
  int best_combo = 0;
  bool own = false;  // the player's own runner (highlighted)
};

// The race's banner and results (a racing server; `active` false: an endless match, none drawn).
struct RaceHud {
  bool active = false;
  int race = 0;                     // the race number
  std::string phase;                // "warm-up", "countdown", "race", "results"
  int seconds_left = 0;             // the race's time left (race), or until the start (the others)
  bool go = false;                  // the first moment of the race: a big "GO!"
  bool show_results = false;        // the results screen
  std::vector<BoardLine> results;   // by place (the first 32)
  int results_missing = 0;          // places whose page has not arrived yet
  std::vector<BoardLine> all_time;  // empty: no store, or not arrived
  // A replay shown (spear-client --replay): the banner's whole line, e.g. "REPLAY · RACE 3 ·
  // 0:35 / 3:03 · 4×" (the fields above unused).
  std::string replay;
};

struct HudState {
  bool show_run = true;  // score, distance, speed, best (off for a spectator with no runner and
                         // in the lab)
  int score = 0;
  int best = 0;
  int combo = 0;                     // consecutive targets broken (shown from 2)
  float distance_m = 0.f;            // metres (10 units a metre)
  float speed_mps = 0.f;             // metres per second
  std::string follow_label;          // e.g. "watching ada — Tab: next runner"; empty hides it
  std::vector<ScoreRow> scoreboard;  // ranked, best first
  StateMessage message = StateMessage::None;
  std::string message_headline;  // the big line for StateMessage::Custom
  std::string message_detail;    // a second line under the message (an address, a reason)
  LabReadout lab;
  // A big 3-2-1 in the middle (0: none) under a caption ("new run in", "back in"): the followed
  // runner counts down (back from away, or out of the lab). Drawn when there is no message.
  int countdown = 0;
  std::string countdown_caption;
  // The run's controls the player has not used yet, shown low in the middle ("" hides them).
  std::string controls;
  const NetPlotHistory* net_graph = nullptr;  // shown when not null (F3)
  // The race strip: one mark per runner along a thin bar at the bottom (empty hides it).
  std::vector<RaceMark> race;
  RaceHud races;
};

// The big line of the centred message: the custom headline, else the message's own words.
std::string_view message_headline(const HudState& hud);

}  // namespace spear::client
