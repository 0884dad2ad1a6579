// The netcode's promise over real processes and real sockets: spear-server (the binary, two
// bots), spear-netsim between it and a bot-driven player (10% loss, 60 ± 20 ms each way, 2%
// duplicates, 5% reordering), and a spectator on a clean loopback link. For 20 s of match time:
//   (a) the player never leaves the Connected state (no timeout, no "connection lost");
//   (b) the server accepts at least 99.5% of the distinct input ticks the player generated
//       (the player stops generating 0.6 s before it quits, so that the frames still in flight
//       arrive; the count comes from the server's --summary-json after SIGTERM);
//   (c) joints never pop (bench/load/truth_pop_meter.hpp): every frame of the runners the player
//       draws interpolated (the bots; its own runner is drawn by the predictor) is compared
//       with the pose a client holding every snapshot shows at the same render tick, the clean
//       spectator's snapshots being that truth, and the per-frame step of the error stays under
//       the pop threshold. The clean spectator's own interpolation must match the truth exactly.
//       Two clean spectators join before the player, so the server gives them one snapshot phase
//       each (even and odd ticks, PROTOCOL.md "Snapshot"); the player is compared with the one
//       holding its own ticks (against the other phase's samples a landing or a thrust differs
//       by 16–20 units a frame, the chords of two samplings, not anything a loss did).
// Also printed, not asserted: the same frames against what the player received (its lost
// snapshots bridged: what the buffer adds by guessing), and the own runner's interpolated view
// (the server rewinds that runner for late inputs, so its stream itself has steps).
// About 22 s of wall time.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "core/client_session.hpp"
#include "core/interpolation_buffer.hpp"
#include "core/server_socket.hpp"
#include "scratch_files.hpp"
#include "support/child_process.hpp"
#include "support/loopback_client.hpp"
#include "truth_pop_meter.hpp"
#include "truth_track.hpp"

namespace spear::test {
namespace {

const std::string kServer = SPEAR_SERVER_BIN;
const std::string kNetsim = SPEAR_NETSIM_BIN;

constexpr double kMatchSeconds = 20.0;
constexpr double kDrainSeconds = 0.6;  // inputs stopped, acks and resends still going
constexpr double kTickRate = 60.0;     // the server's default
constexpr double kSnapshotRate = 30.0;

const ScratchDir scratch("spear-soak");  // files the children write, removed at exit
std::string temp_path(const std::string& name) { return scratch(name).string(); }

// The summary's "clients" entry named `name` (the text of its object), or "" when absent.
std::string client_entry(const std::string& summary, const std::string& name) {
  const auto clients = summary.find("\"clients\": [");
  if (clients == std::string::npos) return {};
  const auto at = summary.find("\"name\": \"" + name + "\"", clients);
  if (at == std::string::npos) return {};
  const auto end = summary.find("\n    }", at);
  return summary.substr(at, end == std::string::npos ? std::string::npos : end - at);
}

long long json_integer(const std::string& text, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(text, m, std::regex("\"" + key + "\": (-?[0-9]+)"))) return -1;
  return std::stoll(m[1]);
}

std::vector<client::RunnerFrame> frames_of(const net::Snapshot& s) {
  std::vector<client::RunnerFrame> out;
  for (const auto& r : s.runners) {
    client::RunnerFrame f;
    f.id = r.id;
    f.distance = r.distance;
    f.pose = r.pose;
    out.push_back(f);
  }
  return out;
}

void print_pops(const char* who, const load::TruthPopStats& s) {
  std::printf(
      "    %s: frames %llu, measured %llu (uncovered %llu), worst step %.3f (runner %u, tick "
      "%.1f), mean %.3f, "
      "pops %llu, worst distance from the reference %.2f;",
      who, (unsigned long long)s.frames, (unsigned long long)s.samples,
      (unsigned long long)s.uncovered, s.worst_step, s.worst_runner, s.worst_tick, s.mean_step(),
      (unsigned long long)s.pops, s.worst_error);
  for (const auto n : s.histogram) std::printf(" %llu", (unsigned long long)n);
  std::printf("\n");
}

TEST(NetsimSoak, BotPlayerThroughABadNetworkKeepsItsInputsAndNeverPops) {
  const double wall_start = seconds_now();
  const std::string summary_path = temp_path("summary.json");
  ChildProcess server(kServer, {"--bind", "127.0.0.1", "--port", "0", "--bots", "2", "--seed", "17",
                                "--summary-json", summary_path});
  const auto listening = server.wait_for_line("listening on udp", 10.0);
  ASSERT_TRUE(listening) << server.output();
  const std::uint16_t server_port = port_after(*listening, "127.0.0.1:");
  ASSERT_NE(server_port, 0);

  ChildProcess netsim(
      kNetsim, {"--listen", "127.0.0.1:0", "--to", "127.0.0.1:" + std::to_string(server_port),
                "--loss", "0.1", "--delay-ms", "60", "--jitter-ms", "20", "--dup", "0.02",
                "--reorder", "0.05", "--seed", "4", "--duration", "120"});
  const auto relaying = netsim.wait_for_line("relaying", 10.0);
  ASSERT_TRUE(relaying) << netsim.output();
  const std::uint16_t relay_port = port_after(*relaying, "127.0.0.1:");
  ASSERT_NE(relay_port, 0);

  // The truth: two spectators on the clean link (one per snapshot phase), every snapshot kept;
  // the first one's own interpolation is the clean client the impaired one is compared with.
  net::ClientConfig truth_config;
  truth_config.role = net::Role::Spectator;
  truth_config.name = "truth";
  LoopbackClient truth_client(truth_config, server_port);
  truth_client.start();
  truth_config.name = "truth-2";
  LoopbackClient truth_client_2(truth_config, server_port);
  truth_client_2.start();
  load::TruthTrackConfig track_config;
  track_config.tick_rate = kTickRate;
  track_config.snapshot_rate = kSnapshotRate;
  load::TruthTrack truth(track_config), truth_2(track_config);
  std::size_t truth_taken_2 = 0;
  // What the player received, lost snapshots bridged.
  track_config.bridge_gaps = true;
  load::TruthTrack received(track_config);
  client::InterpolationBuffer clean_buffer;
  clean_buffer.set_rates(kTickRate, kSnapshotRate);
  std::size_t truth_taken = 0;

  client::SessionConfig sc;
  sc.name = "soak-player";
  sc.autoplay = true;
  sc.on_snapshot = [&received](const net::Snapshot& s, double) {
    received.add(s.tick, frames_of(s));
  };
  std::string why;
  auto socket = client::ServerSocket::open(net::PeerAddress::ipv4(127, 0, 0, 1, relay_port), &why);
  ASSERT_TRUE(socket) << why;
  client::ClientSession player(sc);

  load::TruthPopMeter drawn_vs_truth, drawn_vs_received, own_vs_truth, clean_vs_truth;
  load::TruthPopMeter drawn_vs_truth_2, own_vs_truth_2;  // against the other phase's truth
  bool connected_once = false;
  std::optional<double> lost_at;  // first time the player was not connected after it was
  const double start = seconds_now();
  double last = start, connected_at = 0.0;
  bool stopped = false;
  while (true) {
    const double now = seconds_now();
    if (connected_once && now - connected_at >= kMatchSeconds + kDrainSeconds) break;
    if (!connected_once && now - start > 10.0) break;  // never connected: fails below
    if (connected_once && !stopped && now - connected_at >= kMatchSeconds) {
      player.stop_inputs();
      stopped = true;
    }

    truth_client.pump();
    for (; truth_taken < truth_client.snapshots().size(); ++truth_taken) {
      const net::Snapshot& s = truth_client.snapshots()[truth_taken];
      truth.add(s.tick, frames_of(s));
      clean_buffer.push(s.tick, frames_of(s), now);
    }
    truth_client_2.pump();
    for (; truth_taken_2 < truth_client_2.snapshots().size(); ++truth_taken_2) {
      const net::Snapshot& s = truth_client_2.snapshots()[truth_taken_2];
      truth_2.add(s.tick, frames_of(s));
    }
    const client::InterpolatedView& clean = clean_buffer.sample(now);
    if (clean.kind != client::SampleKind::Empty)
      clean_vs_truth.add_frame(clean.render_time * kTickRate, clean.runners);

    client::pump_session(player, socket.get(), now, static_cast<float>(now - last));
    player.on_frame(false);
    if (player.connected() && !connected_once) {
      connected_once = true;
      connected_at = now;
    }
    if (connected_once && !player.connected() && !lost_at) lost_at = now - connected_at;
    const client::InterpolatedView& shown = player.buffer().view();
    if (shown.kind != client::SampleKind::Empty) {
      const client::RunnerView* own = player.own();  // drawn by the predictor, not interpolated
      std::vector<client::RunnerFrame> drawn, own_view;
      for (const client::RunnerFrame& r : shown.runners)
        (own && r.id == own->frame.id ? own_view : drawn).push_back(r);
      drawn_vs_truth.add_frame(shown.render_time * kTickRate, drawn);
      drawn_vs_truth_2.add_frame(shown.render_time * kTickRate, drawn);
      drawn_vs_received.add_frame(shown.render_time * kTickRate, drawn);
      own_vs_truth.add_frame(shown.render_time * kTickRate, own_view);
      own_vs_truth_2.add_frame(shown.render_time * kTickRate, own_view);
    }
    drawn_vs_truth.measure(truth);
    drawn_vs_truth_2.measure(truth_2);
    drawn_vs_received.measure(received);
    own_vs_truth.measure(truth);
    own_vs_truth_2.measure(truth_2);
    clean_vs_truth.measure(truth);
    last = now;
    std::this_thread::sleep_for(std::chrono::milliseconds(16));
  }
  const std::uint64_t generated = player.inputs_generated();
  const client::RunStats stats = player.stats(seconds_now());
  client::quit_session(player, socket.get(), seconds_now());
  // The Disconnect repeats go through the relay; let them arrive before the server stops.
  const double quit_at = seconds_now();
  while (seconds_now() - quit_at < 0.3) {
    truth_client.pump();
    truth_client_2.pump();
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  drawn_vs_truth.measure(truth, true);
  drawn_vs_truth_2.measure(truth_2, true);
  drawn_vs_received.measure(received, true);
  own_vs_truth.measure(truth, true);
  own_vs_truth_2.measure(truth_2, true);
  clean_vs_truth.measure(truth, true);

  server.send_signal(SIGTERM);
  const auto code = server.wait_exit(10.0);
  ASSERT_TRUE(code.has_value()) << server.output();
  EXPECT_EQ(*code, 0) << server.output();
  netsim.send_signal(SIGTERM);
  netsim.wait_exit(5.0);
  const std::string summary = file_text(summary_path);
  std::remove(summary_path.c_str());

  // (a) Connected from the first Welcome to the quit.
  ASSERT_TRUE(connected_once) << stats.failure << "\nserver:\n" << server.output();
  EXPECT_FALSE(lost_at.has_value()) << "not connected " << *lost_at << " s in: " << stats.failure;
  EXPECT_TRUE(stats.failure.empty()) << stats.failure;

  // (b) The server's count of the player's inputs against the ticks it generated.
  const std::string entry = client_entry(summary, "soak-player");
  ASSERT_FALSE(entry.empty()) << summary;
  EXPECT_EQ(entry.find("\"left\": \"timed_out\""), std::string::npos) << entry;
  const long long accepted = json_integer(entry, "accepted");
  ASSERT_GE(accepted, 0) << entry;
  EXPECT_GT(generated, static_cast<std::uint64_t>(kTickRate * kMatchSeconds * 0.9));
  EXPECT_LE(static_cast<std::uint64_t>(accepted), generated);
  EXPECT_GE(static_cast<double>(accepted), 0.995 * static_cast<double>(generated))
      << accepted << " of " << generated << "\n"
      << entry;

  // (c) No pops, on enough frames to mean something, against the truth of the player's phase;
  // the clean client exact.
  const auto phase_of = [](std::optional<std::uint32_t> tick) {
    return tick ? static_cast<int>(*tick % 2) : -1;
  };
  const int player_phase = phase_of(received.newest_tick());
  ASSERT_NE(phase_of(truth.newest_tick()), phase_of(truth_2.newest_tick()))
      << "the two truth spectators got one snapshot phase";
  const bool second = phase_of(truth_2.newest_tick()) == player_phase;
  ASSERT_TRUE(second || phase_of(truth.newest_tick()) == player_phase);
  const load::TruthPopStats& drawn = (second ? drawn_vs_truth_2 : drawn_vs_truth).stats();
  const load::TruthPopStats& drawn_other = (second ? drawn_vs_truth : drawn_vs_truth_2).stats();
  const load::TruthPopStats& own = (second ? own_vs_truth_2 : own_vs_truth).stats();
  const load::TruthPopStats& clean = clean_vs_truth.stats();
  const double threshold = drawn_vs_truth.config().pop_threshold;
  EXPECT_EQ(truth.gaps(), 0u) << "the clean link lost snapshots: the truth has holes";
  EXPECT_EQ(truth_2.gaps(), 0u) << "the clean link lost snapshots: the truth has holes";
  EXPECT_GT(drawn.samples, 2u * 1000u);  // two bots, most frames of 20 s
  EXPECT_LT(drawn.worst_step, threshold);
  EXPECT_EQ(drawn.pops, 0u);
  // Issue 15's target for any drawn runner through a 10 % loss path: every step under 8 units
  // (lost snapshots rebuilt from the bridge; 3.5–4.1 measured).
  EXPECT_LT(drawn.worst_step, 8.0);
  EXPECT_GT(clean.samples, 3u * 1000u);
  EXPECT_LT(clean.worst_step, 0.01);
  EXPECT_LT(clean.worst_error, 0.01);

  const client::OwnRunnerPredictor* predictor = player.predictor();
  std::printf("[ netsim soak: 10%% loss, 60 ± 20 ms, 2%% dup, 5%% reorder, %.0f s ]\n",
              kMatchSeconds);
  std::printf(
      "  inputs: generated %llu, accepted by the server %lld (%.3f%%), lost %lld; duplicate %lld, "
      "late %lld, "
      "too old %lld, too far ahead %lld\n",
      (unsigned long long)generated, accepted,
      100.0 * static_cast<double>(accepted) / std::max<double>(1.0, static_cast<double>(generated)),
      static_cast<long long>(generated) - accepted, json_integer(entry, "duplicate"),
      json_integer(entry, "late"), json_integer(entry, "too_old"),
      json_integer(entry, "too_far_ahead"));
  std::printf(
      "  snapshots: impaired loss %.1f%%, extrapolated frames %llu, held %llu; truth %zu "
      "snapshots, gaps %llu\n",
      stats.snapshot_loss * 100.0, (unsigned long long)stats.frames_extrapolated,
      (unsigned long long)stats.frames_held, truth.size(), (unsigned long long)truth.gaps());
  std::printf(
      "  pops: error step per frame, units (pop above %.0f); histogram of steps <1 <2 <4 <8 <16 "
      "<32 >=32\n",
      threshold);
  print_pops("drawn interpolated (bots) vs truth", drawn);
  print_pops("the same vs the other phase's truth", drawn_other);
  print_pops("the same vs what it received", drawn_vs_received.stats());
  print_pops("own runner's interpolated view vs truth", own);
  print_pops("clean spectator vs truth", clean);
  if (predictor) {
    std::printf(
        "  own runner (predicted): checks %llu, mismatches %llu, corrections %llu, worst "
        "correction step %.3f\n",
        (unsigned long long)predictor->stats().checks,
        (unsigned long long)predictor->stats().mismatches,
        (unsigned long long)predictor->stats().corrections,
        predictor->stats().worst_correction_step);
  }
  std::printf("  wall time %.1f s\n", seconds_now() - wall_start);
}

}  // namespace
}  // namespace spear::test
