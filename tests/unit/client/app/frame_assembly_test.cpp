// assemble_frame against a real server in this process (the embedded local game): the motion
// lab's phase, gait and IK targets reach the HUD and the skeleton overlay, the combo reaches the
// HUD, and a failure's headline says what happened. Real time only bounds the waiting.
#include "app/frame_assembly.hpp"

#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <functional>
#include <memory>
#include <set>
#include <thread>

#include "app/embedded_server.hpp"
#include "core/key_script.hpp"
#include "core/server_link.hpp"
#include "net/peer_address.hpp"

namespace spear::client {
namespace {

using Clock = std::chrono::steady_clock;

struct LiveGame {
  std::unique_ptr<EmbeddedServer> server;
  std::unique_ptr<ClientSession> session;
  Clock::time_point start = Clock::now();

  double now() const { return std::chrono::duration<double>(Clock::now() - start).count(); }

  // Updates the session about every 10 ms and assembles a frame, until `done` says so or
  // `limit` seconds pass. True when `done` did.
  bool run_until(double limit, const std::function<bool(const FrameData&)>& done) {
    const double until = now() + limit;
    while (now() < until) {
      const double t = now();
      session->update(t, 0.01f);
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
  auto link = ServerLink::open(net::PeerAddress::ipv4(127, 0, 0, 1, game->server->port()), &error);
  EXPECT_TRUE(link) << error;
  if (!link) return nullptr;
  config.server_label = "local game";
  game->session = std::make_unique<ClientSession>(config, std::move(link));
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

TEST(FrameAssembly, BadAddressSaysSoInTheHeadline) {
  SessionConfig config;
  config.server_label = "nowhere:1";
  ClientSession session(config, nullptr, "cannot resolve 'nowhere'");
  session.update(0.0, 0.f);
  const FrameData f = assemble_frame(session, 0.5, 0.f, {});
  EXPECT_EQ(f.hud.message, StateMessage::Custom);
  EXPECT_EQ(message_headline(f.hud), "bad server address");
  EXPECT_NE(f.hud.message_detail.find("cannot resolve 'nowhere'"), std::string::npos);
}

}  // namespace
}  // namespace spear::client
