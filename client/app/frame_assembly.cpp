#include "app/frame_assembly.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <string_view>

#include "app/crash_distances.hpp"
#include "core/lane_slots.hpp"
#include "render/scene_renderer.hpp"
#include "rig/motion.hpp"
#include "rig/spear_form.hpp"
#include "sim/lab.hpp"

namespace spear::client {

namespace {
constexpr double kBehind = 600.0;  // course units drawn behind the camera
constexpr double kAhead = 1800.0;  // and ahead of it (the widest letterbox is 21:9 of 440)

// The session's words as the HUD's message: the fixed messages where the words are one of
// them (they are drawn as such), otherwise the session's own headline, so the big line always
// says what happened ("bad server address", "no answer from …", "wrong version …").
void set_message(HudState& hud, const ClientSession& session, double now) {
  const SessionStatus& st = session.status();
  const StatusMessage m = st.message(now);
  if (m.headline.empty()) return;
  hud.message_detail = m.detail;
  if (st.phase() == SessionPhase::Connecting) {
    hud.message = StateMessage::Connecting;  // its own animated ellipsis
    return;
  }
  for (StateMessage known : {StateMessage::ServerFull, StateMessage::WrongPassword,
                             StateMessage::ConnectionLost, StateMessage::PressSpaceToRun}) {
    if (m.headline == state_message_text(known)) {
      hud.message = known;
      return;
    }
  }
  hud.message = StateMessage::Custom;
  hud.message_headline = m.headline;
}
// Online away and the countdown after it or after the lab: what happens next, never silently.
void set_away_or_countdown(HudState& hud, const ClientSession& session, const RunnerView& f) {
  if (f.own && f.frame.mode == net::RunnerMode::Parked) {
    hud.message = StateMessage::Custom;
    hud.message_headline = "away";
    hud.message_detail = "back in focus to resume";
    return;
  }
  if (f.frame.mode != net::RunnerMode::Countdown || f.frame.countdown_ticks == 0) return;
  const double rate = session.welcome() ? session.welcome()->tick_rate : 60.0;
  hud.countdown = static_cast<int>(std::ceil(f.frame.countdown_ticks / rate));
  // At the course start: a new run (out of the lab); elsewhere the same run goes on.
  hud.countdown_caption = f.frame.distance < 1.0 ? "new run in" : "resuming in";
}

// The races (a racing server): the banner, the 3-2-1 and GO, the results screen, all as of the
// time shown (spectators see the same). Replaces a countdown the followed runner shows while
// it stands at the line (its countdown covers the warm-up too).
void set_race(HudState& hud, const ClientSession& session) {
  const RaceView& race = session.race();
  const auto& status = race.status();
  if (!status) return;
  const double rate = session.welcome() ? session.welcome()->tick_rate : 60.0;
  const double now = session.render_time() * rate;  // the tick shown
  RaceHud& r = hud.races;
  r.active = true;
  r.race = static_cast<int>(std::min<std::uint32_t>(status->race, 1u << 24));
  const double left = race.ticks_left(now);
  switch (status->phase) {
    case net::RacePhase::Warmup:
      r.phase = "warm-up";
      break;
    case net::RacePhase::Countdown:
      r.phase = "countdown";
      break;
    case net::RacePhase::Race:
      r.phase = "race";
      break;
    default:
      r.phase = "results";
      break;
  }
  if (status->phase == net::RacePhase::Race) {
    r.seconds_left = static_cast<int>(std::ceil(left / rate));
    const auto go = race.last_go_tick();
    r.go = go && now >= *go && now - *go < rate;  // a second of GO!
  } else {
    const auto go = race.go_tick();
    const double to_go = go ? std::max(0.0, static_cast<double>(*go) - now) : left;
    r.seconds_left = static_cast<int>(std::ceil(to_go / rate));
    hud.countdown = status->phase == net::RacePhase::Countdown ? std::max(1, r.seconds_left) : 0;
    hud.countdown_caption = "race starts in";
  }
  if (status->phase == net::RacePhase::Results) {
    r.show_results = true;
    const RaceBoardView& boards = race.boards();
    const auto own = session.welcome() ? session.welcome()->runner_id : std::nullopt;
    const std::string own_name = session.own() ? session.own()->name : std::string();
    const auto lines = [&](const std::vector<std::optional<net::BoardEntry>>& from,
                           std::vector<BoardLine>& to, bool mark_own) {
      for (const auto& e : from) {
        if (!e) {
          ++r.results_missing;
          continue;
        }
        BoardLine b;
        b.place = e->place;
        b.name = e->name;
        b.bot = e->bot;
        b.score = static_cast<int>(std::min<std::uint32_t>(e->score, 1u << 30));
        b.distance_m = static_cast<float>(e->distance_m);
        b.targets = static_cast<int>(std::min<std::uint32_t>(e->targets_broken, 1u << 30));
        b.crashes = static_cast<int>(std::min<std::uint32_t>(e->crashes, 1u << 30));
        b.best_combo = static_cast<int>(std::min<std::uint32_t>(e->best_combo, 1u << 30));
        b.own = mark_own && own && !e->bot && e->name == own_name;
        to.push_back(std::move(b));
      }
    };
    if (boards.race == status->race) {
      lines(boards.results, r.results, true);
      lines(boards.all_time, r.all_time, false);
    }
    show_results_behind(hud);
  }
}

}  // namespace

FrameInputs FrameData::inputs() const {
  FrameInputs in;
  in.camera_x = camera_x;
  in.ground_x = ground_x;
  in.lab_stage = lab_stage;
  in.time = time;
  in.followed_lane = followed_lane;
  in.runners = figures;
  in.obstacles = obstacles;
  in.hud = &hud;
  in.skeleton_overlay = skeleton;
  in.rig_debug = rig_debug ? &*rig_debug : nullptr;
  in.camera_offset = camera_offset;
  in.dust = dust;
  in.smear = smear;
  return in;
}

void rank_scoreboard(std::vector<ScoreRow>& rows) {
  // The rows show `score`, so they rank by it: a row never sits above a higher figure.
  std::stable_sort(rows.begin(), rows.end(), [](const ScoreRow& a, const ScoreRow& b) {
    return a.score != b.score ? a.score > b.score : a.best > b.best;
  });
}

void show_results_behind(HudState& hud) {
  const RaceHud& r = hud.races;
  if (!r.show_results || r.results.empty()) return;
  // The runners already stand at the next race's line with nothing scored: the board and the
  // run panel behind the results show the race the results rank instead, the followed runner's
  // row (found by its name) still highlighted and its line in the panel.
  static constexpr std::string_view kYou = " (you)";
  std::string followed;
  for (const ScoreRow& row : hud.scoreboard) {
    if (!row.followed) continue;
    followed = row.name;
    if (followed.ends_with(kYou)) followed.resize(followed.size() - kYou.size());
  }
  std::vector<ScoreRow> rows;
  rows.reserve(r.results.size());
  bool shown = false;
  for (const BoardLine& b : r.results) {
    ScoreRow row;
    row.name = b.name + (b.own ? std::string(kYou) : "");
    row.score = b.score;
    row.best = b.score;
    row.followed = !shown && !followed.empty() && b.name == followed;
    if (row.followed) {
      shown = true;
      hud.score = b.score;
      hud.best = std::max(hud.best, b.score);
      hud.distance_m = std::round(b.distance_m);  // the results round it, the panel floors
      hud.combo = 0;
      hud.speed_mps = 0.f;
    }
    rows.push_back(std::move(row));
  }
  rank_scoreboard(rows);
  hud.scoreboard = std::move(rows);
}

void fill_race_board(HudState& hud, std::span<const RunnerView> drawn,
                     std::span<const RunnerSummaryView> others) {
  const auto down = [](net::RunnerMode m) {
    return m == net::RunnerMode::Down || m == net::RunnerMode::Falling;
  };
  for (const RunnerView& r : drawn) {
    ScoreRow row;
    row.name = r.name + (r.own ? " (you)" : "");
    row.score = r.frame.score;
    row.best = std::max(r.frame.best, r.frame.score);
    row.followed = r.followed;
    row.down = down(r.frame.mode);
    row.away = (r.frame.flags & net::runner_flags::kAway) != 0;
    hud.scoreboard.push_back(row);
    hud.race.push_back({r.frame.distance, r.lane, r.followed});
  }
  for (const RunnerSummaryView& o : others) {
    const int lane = static_cast<int>(o.id);  // the lane is the runner id
    if (std::any_of(drawn.begin(), drawn.end(),
                    [&](const RunnerView& r) { return r.lane == lane; }))
      continue;
    ScoreRow row;
    row.name = o.name + (o.own ? " (you)" : "");
    row.score = static_cast<int>(std::min<std::uint32_t>(o.score, 1u << 30));
    row.best = row.score;  // a summary carries no best
    row.down = down(o.mode);
    row.away = (o.flags & net::runner_flags::kAway) != 0;
    hud.scoreboard.push_back(row);
    hud.race.push_back({o.distance, lane, false});
  }
  rank_scoreboard(hud.scoreboard);
}

NetPlotSample plot_sample(const NetReading& r) {
  NetPlotSample s;
  s.ping_ms = r.ping_ms ? *r.ping_ms : -1.f;
  s.snapshots_per_s = r.snapshots_per_s;
  s.snapshot_gap_ms = r.snapshot_gap_ms;
  s.loss_percent = r.loss_percent;
  s.bytes_in_per_s = r.bytes_in_per_s;
  s.bytes_out_per_s = r.bytes_out_per_s;
  s.interp_delay_ms = r.interp_delay_ms;
  return s;
}

namespace {
// What a frame shows of the world, a live session's or a replay's.
struct WorldShown {
  std::span<const RunnerView> runners;
  const RunnerView* followed = nullptr;
  double camera_x = 0.0;
  double ground_x = 0.0;
  bool skeleton = false;
  std::span<const RunnerSummaryView> others = {};  // runners known only from summaries
};

// The world part of a frame: the figures, the obstacles in view (`obstacles_in(from, to)`), the
// followed runner's HUD and the scoreboard with the race strip.
template <typename ObstaclesIn>
FrameData assemble_world(const WorldShown& w, ObstaclesIn&& obstacles_in, float time,
                         const HudExtras& extras) {
  FrameData f;
  f.time = time;
  const RunnerView* followed = w.followed;
  f.has_followed = followed != nullptr;
  f.camera_x = w.camera_x;
  f.ground_x = w.ground_x;
  f.followed_lane = followed ? followed->lane : 0;
  f.skeleton = w.skeleton;
  const bool in_lab = followed && (followed->frame.flags & net::runner_flags::kLab) != 0;
  // The lab is its own stage: the figure on its treadmill, no course, no other runners.
  f.lab_stage = in_lab;
  // Every runner in a lane of its own behind the followed one's (the first `reserved_lanes` kept
  // for the ghost): the race's runners are all those drawn and all those only summed up.
  std::vector<std::uint32_t> ids;
  ids.reserve(w.runners.size() + w.others.size());
  for (const RunnerView& r : w.runners) ids.push_back(static_cast<std::uint32_t>(r.lane));
  for (const RunnerSummaryView& o : w.others) ids.push_back(o.id);
  LaneSlots lanes;
  lanes.assign(ids,
               followed ? std::optional<std::uint32_t>(static_cast<std::uint32_t>(followed->lane))
                        : std::nullopt,
               kGhostDepths, extras.reserved_lanes);
  for (const RunnerView& r : w.runners) {
    if (in_lab && !r.followed) continue;
    FigureView v;
    v.depth = lanes.slot(static_cast<std::uint32_t>(r.lane));
    v.pose = r.frame.pose;
    v.secondary = r.secondary;
    v.x = r.frame.distance;
    v.lane = r.lane;
    v.id = r.lane;  // the lane is the runner id
    v.name = r.name;
    v.followed = r.followed;
    v.held = r.held;
    f.figures.push_back(v);
  }
  const std::vector<ObstacleView> obstacles =
      in_lab ? std::vector<ObstacleView>{}
             : obstacles_in(f.camera_x - kBehind, f.camera_x + kAhead);
  for (const ObstacleView& o : obstacles) {
    SceneObstacle s;
    s.id = o.obstacle.index;
    s.kind = o.obstacle.kind == sim::ObstacleKind::Hurdle ? ObstacleKind::Hurdle
                                                          : ObstacleKind::StrawTarget;
    s.x = o.obstacle.x;  // the near face: the drawing fills the sim's box from there
    s.width = o.obstacle.width;
    s.height = o.obstacle.height;
    s.broken = o.broken;
    s.broken_age = o.broken_age;
    f.obstacles.push_back(s);
  }

  HudState& hud = f.hud;
  hud.show_run = followed != nullptr && !in_lab;
  if (followed) {
    hud.score = followed->frame.score;
    hud.combo = followed->frame.combo;
    hud.best = std::max(followed->frame.best, followed->frame.score);
    // After a crash the fall slides the anchor on while the score stands still (the sim freezes
    // it at the crash): the HUD shows the distance the run reached, so SCORE and DISTANCE tell
    // the same story. The sim and its prediction are untouched; only what is shown holds.
    const double shown_distance =
        extras.crash_distances ? extras.crash_distances->shown(
                                     followed->lane, followed->frame.distance, followed->frame.mode)
                               : followed->frame.distance;
    hud.distance_m = static_cast<float>(shown_distance / 10.0);
    hud.speed_mps = followed->held ? 0.f : followed->frame.speed / 10.f;  // held: it stands
    if (!followed->own)
      hud.follow_label = "watching " + followed->name + (followed->bot ? " (bot)" : "") +
                         ((followed->frame.flags & net::runner_flags::kAway) ? " (away)" : "") +
                         "  —  Tab: next runner";
    hud.lab.active = in_lab;
    if (in_lab) {
      const auto playing = static_cast<rig::Motion>(followed->frame.lab_motion);
      hud.lab.motion = std::string(rig::motion_name(playing));
      for (std::size_t i = 0; i < sim::kLabMotions.size(); ++i) {
        hud.lab.motions.emplace_back(rig::motion_name(sim::kLabMotions[i]));
        if (sim::kLabMotions[i] == playing) hud.lab.motion_index = static_cast<int>(i);
      }
      hud.lab.ground_speed_mps = followed->frame.speed / 10.f;
      hud.lab.paused = (followed->frame.flags & net::runner_flags::kPaused) != 0;
      hud.lab.skeleton = f.skeleton;
      hud.lab.phase = followed->frame.lab_phase;
      hud.lab.gait = followed->frame.lab_gait;
      hud.lab.gait_shown = playing == rig::Motion::Walk || playing == rig::Motion::Run;
      if (playing == rig::Motion::Form) {
        const rig::FormPose pose = rig::form_pose_at(hud.lab.phase * rig::form_duration());
        hud.lab.pose = std::string(pose.name);
        hud.lab.pose_hold = pose.hold;
      }
    }
    if (f.skeleton) f.rig_debug = followed->frame.ik;
    f.followed_mode = followed->frame.mode;
    f.followed_in_lab = in_lab;
    f.followed_distance = followed->frame.distance;
    f.rig_x = followed->rig_scroll ? *followed->rig_scroll : followed->frame.distance;
    f.rig_x_from_rig = followed->rig_scroll.has_value();
    f.contact = drawn_foot_contact(followed->frame.pose);
    f.body_down = drawn_body_down(followed->frame.pose);
  }
  if (!in_lab) fill_race_board(hud, w.runners, w.others);  // no race in the lab
  hud.net_graph = extras.net_graph;
  return f;
}

std::string clock_text(double seconds) {
  const int s = std::max(0, static_cast<int>(std::floor(seconds)));
  char buf[24];
  std::snprintf(buf, sizeof buf, "%d:%02d", s / 60, s % 60);
  return buf;
}

std::string speed_text(double speed) {
  char buf[16];
  std::snprintf(buf, sizeof buf, speed < 1.0 ? "%.2g\u00d7" : "%.0f\u00d7", speed);
  return buf;
}
}  // namespace

FrameData assemble_frame(const ClientSession& session, double now, float time,
                         const HudExtras& extras) {
  WorldShown w{session.runners(), session.followed(), session.camera_x(), session.ground_x(),
               session.skeleton_overlay()};
  w.others = session.others();
  FrameData f = assemble_world(
      w, [&](double from, double to) { return session.obstacles(from, to); }, time, extras);
  HudState& hud = f.hud;
  set_message(hud, session, session.session_time(now));
  if (w.followed && hud.message == StateMessage::None)
    set_away_or_countdown(hud, session, *w.followed);
  set_race(hud, session);
  if (extras.start_count > 0 && hud.message == StateMessage::None) {
    hud.countdown = extras.start_count;
    hud.countdown_caption = "run starts in";
  }
  // A new player sees the run's controls until it has used each (the crash screen says them
  // again), when the figure followed is the own runner and the player, not the bot, runs it.
  if (w.followed && w.followed->own && !session.autoplay() &&
      session.control_mode() == ControlMode::Runner && !hud.lab.active)
    hud.controls = session.controls().pending();
  if (extras.paused && hud.message == StateMessage::None) {
    hud.message = StateMessage::Paused;
    hud.message_detail = extras.paused_detail;
  }
  return f;
}

FrameData assemble_replay_frame(const ReplayScene& scene, std::uint32_t race_number, float time) {
  const RunnerView* followed = scene.followed();
  const double x = followed ? followed->frame.distance : 0.0;
  const WorldShown w{scene.runners(), followed, x, followed ? followed->ground_x : x, false};
  FrameData f = assemble_world(
      w, [&](double from, double to) { return scene.obstacles(from, to); }, time, HudExtras{});
  HudState& hud = f.hud;
  if (followed)
    hud.follow_label =
        "watching " + followed->name + (followed->bot ? " (bot)" : "") + "  —  Tab: next runner";
  hud.races.active = true;
  hud.races.race = static_cast<int>(race_number);
  hud.races.replay = "REPLAY" +
                     (race_number > 0 ? "  \u00b7  RACE " + std::to_string(race_number) : "") +
                     "  \u00b7  " + clock_text(scene.seconds()) + " / " +
                     clock_text(scene.length_seconds()) + "  \u00b7  " + speed_text(scene.speed());
  if (scene.paused()) {
    hud.message = StateMessage::Paused;
    hud.message_detail = "Space: play   \u2190/\u2192: 5 s   \u2191/\u2193: speed";
  } else if (scene.at_end()) {
    hud.message = StateMessage::Custom;
    hud.message_headline = "end of the replay";
    hud.message_detail = "\u2190: 5 s back   Esc: quit";
  }
  return f;
}

}  // namespace spear::client
