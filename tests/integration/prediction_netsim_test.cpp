// Prediction over real sockets: the server on loopback, spear-netsim in between with 60 ms each
// way (120 ms round trip), jitter and 5% loss, and the client's whole session with the autopilot
// deciding on its predicted runner. Runs 20 s of real time (the in-process test covers minutes).
#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <thread>

#include "core/client_session.hpp"
#include "core/server_socket.hpp"
#include "server/server.hpp"
#include "support/child_process.hpp"

namespace spear {
namespace {

double seconds_now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

TEST(PredictionOverNetsim, AutoplayRunsCleanThrough120msRoundTripAnd5PercentLoss) {
  server::ServerConfig c;
  c.bind_address = "127.0.0.1";
  c.port = 0;
  c.seed = 21;
  c.bots = 1;
  server::Server srv(c);
  std::string error;
  ASSERT_TRUE(srv.start(error)) << error;
  std::thread run([&] { srv.run(); });

  test::ChildProcess netsim(
      SPEAR_NETSIM_BIN,
      {"--listen", "127.0.0.1:0", "--to", "127.0.0.1:" + std::to_string(srv.port()), "--loss",
       "0.05", "--delay-ms", "60", "--jitter-ms", "5", "--seed", "3", "--duration", "60"});
  const auto line = netsim.wait_for_line("relaying", 10.0);
  ASSERT_TRUE(line) << netsim.output();
  // "spear-netsim: relaying 127.0.0.1:PORT -> ..."
  const auto colon = line->find("127.0.0.1:");
  ASSERT_NE(colon, std::string::npos);
  const int port = std::stoi(line->substr(colon + 10));

  client::SessionConfig sc;
  sc.name = "predicting";
  sc.autoplay = true;
  std::string why;
  auto socket = client::ServerSocket::open(
      net::PeerAddress::ipv4(127, 0, 0, 1, static_cast<std::uint16_t>(port)), &why);
  ASSERT_TRUE(socket) << why;
  client::ClientSession session(sc);
  const double start = seconds_now();
  double last = start;
  while (seconds_now() - start < 20.0) {
    const double now = seconds_now();
    client::pump_session(session, socket.get(), now, static_cast<float>(now - last));
    session.on_frame(false);
    last = now;
    std::this_thread::sleep_for(std::chrono::milliseconds(16));
  }
  client::quit_session(session, socket.get(), seconds_now());
  srv.stop();
  run.join();

  const client::OwnRunnerPredictor* p = session.predictor();
  ASSERT_NE(p, nullptr);
  EXPECT_TRUE(p->active());
  EXPECT_GT(p->stats().checks, 200u);
  EXPECT_EQ(p->stats().mismatches, 0u);
  EXPECT_EQ(p->state().crashes, 0u);
  EXPECT_GT(p->state().distance, 15.0 * 300.0);  // it ran
  EXPECT_LT(p->stats().worst_correction_step, 3.0);
  // The server agrees: no runner of the match crashed.
  for (const auto& r : srv.summary().runners) EXPECT_EQ(r.crashes, 0u) << r.name;
  std::printf(
      "[ netsim 120 ms RTT 5%% loss, 20 s ] checks %llu, mismatches %llu, moves %llu, corrections "
      "%llu, "
      "distance %.0f, crashes %u\n",
      (unsigned long long)p->stats().checks, (unsigned long long)p->stats().mismatches,
      (unsigned long long)p->stats().moves, (unsigned long long)p->stats().corrections,
      p->state().distance, p->state().crashes);
}

}  // namespace
}  // namespace spear
