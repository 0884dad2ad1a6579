// Online away end to end (issue 15, part 3): the real server on loopback, a player's whole client
// session (autopilot, prediction) and a spectator's. The player's window goes to the background:
// the spectator sees its runner parked and away, standing still; it comes back: the spectator sees
// the 3-2-1 countdown, then the runner runs on from where it stood, and the player's prediction
// matched the server all along. About 13 s of real time.
#include <gtest/gtest.h>

#include <chrono>
#include <map>
#include <thread>

#include "core/client_session.hpp"
#include "core/server_socket.hpp"
#include "server/server.hpp"

namespace spear {
namespace {

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

struct Seen {
  net::RunnerMode mode;
  std::uint8_t flags;
  std::uint16_t countdown;
  double distance;
};

TEST(AwayOverLoopback, APlayerGoesAwayIsSeenAwayComesBackCountsDownAndRunsOn) {
  server::ServerConfig c;
  c.bind_address = "127.0.0.1";
  c.port = 0;
  c.seed = 21;
  server::Server srv(c);
  std::string error;
  ASSERT_TRUE(srv.start(error)) << error;
  std::thread run([&] { srv.run(); });
  const auto address = net::PeerAddress::ipv4(127, 0, 0, 1, static_cast<std::uint16_t>(srv.port()));

  client::SessionConfig pc;
  pc.name = "leaves";
  pc.autoplay = true;
  pc.online = true;
  std::string why;
  auto plink = client::ServerSocket::open(address, &why);
  ASSERT_TRUE(plink) << why;
  client::ClientSession player(pc);

  std::map<net::Tick, Seen> seen;  // the player's runner as the spectator received it
  std::optional<net::RunnerId> watched;
  client::SessionConfig sc;
  sc.name = "watches";
  sc.role = net::Role::Spectator;
  sc.on_snapshot = [&](const net::Snapshot& s, double) {
    if (!watched) return;
    for (const auto& r : s.runners)
      if (r.id == *watched) seen[s.tick] = {r.mode, r.flags, r.countdown_ticks, r.distance};
  };
  auto slink = client::ServerSocket::open(address, &why);
  ASSERT_TRUE(slink) << why;
  client::ClientSession spectator(sc);

  const double start = seconds_now();
  double last = start;
  bool went = false, came_back = false;
  while (seconds_now() - start < 13.0) {
    const double now = seconds_now();
    const double t = now - start;
    if (!watched && player.welcome() && player.welcome()->runner_id)
      watched = player.welcome()->runner_id;
    if (!went && t > 3.0) {
      player.set_away(true);
      went = true;
    }
    if (!came_back && t > 6.5) {
      player.set_away(false);
      came_back = true;
    }
    client::pump_session(player, plink.get(), now, static_cast<float>(now - last));
    player.on_frame(false);
    client::pump_session(spectator, slink.get(), now, static_cast<float>(now - last));
    spectator.on_frame(false);
    last = now;
    std::this_thread::sleep_for(std::chrono::milliseconds(8));
  }
  client::quit_session(player, plink.get(), seconds_now());
  client::quit_session(spectator, slink.get(), seconds_now());
  srv.stop();
  run.join();

  ASSERT_TRUE(watched);
  ASSERT_GT(seen.size(), 200u);
  // In tick order: running, parked and away (standing still), counting down (not away, standing
  // still, the ticks falling through 3-2-1), running on.
  std::optional<double> parked_at;
  net::Tick first_parked = 0, first_countdown = 0, first_run_after = 0;
  std::uint16_t last_countdown = 0, smallest = 0xFFFF, largest = 0;
  for (const auto& [tick, r] : seen) {
    const bool away = (r.flags & net::runner_flags::kAway) != 0;
    if (r.mode == net::RunnerMode::Parked) {
      EXPECT_TRUE(away) << tick;
      EXPECT_EQ(first_countdown, 0u) << "parked again after the countdown, tick " << tick;
      if (!parked_at) {
        parked_at = r.distance;
        first_parked = tick;
      }
      EXPECT_NEAR(r.distance, *parked_at, 0.07) << tick;
    } else if (r.mode == net::RunnerMode::Countdown) {
      ASSERT_TRUE(parked_at) << "a countdown before parking, tick " << tick;
      EXPECT_FALSE(away) << tick;
      EXPECT_NEAR(r.distance, *parked_at, 0.07) << tick;
      if (first_countdown != 0) {
        // Exact: the ticks left fall by the ticks between two snapshots.
        EXPECT_EQ(static_cast<int>(last_countdown) - static_cast<int>(r.countdown),
                  static_cast<int>(tick - std::prev(seen.find(tick))->first))
            << tick;
      } else {
        first_countdown = tick;
      }
      last_countdown = r.countdown;
      smallest = std::min(smallest, r.countdown);
      largest = std::max(largest, r.countdown);
    } else if (first_countdown != 0 && first_run_after == 0) {
      EXPECT_EQ(r.mode, net::RunnerMode::Running) << tick;
      first_run_after = tick;
      EXPECT_FALSE(away);
    }
  }
  ASSERT_NE(first_parked, 0u) << "never seen parked";
  ASSERT_NE(first_countdown, 0u) << "never seen counting down";
  ASSERT_NE(first_run_after, 0u) << "never seen running on";
  EXPECT_GE(first_countdown - first_parked, 150u);  // 3.5 s away (less the input lead)
  EXPECT_GE(largest, 170u);                         // 3-2-1 all seen
  EXPECT_LE(smallest, 3u);
  // The countdown took its 180 ticks: the first running snapshot comes right after.
  EXPECT_NEAR(static_cast<double>(first_run_after - first_countdown), 180.0, 3.0);
  EXPECT_GT(seen.rbegin()->second.distance, *parked_at + 300.0);  // ran on from there

  const client::OwnRunnerPredictor* p = player.predictor();
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->active());
  EXPECT_GT(p->stats().checks, 150u);
  EXPECT_EQ(p->stats().mismatches, 0u);
  std::printf(
      "[ away over loopback ] parked at tick %u (%.0f units), countdown from tick %u, running "
      "from %u; checks %llu, mismatches %llu\n",
      first_parked, *parked_at, first_countdown, first_run_after,
      (unsigned long long)p->stats().checks, (unsigned long long)p->stats().mismatches);
}

}  // namespace
}  // namespace spear
