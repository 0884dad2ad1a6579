// assemble_frame against a real server in this process (the embedded local game): the motion
// lab's phase, gait and IK targets reach the HUD and the skeleton overlay, the combo reaches the
// HUD, and a failure's headline says what happened. Real time only bounds the waiting.
#include "app/frame_assembly.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <thread>

#include "app/embedded_server.hpp"
#include "app/local_pause.hpp"
#include "core/controls_hint.hpp"
#include "core/key_script.hpp"
#include "core/server_socket.hpp"
#include "core/world_view.hpp"
#include "net/peer_address.hpp"
#include "render/scene_renderer.hpp"

namespace spear::client {
namespace {

using Clock = std::chrono::steady_clock;

struct LiveGame {
  std::unique_ptr<EmbeddedServer> server;
  std::unique_ptr<ClientSession> session;
  std::unique_ptr<ServerSocket> socket;
  Clock::time_point start = Clock::now();

  double now() const { return std::chrono::duration<double>(Clock::now() - start).count(); }

  // Updates the session about every 10 ms and assembles a frame, until `done` says so or
  // `limit` seconds pass. True when `done` did.
  bool run_until(double limit, const std::function<bool(const FrameData&)>& done) {
    const double until = now() + limit;
    while (now() < until) {
      const double t = now();
      pump_session(*session, socket.get(), t, 0.01f);
      session->on_frame(true);
      if (done(assemble_frame(*session, t, static_cast<float>(t), {}))) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(10));
    }
    return false;
  }
};

std::unique_ptr<LiveGame> start_game(int bots, SessionConfig config) {
  auto game = std::make_unique<LiveGame>();
  std::string error;
  game->server = EmbeddedServer::start(bots, 1.f, 1234, &error);
  EXPECT_TRUE(game->server) << error;
  if (!game->server) return nullptr;
  game->socket =
      ServerSocket::open(net::PeerAddress::ipv4(127, 0, 0, 1, game->server->port()), &error);
  EXPECT_TRUE(game->socket) << error;
  if (!game->socket) return nullptr;
  config.server_label = "local game";
  game->session = std::make_unique<ClientSession>(config);
  return game;
}

std::vector<ScriptedKey> script(const char* text) {
  std::string error;
  auto keys = parse_key_script(text, &error);
  EXPECT_TRUE(keys) << error;
  return keys.value_or(std::vector<ScriptedKey>{});
}

bool near_the_figure(rig::Vec2 p) {
  return std::isfinite(p.x) && std::isfinite(p.y) && std::abs(p.x) < 150.f && p.y > -200.f &&
         p.y < 20.f;
}

TEST(FrameAssembly, LabPhaseGaitAndIkTargetsReachTheHudAndOverlay) {
  SessionConfig config;
  config.name = "lab";
  config.script = script("0.3:M,0.6:2,0.9:S");  // the lab, run, skeleton on
  auto game = start_game(0, config);
  ASSERT_TRUE(game);

  const auto lab_run_skeleton = [](const FrameData& f) {
    return f.hud.lab.active && f.hud.lab.motion == "run" && f.skeleton && f.rig_debug.has_value();
  };
  ASSERT_TRUE(game->run_until(15.0, lab_run_skeleton))
      << "the lab with the skeleton never showed up";

  // A second of running in the lab: the dial turns (the gait phase advances through many
  // values and wraps), the gait has eased into the run, the targets stay with the figure.
  std::set<int> phases;  // in 1/100 of a cycle
  int wraps = 0;
  float last_phase = -1.f, last_gait = 0.f;
  game->run_until(1.0, [&](const FrameData& f) {
    if (!lab_run_skeleton(f)) return false;
    const float p = f.hud.lab.phase;
    EXPECT_GE(p, 0.f);
    EXPECT_LT(p, 1.f);
    phases.insert(static_cast<int>(p * 100.f));
    if (last_phase >= 0.f && p < last_phase - 0.5f) ++wraps;
    last_phase = p;
    last_gait = f.hud.lab.gait;
    const FrameInputs in = f.inputs();
    EXPECT_EQ(in.rig_debug, &*f.rig_debug);
    for (int side = 0; side < 2; ++side)
      EXPECT_TRUE(near_the_figure(f.rig_debug->foot_target[side]));
    EXPECT_NE(f.rig_debug->foot_target[0].x, f.rig_debug->foot_target[1].x);
    return false;
  });
  EXPECT_GE(phases.size(), 10u);
  EXPECT_GE(wraps, 1);  // the run's cadence is over 2 cycles a second
  EXPECT_GT(last_gait, 0.9f);

  // The spear form: its progress is the dial, and both hands are on the shaft.
  game->session->press(Key::Num5);
  ASSERT_TRUE(game->run_until(5.0, [](const FrameData& f) {
    return f.hud.lab.motion == "form" && f.rig_debug && f.rig_debug->hands_on_spear;
  }));
  float first = -1.f, latest = -1.f;
  game->run_until(0.8, [&](const FrameData& f) {
    if (f.hud.lab.motion != "form" || !f.rig_debug) return false;
    if (first < 0.f) first = f.hud.lab.phase;
    latest = f.hud.lab.phase;
    for (int side = 0; side < 2; ++side)
      EXPECT_TRUE(near_the_figure(f.rig_debug->hand_target[side]));
    return false;
  });
  EXPECT_GT(latest, first);  // one loop lasts many seconds: no wrap in 0.8 s from the start

  // Skeleton off: no targets for the overlay.
  game->session->press(Key::S);
  EXPECT_TRUE(game->run_until(5.0, [](const FrameData& f) { return !f.skeleton && !f.rig_debug; }));
}

// The lab answers at once (it is predicted like the runner): a motion key, P and M show on the
// next frame assembled after the press, the spear form names its pose, and the treadmill never
// runs backwards.
TEST(FrameAssembly, LabKeysShowOnTheNextFrame) {
  SessionConfig config;
  config.name = "lab";
  config.script = script("0.3:M,0.6:2");  // the lab, run
  auto game = start_game(0, config);
  ASSERT_TRUE(game);
  ASSERT_TRUE(game->run_until(15.0, [](const FrameData& f) {
    return f.hud.lab.active && f.hud.lab.motion == "run" && f.hud.lab.ground_speed_mps > 30.f;
  }));
  double ground = -1e18;
  bool backwards = false;
  // One frame after a press: the frame assembled by the next update.
  const auto next_frame = [&](Key k) {
    game->session->press(k);
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
    const double t = game->now();
    pump_session(*game->session, game->socket.get(), t, 0.01f);
    return assemble_frame(*game->session, t, static_cast<float>(t), {});
  };
  const auto watch = [&](double seconds) {
    game->run_until(seconds, [&](const FrameData& f) {
      const double g = f.ground_x;
      backwards = backwards || g < ground - 1e-6;
      ground = g;
      return false;
    });
  };
  watch(0.5);
  FrameData f = next_frame(Key::Num4);
  EXPECT_EQ(f.hud.lab.motion, "jump");
  watch(0.5);
  f = next_frame(Key::Num5);
  EXPECT_EQ(f.hud.lab.motion, "form");
  EXPECT_FALSE(f.hud.lab.pose.empty());
  EXPECT_FALSE(f.hud.lab.gait_shown);
  watch(0.3);
  f = next_frame(Key::Num2);
  EXPECT_EQ(f.hud.lab.motion, "run");
  EXPECT_TRUE(f.hud.lab.gait_shown);
  EXPECT_TRUE(f.hud.lab.pose.empty());
  watch(0.5);
  f = next_frame(Key::P);
  EXPECT_TRUE(f.hud.lab.paused);
  // Paused: the treadmill stands (within the frame that blends into the pause).
  const double paused_at = f.ground_x;
  watch(0.3);
  EXPECT_NEAR(ground, paused_at, 8.0);
  f = next_frame(Key::P);
  EXPECT_FALSE(f.hud.lab.paused);
  watch(0.5);
  f = next_frame(Key::M);
  EXPECT_FALSE(f.hud.lab.active) << "M leaves the lab on the next frame";
  EXPECT_FALSE(backwards) << "the treadmill ran backwards";
}

TEST(FrameAssembly, LabIsItsOwnStageOnATreadmillAtTheRigsGroundSpeed) {
  SessionConfig config;
  config.name = "lab";
  config.script = script("0.3:M,0.6:2");  // the lab, run
  auto game = start_game(1, config);      // a bot on the course: a race the lab does not show
  ASSERT_TRUE(game);
  const auto running_in_lab = [](const FrameData& f) {
    return f.hud.lab.active && f.hud.lab.motion == "run" && f.hud.lab.gait > 0.999f;
  };
  ASSERT_TRUE(game->run_until(15.0, running_in_lab)) << "never ran in the lab";

  // Its own stage: the followed figure only, no obstacles, no run panel, no scoreboard; the
  // lab's readouts with the motion list. The figure stays, the treadmill moves under it at the
  // rig's run speed (stride × cadence ÷ duty = 60 × 2.55 ÷ 0.4), in the time the view shows.
  std::optional<FrameData> first;
  double first_time = 0.0;
  FrameData last;
  double last_time = 0.0;
  game->run_until(1.5, [&](const FrameData& f) {
    if (!running_in_lab(f)) return false;
    EXPECT_TRUE(f.lab_stage);
    EXPECT_TRUE(f.obstacles.empty());
    EXPECT_EQ(f.figures.size(), 1u);
    EXPECT_FALSE(f.hud.show_run);
    EXPECT_TRUE(f.hud.scoreboard.empty());
    EXPECT_EQ(f.hud.lab.motions.size(), 5u);
    EXPECT_EQ(f.hud.lab.motion_index, 1);
    EXPECT_NEAR(f.hud.lab.ground_speed_mps, 38.25f, 0.4f);
    if (!first) {
      first = f;
      first_time = game->session->render_time();
    }
    last = f;
    last_time = game->session->render_time();
    return false;
  });
  ASSERT_TRUE(first);
  ASSERT_GT(last_time - first_time, 1.0);
  EXPECT_EQ(last.camera_x, first->camera_x);
  const double treadmill = (last.ground_x - first->ground_x) / (last_time - first_time);
  std::printf("lab run: treadmill %.2f units/s over %.2f s shown\n", treadmill,
              last_time - first_time);
  EXPECT_NEAR(treadmill, 382.5, 382.5 * 0.02);

  // The throw does not travel: the treadmill runs out and stands.
  game->session->press(Key::Num3);
  ASSERT_TRUE(game->run_until(5.0, [](const FrameData& f) { return f.hud.lab.motion == "throw"; }));
  game->run_until(1.0, [](const FrameData&) { return false; });
  std::optional<double> stood;
  game->run_until(0.5, [&](const FrameData& f) {
    if (!stood) stood = f.ground_x;
    EXPECT_NEAR(f.ground_x, *stood, 0.1);
    EXPECT_NEAR(f.hud.lab.ground_speed_mps, 0.f, 0.01f);
    return false;
  });
  ASSERT_TRUE(stood);

  // Leaving the lab takes its stage and its HUD away: back on the course, with the run's HUD.
  game->session->press(Key::M);
  ASSERT_TRUE(game->run_until(5.0, [](const FrameData& f) {
    return !f.hud.lab.active && !f.lab_stage && f.hud.show_run && f.figures.size() == 2u &&
           f.hud.scoreboard.size() == 2u;
  })) << "the lab's stage or HUD stayed after leaving it";
  game->run_until(0.3, [](const FrameData& f) {
    EXPECT_FALSE(f.hud.lab.active);
    EXPECT_EQ(f.ground_x, f.camera_x);  // the ground is the course again
    return false;
  });
}

TEST(FrameAssembly, ComboOfTheFollowedRunnerReachesTheHud) {
  SessionConfig config;
  config.role = net::Role::Spectator;
  config.name = "watcher";
  auto game = start_game(1, config);
  ASSERT_TRUE(game);
  int combo = 0;
  const bool seen = game->run_until(60.0, [&](const FrameData& f) {
    const RunnerView* followed = game->session->followed();
    if (!followed) return false;
    EXPECT_EQ(f.hud.combo, followed->frame.combo);
    combo = f.hud.combo;
    return combo >= 1;
  });
  EXPECT_TRUE(seen) << "the bot broke no target in a row within a minute";
  EXPECT_GE(combo, 1);
}

// Rivals with identity (issue 16): every runner drawn carries its id and name, and the race strip
// holds one mark per runner at its distance, the followed one marked.
TEST(FrameAssembly, EveryRunnerHasAnIdANameAndARaceMark) {
  SessionConfig config;
  config.role = net::Role::Spectator;
  config.name = "watcher";
  auto game = start_game(3, config);
  ASSERT_TRUE(game);
  const bool seen = game->run_until(30.0, [&](const FrameData& f) {
    if (f.figures.size() < 3 || !f.has_followed) return false;
    EXPECT_EQ(f.hud.race.size(), f.figures.size());
    std::set<int> ids;
    int followed_marks = 0;
    for (const FigureView& v : f.figures) {
      EXPECT_FALSE(v.name.empty());
      ids.insert(v.id);
    }
    for (const RaceMark& m : f.hud.race) {
      followed_marks += m.followed ? 1 : 0;
      EXPECT_TRUE(ids.count(m.id)) << "a race mark of no runner drawn";
      const auto it = std::find_if(f.figures.begin(), f.figures.end(),
                                   [&](const FigureView& v) { return v.id == m.id; });
      if (it != f.figures.end()) {
        EXPECT_DOUBLE_EQ(m.distance, it->x);
      }
    }
    EXPECT_EQ(ids.size(), f.figures.size()) << "two runners share an id (and a tint)";
    EXPECT_EQ(followed_marks, 1);
    return true;
  });
  EXPECT_TRUE(seen) << "three bots never showed up";
}

// Online away (issue 15): the own runner parked says so, and the way back counts 3-2-1. The
// embedded server stands in for a remote one (`online` is what main sets for --connect).
TEST(FrameAssembly, AwaySaysSoAndTheWayBackCountsDown) {
  SessionConfig config;
  config.name = "away";
  config.online = true;
  config.autoplay = true;
  config.script = script("1.0:FocusLost,2.5:FocusGained");
  auto game = start_game(0, config);
  ASSERT_TRUE(game);
  ASSERT_TRUE(game->run_until(15.0, [](const FrameData& f) {
    return f.hud.message == StateMessage::Custom && message_headline(f.hud) == "away";
  })) << "never showed away";
  EXPECT_EQ(game->session->own()->frame.mode, net::RunnerMode::Parked);
  std::set<int> shown;
  std::string caption;
  game->run_until(6.0, [&](const FrameData& f) {
    if (f.hud.countdown > 0) {
      shown.insert(f.hud.countdown);
      caption = f.hud.countdown_caption;
      EXPECT_EQ(f.hud.message, StateMessage::None);
    }
    return !shown.empty() && f.hud.countdown == 0;
  });
  EXPECT_EQ(shown, (std::set<int>{1, 2, 3}));
  EXPECT_EQ(caption, "resuming in");
  EXPECT_EQ(game->session->own()->frame.mode, net::RunnerMode::Running);
}

TEST(FrameAssembly, LeavingTheLabSaysANewRunStartsAfterACountdown) {
  SessionConfig config;
  config.name = "lab";
  config.script = script("0.5:M,1.5:M");
  auto game = start_game(0, config);
  ASSERT_TRUE(game);
  std::set<int> shown;
  std::string caption;
  ASSERT_TRUE(game->run_until(15.0, [&](const FrameData& f) {
    if (f.hud.countdown > 0) {
      shown.insert(f.hud.countdown);
      caption = f.hud.countdown_caption;
      EXPECT_FALSE(f.hud.lab.active);
    }
    return !shown.empty() && f.hud.countdown == 0;
  }));
  EXPECT_EQ(shown, (std::set<int>{1, 2, 3}));
  EXPECT_EQ(caption, "new run in");
}

TEST(FrameAssembly, AwayWithoutPredictionParksTheRunnerToo) {
  SessionConfig config;
  config.name = "shown";
  config.online = true;
  config.prediction = false;  // the own runner as the server sent it, presses from the keys path
  config.script = script("0.5:FocusLost");
  auto game = start_game(0, config);
  ASSERT_TRUE(game);
  EXPECT_TRUE(game->run_until(10.0, [&](const FrameData& f) {
    const RunnerView* mine = game->session->own();
    return mine && mine->frame.mode == net::RunnerMode::Parked &&
           (mine->frame.flags & net::runner_flags::kAway) && message_headline(f.hud) == "away";
  })) << "never parked";
}

TEST(FrameAssembly, LocalPlayDoesNotParkOnFocusLoss) {
  SessionConfig config;
  config.name = "local";
  config.script = script("0.5:FocusLost");  // local play: the app pauses the match instead
  auto game = start_game(0, config);
  ASSERT_TRUE(game);
  bool parked = false;
  game->run_until(2.0, [&](const FrameData&) {
    const RunnerView* mine = game->session->own();
    parked |= mine && mine->frame.mode == net::RunnerMode::Parked;
    return false;
  });
  EXPECT_FALSE(parked);
  ASSERT_NE(game->session->own(), nullptr);
  EXPECT_FALSE(game->session->own()->frame.flags & net::runner_flags::kAway);
}

// A big race: snapshots carry poses for two runners near the followed one and summaries of three
// more. The scoreboard and the race strip hold all five, each once: the drawn ones as drawn,
// the summed-up ones at their distance at the render time.
TEST(FrameAssembly, ScoreboardAndRaceStripHoldDrawnAndSummedUpRunnersOnce) {
  WorldView world(false);
  net::Welcome w;
  w.tick_rate = 60;
  w.snapshot_rate = 30;
  w.role = net::Role::Spectator;
  world.on_welcome(w);
  world.on_roster({{1, {1, false, "ada"}},
                   {2, {2, true, "bo"}},
                   {10, {10, false, "cy"}},
                   {11, {11, true, "dee"}},
                   {12, {12, false, "eve"}}});
  for (net::Tick tick = 600; tick < 660; tick += 2) {
    net::Snapshot s;
    s.tick = tick;
    net::RunnerSnapshot a, b;
    a.id = 1;
    a.score = 50;
    a.best = 80;
    a.distance = 5.0 * (tick - 600);
    b.id = 2;
    b.score = 20;
    b.distance = 4.0 * (tick - 600);
    b.flags = net::runner_flags::kBot;
    s.runners = {a, b};
    s.others = {{10, net::RunnerMode::Running, 0, 90, 1000.0 + 6.0 * (tick - 600), std::nullopt},
                {11, net::RunnerMode::Falling, net::runner_flags::kBot, 30, 700.0, std::nullopt},
                {12, net::RunnerMode::Parked, net::runner_flags::kAway, 10, 300.0, std::nullopt}};
    const double now = 1.0 + (tick - 600) / 60.0;
    world.on_snapshot(s, now);
    world.sample(now + 0.01, 1.0 / 60.0);
    world.build(1.f / 60.f, 0.f, nullptr);
  }
  ASSERT_EQ(world.runners().size(), 2u);
  ASSERT_EQ(world.others().size(), 3u);

  HudState hud;
  fill_race_board(hud, world.runners(), world.others());
  ASSERT_EQ(hud.scoreboard.size(), 5u);
  ASSERT_EQ(hud.race.size(), 5u);
  std::vector<std::string> names;
  for (const ScoreRow& r : hud.scoreboard) names.push_back(r.name);
  EXPECT_EQ(names, (std::vector<std::string>{"cy", "ada", "dee", "bo", "eve"}));  // by score
  const auto row = [&](const std::string& name) {
    return *std::find_if(hud.scoreboard.begin(), hud.scoreboard.end(),
                         [&](const ScoreRow& r) { return r.name == name; });
  };
  EXPECT_EQ(row("ada").best, 80);
  EXPECT_EQ(row("cy").score, 90);
  EXPECT_EQ(row("cy").best, 90);
  EXPECT_FALSE(row("cy").down);
  EXPECT_TRUE(row("dee").down);  // falling
  EXPECT_FALSE(row("dee").away);
  EXPECT_FALSE(row("eve").down);
  EXPECT_TRUE(row("eve").away);

  std::map<int, double> marks;
  for (const RaceMark& m : hud.race) {
    EXPECT_TRUE(marks.emplace(m.id, m.distance).second) << "runner " << m.id << " marked twice";
  }
  ASSERT_EQ(marks.size(), 5u);
  for (const RunnerView& r : world.runners()) EXPECT_DOUBLE_EQ(marks.at(r.lane), r.frame.distance);
  for (const RunnerSummaryView& o : world.others())
    EXPECT_DOUBLE_EQ(marks.at(static_cast<int>(o.id)), o.distance);
  // Runner 10's mark moves with the render time, between its summaries.
  const double shown = world.render_time() * 60.0 - 600.0;
  EXPECT_NEAR(marks.at(10), 1000.0 + 6.0 * shown, 1e-6);
  EXPECT_GT(marks.at(10), 1000.0);

  // A summary of a runner drawn (it just came near) is left out; the own runner is "(you)".
  std::vector<RunnerSummaryView> others(world.others().begin(), world.others().end());
  RunnerSummaryView again;
  again.id = 1;
  again.name = "ada";
  again.distance = 12345.0;
  others.push_back(again);
  others[0].own = true;
  HudState twice;
  fill_race_board(twice, world.runners(), others);
  EXPECT_EQ(twice.scoreboard.size(), 5u);
  EXPECT_EQ(twice.race.size(), 5u);
  for (const RaceMark& m : twice.race) EXPECT_NE(m.distance, 12345.0);
  EXPECT_EQ(std::count_if(twice.scoreboard.begin(), twice.scoreboard.end(),
                          [](const ScoreRow& r) { return r.name == "cy (you)"; }),
            1);
}

// The board: "3 bot-4 99" above "5 bot-3 238" (ranked by best, showing the score).
TEST(FrameAssembly, ScoreboardRanksByTheScoreItShows) {
  std::vector<ScoreRow> rows = {{"Ada", 99, 900, false, false},
                                {"Bo", 238, 238, false, false},
                                {"Cleo", 0, 1200, false, true},
                                {"Dax", 238, 500, true, false},
                                {"Esme", 99, 900, false, false}};
  rank_scoreboard(rows);
  std::vector<std::string> order;
  for (const ScoreRow& r : rows) order.push_back(r.name);
  EXPECT_EQ(order, (std::vector<std::string>{"Dax", "Bo", "Ada", "Esme", "Cleo"}));
  for (std::size_t i = 1; i < rows.size(); ++i)
    EXPECT_GE(rows[i - 1].score, rows[i].score) << "row " << i + 1;
}

TEST(FrameAssembly, BadAddressSaysSoInTheHeadline) {
  SessionConfig config;
  config.server_label = "nowhere:1";
  ClientSession session(config, "cannot resolve 'nowhere'");
  pump_session(session, nullptr, 0.0, 0.f);
  const FrameData f = assemble_frame(session, 0.5, 0.f, {});
  EXPECT_EQ(f.hud.message, StateMessage::Custom);
  EXPECT_EQ(message_headline(f.hud), "bad server address");
  EXPECT_NE(f.hud.message_detail.find("cannot resolve 'nowhere'"), std::string::npos);
}

// Issue 38, a start that reads: every runner of a local race of seven bots and the player has a
// lane of its own behind the followed runner's (the figures all stand at the start at once), the
// followed one in front.
TEST(FrameAssembly, EveryRunnerOfASmallRaceHasALaneOfItsOwn) {
  SessionConfig config;
  config.name = "you";
  config.autoplay = true;
  auto game = start_game(7, config);
  ASSERT_TRUE(game);
  const bool seen = game->run_until(30.0, [&](const FrameData& f) {
    if (f.figures.size() < 8 || !f.has_followed) return false;
    std::set<int> depths;
    for (const FigureView& v : f.figures) {
      if (v.followed) {
        EXPECT_EQ(v.depth, 0);
        continue;
      }
      EXPECT_GE(v.depth, 1);
      EXPECT_LE(v.depth, kGhostDepths);
      EXPECT_TRUE(depths.insert(v.depth).second) << v.name << " shares lane " << v.depth;
    }
    return true;
  });
  EXPECT_TRUE(seen) << "seven bots never showed up";
}

// Issue 38, the first minute: the local game holds its match for a 3-2-1 once the runner is on
// screen (the bots too: nobody moves during it), says so, then runs.
TEST(FrameAssembly, LocalPlayCountsThreeTwoOneThenRuns) {
  SessionConfig config;
  config.name = "you";
  auto game = start_game(1, config);
  ASSERT_TRUE(game);
  LocalPause pause(game->server.get(), *game->session);
  pause.start_countdown(3.0, game->now());
  std::set<int> shown;
  std::string caption;
  double moved_while_counting = 0.0;
  std::map<int, double> held;  // each runner's distance when the count began
  std::optional<double> at_go;
  double after = 0.0;
  const double until = game->now() + 20.0;
  while (game->now() < until) {
    const double t = game->now();
    pump_session(*game->session, game->socket.get(), t, 0.01f);
    const RunnerView* own = game->session->own();
    pause.tick(own != nullptr, t);
    HudExtras extras;
    if (pause.counting()) extras.start_count = pause.count_left();
    const FrameData f = assemble_frame(*game->session, t, static_cast<float>(t), extras);
    game->session->on_frame(true);
    if (own && pause.counting()) {
      if (f.hud.countdown > 0) {
        shown.insert(f.hud.countdown);
        caption = f.hud.countdown_caption;
      }
      for (const RunnerView& r : game->session->runners()) {
        const double from = held.emplace(r.lane, r.frame.distance).first->second;
        moved_while_counting = std::max(moved_while_counting, std::abs(r.frame.distance - from));
      }
    }
    if (own && !pause.counting()) {
      if (!at_go) at_go = own->frame.distance;
      after = own->frame.distance;
      if (after > *at_go + 200.0) break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  EXPECT_EQ(shown, (std::set<int>{1, 2, 3}));
  EXPECT_EQ(caption, "run starts in");
  EXPECT_LT(moved_while_counting, 1.0) << "a runner ran during the 3-2-1";
  ASSERT_TRUE(at_go) << "the count never ended";
  EXPECT_GT(after, *at_go + 200.0) << "the runner did not run after the count";
}

// Issue 38, the first minute: the controls show until the player has used each; the crash screen
// says them again.
TEST(FrameAssembly, TheControlsShowUntilUsedAndAgainOnTheCrashScreen) {
  SessionConfig config;
  config.name = "you";
  config.script = script("1.0:Space,2.0:F");
  auto game = start_game(0, config);
  ASSERT_TRUE(game);
  std::vector<std::string> seen;
  bool crash_says = false;
  game->run_until(20.0, [&](const FrameData& f) {
    if (!game->session->own()) return false;
    if (seen.empty() || seen.back() != f.hud.controls) seen.push_back(f.hud.controls);
    if (f.hud.message == StateMessage::PressSpaceToRun)
      crash_says = f.hud.message_detail == ControlsHint::all();
    return crash_says;
  });
  EXPECT_EQ(seen, (std::vector<std::string>{ControlsHint::all(), kThrustControl, ""}));
  EXPECT_TRUE(crash_says) << "the crash screen did not say the controls";
}

// Issue 38, results that agree: while the results show, the scoreboard behind them and the run
// panel hold the race they rank, not the next race's line where everyone stands at 0.
TEST(FrameAssembly, TheBoardBehindTheResultsShowsTheRaceTheyRank) {
  HudState hud;
  hud.score = 0;
  hud.distance_m = 0.f;
  hud.scoreboard = {{"you (you)", 0, 0, true, false}, {"ada", 0, 0, false, false}};
  hud.races.active = true;
  hud.races.show_results = true;
  BoardLine first;
  first.place = 1;
  first.name = "ada";
  first.bot = true;
  first.score = 1480;
  first.distance_m = 512.f;
  BoardLine second;
  second.place = 2;
  second.name = "you";
  second.score = 1210;
  second.distance_m = 430.5f;
  second.own = true;
  hud.races.results = {first, second};
  show_results_behind(hud);
  ASSERT_EQ(hud.scoreboard.size(), 2u);
  EXPECT_EQ(hud.scoreboard[0].name, "ada");
  EXPECT_EQ(hud.scoreboard[0].score, 1480);
  EXPECT_EQ(hud.scoreboard[1].name, "you (you)");
  EXPECT_EQ(hud.scoreboard[1].score, 1210);
  EXPECT_FALSE(hud.scoreboard[0].followed);
  EXPECT_TRUE(hud.scoreboard[1].followed);
  EXPECT_EQ(hud.score, 1210);
  EXPECT_FLOAT_EQ(hud.distance_m, 431.f);  // as the results table rounds it
  // A spectator following ada: her line goes to the panel.
  HudState watching;
  watching.scoreboard = {{"you", 0, 0, false, false}, {"ada", 0, 0, true, false}};
  watching.races = hud.races;
  show_results_behind(watching);
  EXPECT_EQ(watching.score, 1480);
  EXPECT_FLOAT_EQ(watching.distance_m, 512.f);
  EXPECT_TRUE(watching.scoreboard[0].followed);
  // No results yet (their pages on the way): the board is left as it is.
  HudState waiting;
  waiting.races.show_results = true;
  waiting.scoreboard = {{"ada", 7, 7, false, false}};
  show_results_behind(waiting);
  EXPECT_EQ(waiting.scoreboard.size(), 1u);
  EXPECT_EQ(waiting.scoreboard[0].score, 7);
}

}  // namespace
}  // namespace spear::client
