// spear-load against a real spear-server over loopback, directly and through spear-netsim.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <string>
#include <thread>

#include "process_runner.hpp"
#include "relayed_server.hpp"

namespace {

using spear::test::free_udp_port;
using spear::test::RelayedServer;
using spear::test::run_process;
using spear::test::RunningProcess;

const std::string kLoad = SPEAR_LOAD_PATH;
const std::string kServer = SPEAR_SERVER_PATH;
const std::string kNetsim = SPEAR_NETSIM_PATH;

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The number after "key": in the "total" object (the first occurrence in the file).
double json_number(const std::string& json, const std::string& key) {
  const std::regex re("\"" + key + "\": (-?[0-9.]+)");
  std::smatch m;
  if (!std::regex_search(json, m, re)) return -1.0;
  return std::stod(m[1]);
}

std::string temp_path(const std::string& name) {
  return ::testing::TempDir() + "spear_load_" + name + "_" + std::to_string(::getpid()) + ".json";
}

TEST(LoadCli, BadFlagsExitWithUsageError) {
  for (const char* args : {"--clients -1", "--connect", "--duration 0", "--bogus",
                           "--clients 0 --spectators 0", "--connect nowhere.invalid:x"}) {
    const auto r = run_process(kLoad + " " + args);
    EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.output;
    EXPECT_FALSE(r.output.empty()) << args;
  }
}

TEST(LoadAgainstServer, AServerThatShutsDownIsNoticedAndFailsTheRun) {
  const unsigned short port = free_udp_port();
  RunningProcess server(kServer + " --bind 127.0.0.1 --port " + std::to_string(port) +
                        " --bots 1 --duration 1.5 --log-level warn");
  ASSERT_TRUE(server.started());
  // The load would run 30 s; the server ends after 1.5 s and says so to every client.
  const auto r = run_process(kLoad + " --connect 127.0.0.1:" + std::to_string(port) +
                             " --clients 2 --spectators 1 --duration 30 --join-spread 0.1");
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find("the server shut down"), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("failed 3"), std::string::npos) << r.output;
  const auto s = server.finish();
  EXPECT_EQ(s.exit_code, 0) << s.output;
}

// The number after "key": in the summary's "clients" entry named `name`, or -1.
double client_number(const std::string& summary, const std::string& name, const std::string& key) {
  const auto clients = summary.find("\"clients\": [");
  if (clients == std::string::npos) return -1.0;
  const auto at = summary.find("\"name\": \"" + name + "\"", clients);
  if (at == std::string::npos) return -1.0;
  return json_number(summary.substr(at), key);
}

// The number after "key": in the load report's client entry named `name`, or -1.
double load_client_number(const std::string& report, const std::string& name,
                          const std::string& key) {
  const auto clients = report.find("\"clients\": [");
  if (clients == std::string::npos) return -1.0;
  const auto at = report.find("\"name\": \"" + name + "\"", clients);
  if (at == std::string::npos) return -1.0;
  return json_number(report.substr(at), key);
}

TEST(LoadAgainstServer, PlayersAndSpectatorsConnectAndMeasure) {
  const unsigned short port = free_udp_port();
  const std::string summary_path = temp_path("direct_summary");
  RunningProcess server(kServer + " --bind 127.0.0.1 --port " + std::to_string(port) +
                        " --bots 3 --duration 6 --log-level warn --summary-json " + summary_path);
  ASSERT_TRUE(server.started());
  const std::string json = temp_path("direct");
  const auto load = run_process(kLoad + " --connect 127.0.0.1:" + std::to_string(port) +
                                " --clients 2 --spectators 1 --duration 3 --json " + json);
  const auto s = server.finish();
  ASSERT_EQ(load.exit_code, 0) << load.output << "\nserver:\n" << s.output;
  const std::string report = read_file(json);
  std::remove(json.c_str());
  const std::string summary = read_file(summary_path);
  std::remove(summary_path.c_str());
  EXPECT_EQ(json_number(report, "connected_at_end"), 3) << report;
  EXPECT_EQ(json_number(report, "failed"), 0) << report;
  // 30 Hz for about 2.5 s to each of 3 clients (bounds generous for a loaded machine).
  EXPECT_GT(json_number(report, "snapshots_received"), 3 * 20) << report;
  // Loopback loses nothing the kernel does not; allow a few for a busy machine.
  EXPECT_LE(json_number(report, "snapshot_loss"), 0.1) << report;
  const double per_runner = json_number(report, "mean");
  EXPECT_GT(per_runner, 0.0) << report;
  EXPECT_LT(per_runner, 140.0) << report;  // well under a raw float pose
  // 3 bots and 2 players: every snapshot lists the bots, the full ones all five.
  EXPECT_EQ(json_number(report, "runners_max"), 5.0) << report;
  EXPECT_GE(json_number(report, "runners_min"), 3.0) << report;
  EXPECT_GT(json_number(report, "runners_mean"), 4.5) << report;
  // Listed = with a pose (full) + in the roll call only (reduced); five runners all fit with
  // their poses, so there is no roll call.
  const double listed = json_number(report, "runners_mean");
  const double full = json_number(report, "full_mean");
  const double reduced = json_number(report, "reduced_mean");
  EXPECT_GT(full, 4.5) << report;
  EXPECT_EQ(reduced, 0.0) << report;
  EXPECT_NEAR(full + reduced, listed, 1e-6) << report;
  for (const std::string name : {"load-p0", "load-p1", "load-s0"}) {
    const double c_listed = load_client_number(report, name, "runners_per_snapshot_mean");
    const double c_full = load_client_number(report, name, "full_per_snapshot_mean");
    const double c_reduced = load_client_number(report, name, "reduced_per_snapshot_mean");
    EXPECT_GT(c_listed, 4.0) << name << "\n" << report;
    EXPECT_EQ(c_reduced, 0.0) << name << "\n" << report;
    EXPECT_NEAR(c_full + c_reduced, c_listed, 1e-6) << name << "\n" << report;
  }
  EXPECT_NE(load.output.find("in the roll call only (reduced): mean 0, of which cued (drawn from "
                             "their rigs): mean 0\n"),
            std::string::npos)
      << load.output;
  EXPECT_EQ(json_number(report, "cued_mean"), 0.0) << report;
  EXPECT_GT(json_number(report, "bytes_per_s_down"), 0.0) << report;
  EXPECT_GT(json_number(report, "bytes_per_s_up"), 0.0) << report;
  EXPECT_GT(json_number(report, "inputs_generated"), 0.0) << report;
  EXPECT_GE(json_number(report, "worst_joint_second_difference"), 0.0) << report;
  // Joined by name with the server's summary: on loopback, with the drain before the goodbye,
  // every input tick a player generated was accepted.
  for (const std::string name : {"load-p0", "load-p1"}) {
    const double generated = load_client_number(report, name, "inputs_generated");
    EXPECT_GT(generated, 100.0) << name << "\n" << report;
    EXPECT_EQ(client_number(summary, name, "accepted"), generated) << name << "\n" << summary;
  }
}

TEST(LoadAgainstServer, SurvivesABadNetworkThroughNetsim) {
  RelayedServer net(kServer, "--bots 3 --duration 9 --log-level warn", kNetsim,
                    "--loss 0.1 --delay-ms 60 --jitter-ms 20 --dup 0.02 --reorder 0.05"
                    " --seed 5 --duration 8");
  ASSERT_TRUE(net.ready());
  const std::string json = temp_path("netsim");
  const auto load = run_process(kLoad + " --connect " + net.relay_address() +
                                " --truth 127.0.0.1:" + std::to_string(net.server_port) +
                                " --clients 1 --spectators 1 --duration 6 --json " + json);
  const auto n = net.netsim.finish();
  const auto s = net.server.finish();
  ASSERT_EQ(load.exit_code, 0) << load.output << "\nnetsim:\n" << n.output;
  const std::string report = read_file(json);
  std::remove(json.c_str());
  EXPECT_EQ(json_number(report, "connected_at_end"), 2) << report;
  // 10% of snapshots are dropped by the relay (duplicates do not count twice).
  const double loss = json_number(report, "snapshot_loss");
  EXPECT_GT(loss, 0.03) << report;
  EXPECT_LT(loss, 0.2) << report;
  EXPECT_NE(n.output.find("netsim stats:"), std::string::npos) << n.output;
  // The truth came the clean way: nothing missing, and both clients measured against it.
  EXPECT_NE(report.find("\"address\": \"127.0.0.1:"), std::string::npos) << report;
  EXPECT_EQ(json_number(report, "gaps"), 0.0) << report;
  EXPECT_GT(load_client_number(report, "load-p0", "samples"), 300.0) << report;
  EXPECT_GT(load_client_number(report, "load-s0", "samples"), 300.0) << report;
  // The player's own runner, which the game draws predicted, is measured apart from the runners
  // it draws from its buffer; the spectator draws every runner from its buffer, that one too.
  const auto doc = nlohmann::json::parse(report);
  const nlohmann::json* player = nullptr;
  const nlohmann::json* spectator = nullptr;
  for (const auto& c : doc["clients"]) {
    if (c["name"] == "load-p0") player = &c;
    if (c["name"] == "load-s0") spectator = &c;
  }
  ASSERT_TRUE(player && spectator) << report;
  ASSERT_TRUE(player->contains("own_runner_truth_pops")) << report;
  EXPECT_FALSE(spectator->contains("own_runner_truth_pops")) << report;
  const auto& own = (*player)["own_runner_truth_pops"]["worst_step_by_runner"];
  ASSERT_EQ(own.size(), 1u) << report;
  const std::string own_id = own.begin().key();
  EXPECT_GT((*player)["own_runner_truth_pops"]["samples"].get<double>(), 100.0) << report;
  EXPECT_FALSE((*player)["truth_pops"]["worst_step_by_runner"].contains(own_id)) << report;
  EXPECT_TRUE((*spectator)["truth_pops"]["worst_step_by_runner"].contains(own_id)) << report;
  EXPECT_TRUE(doc["total"]["truth_pops"].contains("worst_step")) << report;
  // Two truths, one for each snapshot phase (the player and the spectator get one each): together
  // they hold both streams, 30 snapshots a second each, so each client is measured against its
  // own ticks. One truth would hold half of that.
  std::smatch m;
  ASSERT_TRUE(
      std::regex_search(report, m, std::regex("\"truth\": \\{[^}]*\"snapshots\": ([0-9]+)")))
      << report;
  EXPECT_GT(std::stod(m[1]), 1.5 * 30.0 * 6.0) << report;
}

}  // namespace
