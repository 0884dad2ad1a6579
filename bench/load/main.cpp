// spear-load: many clients in one process against a Spear Run server, measuring what each one
// receives and sends.
//
//   spear-load --connect 127.0.0.1:27600 --clients 8 --spectators 4 --duration 20 --json load.json
//
// Players are driven by the shared bot controller on a local copy of their runner; spectators
// only watch. Every client tells the server what its view follows: a player its own runner,
// spectator k the k-th runner id (ascending, wrapping) of its first snapshot with a runner.
// Interpolation (and the joint figures) runs on the first --interp-clients clients. Clients are
// named PREFIX-p0, PREFIX-p1, ... and PREFIX-s0, ... (--name-prefix, default "load"): the server's
// --summary-json lists them under those names, so its per-client input counts join with
// inputs_generated here (bench/README.md shows a jq line). At the end the players stop generating
// inputs and keep resending for half a second before they disconnect, so that the last frames
// arrive.
// --truth HOST:PORT: two more spectators on a clean path to the same server (not through
// spear-netsim), one in each snapshot phase; every snapshot they receive is the truth the
// interpolating clients' pops are measured against, each client against the one holding its own
// ticks (bench/load/truth_pop_meter.hpp). They are not counted among the clients.
// Exit status: 0 when every client (and the truth) was still connected at the end, 1 when one
// was not (refused, timed out, or sent away: a server that shut down ends the run early and
// says so), 2 on a usage error.
#include <CLI/CLI.hpp>
#include <algorithm>
#include <array>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "cli/strict_options.hpp"
#include "load_client.hpp"
#include "load_report.hpp"
#include "net/session_crypto.hpp"
#include "net/udp_endpoint.hpp"
#include "tool_cli.hpp"
#include "truth_track.hpp"

namespace {

constexpr int kUsageError = spear::tools::kBadUsage;
constexpr double kFrameSeconds = 1.0 / 60.0;  // render rate of the simulated clients
constexpr auto kPumpInterval = std::chrono::milliseconds(2);
constexpr double kDrainSeconds = 0.5;  // inputs stopped, resends and acks still going

double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace

int main(int argc, char** argv) {
  using namespace spear;

  CLI::App app{"spear-load: N clients in one process against a Spear Run server"};
  std::string connect = "127.0.0.1:27600";
  int players = 1;
  int spectators = 0;
  double duration = 10.0;
  std::string json_path;
  std::string password;
  float bot_skill = 1.0f;
  std::uint64_t seed = 1;
  int interp_clients = 16;
  double join_spread = 0.5;
  std::string truth_address;
  std::string name_prefix = "load";
  std::string trace_dir;
  app.add_option("--connect", connect, "HOST:PORT of the server")
      ->check(cli::NonEmpty)
      ->capture_default_str();
  app.add_option("--clients", players, "Players (bot-driven)")
      ->capture_default_str()
      ->check(cli::IntegerRange(0, 4096));
  app.add_option("--spectators", spectators, "Spectators")
      ->capture_default_str()
      ->check(cli::IntegerRange(0, 4096));
  app.add_option(
         "--duration", duration,
         "Seconds of play after starting (then 0.5 s more with inputs stopped, before the goodbye)")
      ->capture_default_str()
      ->check(cli::FiniteRange(0.1, 86400.0));
  app.add_option("--json", json_path, "Write the figures as JSON to this file")
      ->check(cli::Writable);
  app.add_option("--password", password, "Join password for players (at most 64 bytes)")
      ->check(cli::NonEmpty)
      ->check(cli::MaxBytes(net::kMaxPasswordBytes));
  std::string server_key;
  app.add_option("--server-key", server_key,
                 "The server's public key (printed by spear-server): refuse any other server")
      ->check(cli::ServerKeyText);
  app.add_option("--bot-skill", bot_skill, "Skill of the bots driving the players, [0, 1]")
      ->capture_default_str()
      ->check(cli::FiniteRange(0.0, 1.0));
  app.add_option("--seed", seed, "Seed of the bots' reaction errors")
      ->check(cli::Unsigned64)
      ->capture_default_str();
  app.add_option(
         "--interp-clients", interp_clients,
         "Clients that run interpolation and measure their joints: step and second "
         "difference (fast motion counts, not pops), and with --truth pops (CPU heavy for many)")
      ->capture_default_str()
      ->check(cli::IntegerRange(0, 8192));
  app.add_option("--join-spread", join_spread, "Seconds over which clients start connecting")
      ->capture_default_str()
      ->check(cli::FiniteRange(0.0, 60.0));
  app.add_option("--truth", truth_address,
                 "HOST:PORT of a clean path to the same server: a spectator there is the truth "
                 "the interpolating clients' pops are measured against")
      ->check(cli::NonEmpty);
  app.add_option("--name-prefix", name_prefix, "Clients are named PREFIX-p0.., PREFIX-s0..")
      ->capture_default_str();
  app.add_option("--trace-dir", trace_dir,
                 "Each interpolating client writes NAME.txt here: every snapshot it received "
                 "(S: local time, tick, bridge residuals), every frame (F: render tick, sample "
                 "kind, base tick, delay) and, with --truth, every error step above 3 units "
                 "(P: render tick, runner, step)")
      ->check(CLI::ExistingDirectory);
  if (const auto done = tools::parse_command_line(app, argc, argv, "spear-load")) return *done;
  if (players + spectators == 0) {
    std::cerr << "spear-load: nothing to do (--clients and --spectators are both 0)\n";
    return kUsageError;
  }
  std::string error;
  const auto server = net::parse_udp_peer(connect, net::kDefaultPort, &error);
  if (!server) {
    std::cerr << "spear-load: --connect " << connect << ": " << error << '\n';
    return kUsageError;
  }

  if (name_prefix.empty() || name_prefix.size() + 7 > net::kMaxNameBytes) {
    std::cerr << "spear-load: --name-prefix needs 1 to " << net::kMaxNameBytes - 7 << " bytes\n";
    return kUsageError;
  }
  std::optional<net::PeerAddress> truth_server;
  if (!truth_address.empty()) {
    truth_server = net::parse_udp_peer(truth_address, net::kDefaultPort, &error);
    if (!truth_server) {
      std::cerr << "spear-load: --truth " << truth_address << ": " << error << '\n';
      return kUsageError;
    }
  }

  // Two truth spectators, one for each snapshot phase (a server at two ticks a snapshot sends
  // half its clients the even ticks and half the odd ones; it gives a new client the emptier
  // phase, so the two, joined before any other client, get one each): each client is measured
  // against the one holding its own ticks.
  std::array<load::TruthTrack, 2> truths;
  std::vector<std::unique_ptr<load::LoadClient>> truth_clients;
  if (truth_server) {
    for (std::size_t k = 0; k < truths.size(); ++k) {
      load::LoadClientConfig c;
      c.role = net::Role::Spectator;
      c.name = name_prefix + (k == 0 ? "-truth" : "-truth-2");
      c.interpolate = false;
      c.record_truth = &truths[k];
      auto client = load::LoadClient::create(c, *truth_server, &error);
      if (!client) {
        std::cerr << "spear-load: cannot open a socket for the truth: " << error << '\n';
        return 1;
      }
      truth_clients.push_back(std::move(client));
    }
  }

  std::vector<std::unique_ptr<load::LoadClient>> clients;
  const int total = players + spectators;
  for (int i = 0; i < total; ++i) {
    load::LoadClientConfig c;
    c.role = i < players ? net::Role::Player : net::Role::Spectator;
    c.name =
        name_prefix + (i < players ? "-p" : "-s") + std::to_string(i < players ? i : i - players);
    c.password = password;
    if (!server_key.empty()) c.server_key = net::key_from_hex(server_key);
    c.bot_skill = bot_skill;
    c.bot_seed = seed * 1000003u + static_cast<std::uint64_t>(i);
    if (i >= players) c.follow_index = static_cast<std::size_t>(i - players);
    c.interpolate = i < interp_clients;
    if (!trace_dir.empty() && c.interpolate) c.trace_path = trace_dir + "/" + c.name + ".txt";
    if (!truth_clients.empty()) {
      c.truth = &truths[0];
      c.truth_other_phase = &truths[1];
    }
    auto client = load::LoadClient::create(c, *server, &error);
    if (!client) {
      std::cerr << "spear-load: cannot open a socket for client " << i << ": " << error << '\n';
      return 1;
    }
    clients.push_back(std::move(client));
  }

  // One clock for the whole run, truths included (a connection's time must never go back). The
  // truths join first (up to 5 s), so that they take one phase each; the measured run begins when
  // they are in.
  const auto t0 = std::chrono::steady_clock::now();
  double begin = 0.0;
  if (!truth_clients.empty()) {
    for (auto& t : truth_clients) t->start(0.0);
    for (double at = 0.0; at < 5.0; at = seconds_since(t0)) {
      bool joined = true;
      for (auto& t : truth_clients) {
        t->pump(at);
        joined = joined && t->connection().state() == net::ConnectionState::Connected;
      }
      if (joined) break;
      std::this_thread::sleep_for(kPumpInterval);
    }
    begin = seconds_since(t0);
  }
  std::size_t started = 0;
  double next_frame = begin;
  double now = begin;
  bool draining = false;
  while ((now = seconds_since(t0)) < begin + duration + kDrainSeconds) {
    if (!draining && now >= begin + duration) {
      for (const auto& c : clients) c->stop_inputs();
      draining = true;
    }
    // Stagger the joins: a burst of Hellos from one address would meet the handshake limit.
    while (started < clients.size() && now >= begin + join_spread * static_cast<double>(started) /
                                                          static_cast<double>(clients.size())) {
      clients[started++]->start(now);
    }
    for (auto& t : truth_clients) t->pump(now);
    for (std::size_t i = 0; i < started; ++i) clients[i]->pump(now);
    // Every client refused or sent away (the server shut down): nothing left to measure.
    if (started == clients.size() &&
        std::all_of(clients.begin(), clients.end(), [](const auto& c) { return c->failed(); }))
      break;
    if (now >= next_frame) {
      for (std::size_t i = 0; i < started; ++i) clients[i]->frame(now);
      next_frame += kFrameSeconds;
      if (next_frame < now) next_frame = now + kFrameSeconds;  // fell behind: skip frames
    }
    std::this_thread::sleep_for(kPumpInterval);
  }

  load::LoadRun run;
  run.server = connect;
  run.duration_s = now - begin;
  bool all_connected = true;
  for (const auto& c : clients) {
    c->finish_measuring();
    run.clients.push_back(c->figures(now));
    all_connected = all_connected && c->connection().state() == net::ConnectionState::Connected;
  }
  if (!truth_clients.empty()) {
    load::TruthFigures t;
    t.address = truth_address;
    t.final_state = std::string(net::connection_state_name(truth_clients[0]->connection().state()));
    for (std::size_t k = 0; k < truth_clients.size(); ++k) {
      t.snapshots += truth_clients[k]->figures(now).snapshots_received;
      t.gaps += truths[k].gaps();
      const auto state = truth_clients[k]->connection().state();
      if (state != net::ConnectionState::Connected)
        t.final_state = std::string(net::connection_state_name(state));
      all_connected = all_connected && state == net::ConnectionState::Connected;
      truth_clients[k]->disconnect(now);
    }
    run.truth = t;
  }
  for (const auto& c : clients) c->disconnect(now);

  std::cout << load::report_text(run);
  const bool shut_down = std::any_of(clients.begin(), clients.end(), [](const auto& c) {
    return c->connection().disconnect_reason() == net::DisconnectReason::ServerShutdown;
  });
  if (shut_down)
    std::cerr << "spear-load: the server shut down during the run (after " << now - begin
              << " s)\n";
  if (!json_path.empty()) {
    std::ofstream out(json_path, std::ios::trunc);
    out << load::report_json(run);
    if (!out) {
      std::cerr << "spear-load: cannot write " << json_path << '\n';
      return 1;
    }
  }
  return all_connected ? 0 : 1;
}
