// A real Server (on its own thread, real UDP socket on 127.0.0.1, ephemeral port) and real
// clients (net::ClientConnection over real sockets).
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <thread>

#include "net/codec.hpp"
#include "net/pose_codec.hpp"
#include "net/session_crypto.hpp"
#include "replay/resimulation.hpp"
#include "server/match_host.hpp"
#include "server/server.hpp"
#include "support/client_configs.hpp"
#include "support/loopback_client.hpp"

namespace spear::test {
namespace {

using net::ConnectionState;

// A Server running on a background thread for the length of a test.
class RunningServer {
 public:
  explicit RunningServer(server::ServerConfig config) : server_(prepare(std::move(config))) {
    std::string error;
    if (!server_.start(error)) throw std::runtime_error(error);
    thread_ = std::thread([this] { exit_code_ = server_.run(); });
  }
  ~RunningServer() { stop(); }
  void stop() {
    server_.stop();
    if (thread_.joinable()) thread_.join();
  }
  std::uint16_t port() const { return server_.port(); }
  void set_paused(bool paused) { server_.set_paused(paused); }  // thread-safe
  server::Server& live() { return server_; }                    // for its thread-safe calls
  // Only after stop().
  const server::Server& server() const { return server_; }
  int exit_code() const { return exit_code_; }

 private:
  static server::ServerConfig prepare(server::ServerConfig c) {
    c.bind_address = "127.0.0.1";
    c.port = 0;
    return c;
  }
  server::Server server_;
  std::thread thread_;
  int exit_code_ = -1;
};

bool connect(LoopbackClient& c, double timeout_s = 3.0) {
  c.start();
  pump_until(
      {&c},
      [&] {
        const auto s = c.state();
        return s != ConnectionState::Connecting && s != ConnectionState::Challenged;
      },
      timeout_s);
  return c.state() == ConnectionState::Connected;
}

// An Input sealed with a client's keys (as if it sent it), with a chosen sequence.
std::vector<std::uint8_t> forged_input(const net::ClientConnection& as, net::Sequence seq,
                                       net::Tick from, int n) {
  net::Packet p;
  net::Input in;
  for (int i = 0; i < n; ++i)
    in.frames.push_back({from + static_cast<net::Tick>(i), net::buttons::kJump, 0});
  p.message = std::move(in);
  return net::seal_datagram(as.session_keys()->tx, seq, net::encode_packet(p));
}

bool ever_leaped(const std::vector<net::Snapshot>& snaps, net::RunnerId id) {
  for (const auto& s : snaps)
    for (const auto& r : s.runners)
      if (r.id == id && r.mode == net::RunnerMode::Jumping) return true;
  return false;
}

net::Tick newest_tick(LoopbackClient& c) {
  return c.connection().newest_snapshot_tick().value_or(0);
}

// Waits for the answer to Server::ask_recording.
std::optional<server::Server::Recording> recording_of(server::Server& s, net::RunnerId player) {
  s.ask_recording(player);
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(3);
  while (std::chrono::steady_clock::now() < until) {
    if (auto r = s.take_recording()) return r;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  return std::nullopt;
}

TEST(ServerLoopback, AnEmbeddingProgramGetsTheMatchRecordedSoFar) {
  // A local game keeps its player's best runs from the match recorded in memory: asked while
  // the match runs (paused too), the recording so far verifies and names the player's runner.
  server::ServerConfig config;
  config.seed = 3;
  config.bots = 2;
  config.record_in_memory = true;
  RunningServer srv(config);
  LoopbackClient me(player("me"), srv.port());
  ASSERT_TRUE(connect(me));
  ASSERT_TRUE(pump_until(
      {&me}, [&] { return me.snapshots().size() >= 40; }, 5.0));
  const net::RunnerId wire = *me.connection().welcome()->runner_id;
  auto first = recording_of(srv.live(), wire);
  ASSERT_TRUE(first && first->replay && first->runner);
  const replay::Replay& r = *first->replay;
  EXPECT_EQ(r.seed, 3u);
  ASSERT_EQ(r.runners.size(), 3u);
  const auto mine =
      std::find_if(r.runners.begin(), r.runners.end(),
                   [&](const replay::RosterEntry& e) { return e.id == *first->runner; });
  ASSERT_NE(mine, r.runners.end());
  EXPECT_EQ(mine->name, "me");
  EXPECT_FALSE(mine->bot);
  EXPECT_GT(r.end_tick, 60u);
  const replay::VerifyReport v = replay::verify_replay(r);
  EXPECT_TRUE(v.ok);
  EXPECT_GT(v.checkpoints_checked, 0u);
  // The recording goes on: asked again (paused), it is longer and still verifies; a wire id
  // nobody holds gets the recording without a runner.
  pump_until(
      {&me}, [&] { return me.snapshots().size() >= 80; }, 5.0);
  srv.set_paused(true);
  auto second = recording_of(srv.live(), 200);
  ASSERT_TRUE(second && second->replay);
  EXPECT_FALSE(second->runner);
  EXPECT_GT(second->replay->end_tick, r.end_tick);
  EXPECT_TRUE(replay::verify_replay(*second->replay).ok);
  EXPECT_FALSE(srv.live().take_recording()) << "an answer is handed over once";
}

TEST(ServerLoopback, WithoutRecordingTheAnswerHasNoReplay) {
  server::ServerConfig config;
  config.bots = 1;
  RunningServer srv(config);
  auto answer = recording_of(srv.live(), 1);
  ASSERT_TRUE(answer);
  EXPECT_FALSE(answer->replay);
}

TEST(ServerLoopback, SnapshotsArriveAndDecodeToTheServersPoses) {
  // A bot-only match is a pure function of the seed: a local copy of the same MatchHost
  // recomputes exactly the poses the server computed at each snapshot's tick.
  server::ServerConfig config;
  config.seed = 7;
  config.bots = 3;
  config.bot_skill = 0.6f;
  RunningServer srv(config);
  LoopbackClient viewer(spectator("viewer"), srv.port());
  ASSERT_TRUE(connect(viewer));
  ASSERT_TRUE(pump_until(
      {&viewer}, [&] { return viewer.snapshots().size() >= 45; }, 5.0));

  server::MatchHost reference(config.seed, config.tick_rate, config.bots, config.bot_skill);
  std::vector<net::Snapshot> snaps = viewer.snapshots();
  std::sort(snaps.begin(), snaps.end(), [](auto& a, auto& b) { return a.tick < b.tick; });
  float worst = 0.f;
  std::size_t runners = 0, deltas = 0;
  for (const net::Snapshot& s : snaps) {
    while (reference.tick() <= s.tick) reference.step();  // the state after tick s.tick
    if (s.baseline_tick) ++deltas;
    ASSERT_EQ(s.runners.size(), 3u);
    for (const net::RunnerSnapshot& r : s.runners) {
      const sim::MatchRunner* m = reference.runner(r.id);
      ASSERT_NE(m, nullptr);
      worst = std::max(worst, net::max_joint_error(r.pose, m->state.pose));
      ASSERT_NEAR(r.distance, m->state.distance, 0.07) << "tick " << s.tick;
      ++runners;
    }
  }
  EXPECT_GE(runners, 3u * 45u);
  EXPECT_GT(deltas, 20u);
  EXPECT_LE(worst, 0.25f);
}

TEST(ServerLoopback, PlayerAndSpectatorJoinAndInputsMoveOnlyTheOwnRunner) {
  server::ServerConfig config;
  RunningServer srv(config);
  LoopbackClient a(player("a"), srv.port());
  LoopbackClient b(player("b"), srv.port());
  LoopbackClient s(spectator("s"), srv.port());
  ASSERT_TRUE(connect(a));
  ASSERT_TRUE(connect(b));
  ASSERT_TRUE(connect(s));
  const net::RunnerId ra = *a.connection().welcome()->runner_id;
  const net::RunnerId rb = *b.connection().welcome()->runner_id;
  EXPECT_FALSE(s.connection().welcome()->runner_id.has_value());
  ASSERT_TRUE(pump_until(
      {&a, &b, &s}, [&] { return newest_tick(a) > 0 && newest_tick(s) > 0; }, 3.0));

  // The spectator's forged jumps are sealed with its own keys; they must move nobody.
  for (int i = 0; i < 10; ++i) {
    // A sequence is 32 bits on the wire (it wraps); this test's counts stay far below that.
    const auto seq = static_cast<net::Sequence>(s.connection().stats().datagrams_out + 40 + i);
    s.send_raw(forged_input(s.connection(), seq, newest_tick(s) + 1, 8));
    pump_until(
        {&a, &b, &s}, [] { return false; }, 0.02);
  }
  pump_until(
      {&a, &b, &s}, [] { return false; }, 0.3);
  EXPECT_FALSE(ever_leaped(s.snapshots(), ra));
  EXPECT_FALSE(ever_leaped(s.snapshots(), rb));

  // a jumps: a's runner leaps, b's does not.
  a.connection().push_input({newest_tick(a) + 4, net::buttons::kJump, 0});
  ASSERT_TRUE(pump_until(
      {&a, &b, &s}, [&] { return ever_leaped(s.snapshots(), ra); }, 3.0));
  pump_until(
      {&a, &b, &s}, [] { return false; }, 0.2);
  EXPECT_FALSE(ever_leaped(s.snapshots(), rb));
  EXPECT_FALSE(ever_leaped(b.snapshots(), rb));
  EXPECT_TRUE(ever_leaped(b.snapshots(), ra));  // b sees a jump too
  EXPECT_EQ(a.state(), ConnectionState::Connected);
  EXPECT_EQ(s.state(), ConnectionState::Connected);
}

TEST(ServerLoopback, AnotherSessionsKeyOrAnotherPortIsIgnored) {
  server::ServerConfig config;
  RunningServer srv(config);
  LoopbackClient a(player("a"), srv.port());
  LoopbackClient b(player("b"), srv.port());
  ASSERT_TRUE(connect(a));
  ASSERT_TRUE(connect(b));
  const net::RunnerId ra = *a.connection().welcome()->runner_id;
  const net::RunnerId rb = *b.connection().welcome()->runner_id;
  ASSERT_TRUE(pump_until(
      {&a, &b}, [&] { return newest_tick(b) > 0; }, 3.0));

  // A third socket (another port) sealing with a's keys and fresh sequences; and b's socket
  // sealing with a's keys.
  LoopbackClient intruder(player("x"), srv.port());
  for (int i = 0; i < 20; ++i) {
    const net::Tick t = newest_tick(b) + 1;
    intruder.send_raw(forged_input(a.connection(), 100000 + i, t, 8));
    b.send_raw(forged_input(a.connection(), 200000 + i, t, 8));
    pump_until(
        {&a, &b}, [] { return false; }, 0.02);
  }
  pump_until(
      {&a, &b}, [] { return false; }, 0.3);
  EXPECT_FALSE(ever_leaped(b.snapshots(), ra));
  EXPECT_FALSE(ever_leaped(b.snapshots(), rb));
  EXPECT_EQ(a.state(), ConnectionState::Connected);
  EXPECT_EQ(b.state(), ConnectionState::Connected);

  srv.stop();
  const auto& st = srv.server().stats();
  EXPECT_EQ(st.drops.count(server::DropReason::UnknownAddress), 20u);
  EXPECT_EQ(st.drops.count(server::DropReason::WrongKey), 20u);
}

TEST(ServerLoopback, FullServerAndWrongPasswordAreRefusedWithAReason) {
  server::ServerConfig config;
  config.max_players = 1;
  config.password = "hunter2";
  config.allow_spectators = false;
  RunningServer srv(config);

  LoopbackClient wrong(player("w", "hunter3"), srv.port());
  EXPECT_FALSE(connect(wrong));
  ASSERT_EQ(wrong.state(), ConnectionState::Refused);
  EXPECT_EQ(wrong.connection().refusal()->reason, net::RefusalReason::WrongPassword);
  EXPECT_EQ(wrong.connection().refusal()->text, "wrong password");

  LoopbackClient right(player("r", "hunter2"), srv.port());
  ASSERT_TRUE(connect(right));

  LoopbackClient late(player("l", "hunter2"), srv.port());
  EXPECT_FALSE(connect(late));
  ASSERT_EQ(late.state(), ConnectionState::Refused);
  EXPECT_EQ(late.connection().refusal()->reason, net::RefusalReason::ServerFull);
  EXPECT_EQ(late.connection().refusal()->text, "server full (1/1 players)");

  LoopbackClient watcher(spectator("s"), srv.port());
  EXPECT_FALSE(connect(watcher));
  EXPECT_EQ(watcher.connection().refusal()->reason, net::RefusalReason::SpectatorsOff);
}

TEST(ServerLoopback, SilentClientIsFreedAfterTheTimeoutAndItsSlotReused) {
  server::ServerConfig config;
  config.max_players = 1;
  config.client_timeout = 0.5;  // the same rule as the 5 s default, sooner
  RunningServer srv(config);
  LoopbackClient first(player("first"), srv.port());
  ASSERT_TRUE(connect(first));
  // first now goes silent (never pumped again). The slot is taken meanwhile:
  LoopbackClient second(player("second"), srv.port());
  EXPECT_FALSE(connect(second));
  EXPECT_EQ(second.connection().refusal()->reason, net::RefusalReason::ServerFull);
  // After the timeout the slot is free again.
  std::this_thread::sleep_for(std::chrono::milliseconds(700));
  LoopbackClient third(player("third"), srv.port());
  ASSERT_TRUE(connect(third));
  ASSERT_TRUE(pump_until(
      {&third}, [&] { return !third.snapshots().empty(); }, 3.0));
  // The first runner is gone: only third's runner is in the snapshots.
  const auto& snap = third.snapshots().back();
  ASSERT_EQ(snap.runners.size(), 1u);
  EXPECT_EQ(snap.runners[0].id, *third.connection().welcome()->runner_id);

  // The silent one is told when it listens again.
  first.pump();
  EXPECT_EQ(first.state(), ConnectionState::Disconnected);
  EXPECT_EQ(first.connection().disconnect_reason(), net::DisconnectReason::TimedOut);
  srv.stop();
  EXPECT_EQ(srv.server().stats().timeouts, 1u);
}

TEST(ServerLoopback, PauseStopsTheMatchKeepsSilentClientsAndCatchesNothingUp) {
  server::ServerConfig config;
  config.bots = 1;
  config.client_timeout = 0.5;  // the pause below is twice as long
  RunningServer srv(config);
  LoopbackClient first(player("first"), srv.port());
  ASSERT_TRUE(connect(first));
  ASSERT_TRUE(pump_until(
      {&first}, [&] { return first.snapshots().size() >= 3; }, 3.0));

  srv.set_paused(true);
  pump_until(
      {&first}, [] { return false; }, 0.1);  // what was on its way arrives
  const net::Tick paused_at = newest_tick(first);
  // Silent for longer than the timeout, while paused: no tick runs, nobody is freed.
  std::this_thread::sleep_for(std::chrono::milliseconds(1000));
  pump_until(
      {&first}, [] { return false; }, 0.1);
  EXPECT_EQ(newest_tick(first), paused_at);
  EXPECT_EQ(first.state(), ConnectionState::Connected);
  // Who joins during the pause sees the match as it stands.
  LoopbackClient second(player("second"), srv.port());
  ASSERT_TRUE(connect(second));
  ASSERT_TRUE(pump_until(
      {&second}, [&] { return !second.snapshots().empty(); }, 2.0));
  EXPECT_LE(second.snapshots().front().tick, paused_at + 1);
  pump_until(
      {&first, &second}, [] { return false; }, 0.2);
  EXPECT_EQ(newest_tick(first), paused_at);

  // Resumed: ticks go on at the tick rate from where they stopped (the 1.4 s paused are not
  // caught up: that would be 80 ticks at once).
  srv.set_paused(false);
  pump_until(
      {&first, &second}, [] { return false; }, 0.3);
  EXPECT_GT(newest_tick(first), paused_at);
  EXPECT_LT(newest_tick(first), paused_at + 40);
  EXPECT_EQ(first.state(), ConnectionState::Connected);
  // Stopped while paused, it still shuts down (and tells the clients).
  srv.set_paused(true);
  srv.stop();
  EXPECT_EQ(srv.server().stats().timeouts, 0u);
  pump_until(
      {&first}, [&] { return first.state() == ConnectionState::Disconnected; }, 1.0);
  EXPECT_EQ(first.connection().disconnect_reason(), net::DisconnectReason::ServerShutdown);
}

TEST(ServerLoopback, StopTellsEveryClient) {
  server::ServerConfig config;
  RunningServer srv(config);
  LoopbackClient a(player("a"), srv.port());
  LoopbackClient s(spectator("s"), srv.port());
  ASSERT_TRUE(connect(a));
  ASSERT_TRUE(connect(s));
  srv.stop();
  EXPECT_EQ(srv.exit_code(), 0);
  ASSERT_TRUE(pump_until(
      {&a, &s},
      [&] {
        return a.state() == ConnectionState::Disconnected &&
               s.state() == ConnectionState::Disconnected;
      },
      2.0));
  EXPECT_EQ(a.connection().disconnect_reason(), net::DisconnectReason::ServerShutdown);
  EXPECT_EQ(s.connection().disconnect_reason(), net::DisconnectReason::ServerShutdown);
}

TEST(ServerLoopback, AResponseReplayedAfterItsSessionEndsOpensNoSession) {
  // A relay at the player's own address and port records every datagram the player sends; once
  // its session has ended the relay sends them all again, in order, within the cookie's time.
  // The password server answers the Hello with a new Challenge and nothing else: no Welcome, no
  // session, no sealed datagram at all (before, the same keys opened a second session).
  server::ServerConfig config;
  config.bots = 2;
  config.password = "hunter2";
  RunningServer srv(config);
  LoopbackClient me(player("me", "hunter2"), srv.port());
  me.record_sent(true);
  ASSERT_TRUE(connect(me));
  ASSERT_TRUE(pump_until(
      {&me}, [&] { return me.snapshots().size() >= 20; }, 5.0));
  me.connection().disconnect(seconds_now());
  pump_until(
      {&me}, [] { return false; }, 0.3);  // its Disconnects go out, the session ends
  ASSERT_EQ(me.state(), ConnectionState::Disconnected);
  const std::vector<std::vector<std::uint8_t>> recorded = me.sent();
  ASSERT_GT(recorded.size(), 10u);

  std::vector<std::uint8_t> buffer(net::kMaxDatagramBytes + 1);
  int sealed = 0, plain = 0;
  const auto read_answers = [&] {
    while (auto got = me.socket().receive(buffer)) {
      const std::span<const std::uint8_t> d(buffer.data(), got->size);
      if (net::is_sealed(d)) {
        ++sealed;
      } else {
        ++plain;
      }
    }
  };
  read_answers();
  sealed = plain = 0;
  for (const auto& d : recorded) {
    me.send_raw(d);
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
    read_answers();
  }
  const double until = seconds_now() + 0.5;
  while (seconds_now() < until) {
    me.socket().wait_readable(0.05);
    read_answers();
  }
  EXPECT_EQ(sealed, 0) << "sealed datagrams answered the replay";
  EXPECT_GE(plain, 1) << "the replayed Hello gets a Challenge";

  srv.stop();
  const auto& st = srv.server().stats();
  EXPECT_EQ(st.handshakes[static_cast<std::size_t>(server::HandshakeOutcome::Accepted)], 1u);
  EXPECT_GT(st.drops.count(server::DropReason::Replayed), 0u);
}

TEST(ServerLoopback, FloodOfRandomAndReplayedDatagramsLeavesASpectatorWatching) {
  server::ServerConfig config;
  config.bots = 8;
  RunningServer srv(config);
  LoopbackClient watcher(spectator("watcher"), srv.port());
  watcher.record_sent(true);
  ASSERT_TRUE(connect(watcher));
  ASSERT_TRUE(pump_until(
      {&watcher}, [&] { return watcher.snapshots().size() >= 10; }, 3.0));
  const std::vector<std::vector<std::uint8_t>> captured = watcher.sent();
  ASSERT_FALSE(captured.empty());

  // Bounded flood: random garbage from another socket, and the watcher's own datagrams replayed
  // from its own socket, interleaved with the watcher's normal traffic.
  LoopbackClient flooder(spectator("f"), srv.port());
  std::mt19937 rng(1234);
  const std::size_t before = watcher.snapshots().size();
  const double start = seconds_now();
  int sent = 0;
  while (sent < 40000 && seconds_now() - start < 3.0) {
    for (int k = 0; k < 200; ++k, ++sent) {
      std::vector<std::uint8_t> junk(16 + rng() % 1300);
      for (auto& byte : junk) byte = static_cast<std::uint8_t>(rng());
      if (k % 4 == 0) {
        // A valid identifier so the Verifier, not the size check, has to refuse it.
        junk[4] = 'S', junk[5] = 'P', junk[6] = 'R', junk[7] = '1';
      }
      flooder.send_raw(junk);
      if (k % 10 == 0) watcher.send_raw(captured[rng() % captured.size()]);
    }
    watcher.pump();
  }
  ASSERT_TRUE(pump_until(
      {&watcher}, [&] { return watcher.snapshots().size() >= before + 30; }, 3.0));
  const double flood_seconds = seconds_now() - start;
  EXPECT_EQ(watcher.state(), ConnectionState::Connected);

  srv.stop();
  const auto& st = srv.server().stats();
  const double p99 = st.tick_timings.quantile(0.99);
  std::printf("flood: %d datagrams in %.2f s (%.0f/s); tick p99 %.3f ms, max %.3f ms\n", sent,
              flood_seconds, sent / flood_seconds, p99 * 1e3, st.tick_timings.max_seconds() * 1e3);
  EXPECT_GT(st.drops.count(server::DropReason::Replayed), 0u);
  EXPECT_GT(st.drops.count(server::DropReason::Malformed) +
                st.drops.count(server::DropReason::RateLimited) +
                st.drops.count(server::DropReason::TooLarge),
            0u);
  // The tick kept running through the flood (its time is a figure above, not a test: a shared
  // machine makes wall-clock bounds flaky).
  EXPECT_GT(st.tick_timings.count(), 0u);
}

}  // namespace
}  // namespace spear::test
