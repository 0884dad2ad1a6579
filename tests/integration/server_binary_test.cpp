// The spear-server executable itself: flags, exit codes, the summary file, signals, the metrics
// endpoint and the Agones calls. SPEAR_SERVER_BIN is the built binary's path.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <asio.hpp>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <nlohmann/json.hpp>
#include <regex>
#include <sstream>
#include <thread>

#include "scratch_files.hpp"
#include "sim/bot_personality.hpp"
#include "support/child_process.hpp"
#include "support/http_get.hpp"
#include "support/loopback_client.hpp"

namespace spear::test {
namespace {

const std::string kServer = SPEAR_SERVER_BIN;

const ScratchDir scratch("spear-it");  // files the children write, removed at exit
std::string temp_path(const std::string& name) { return scratch(name).string(); }

TEST(ServerBinary, HeadlessDurationExitsZero) {
  std::string out;
  const auto code = run_to_exit(
      kServer,
      {"--headless", "--duration", "2", "--port", "0", "--bind", "127.0.0.1", "--bots", "2"}, 20.0,
      &out);
  ASSERT_TRUE(code.has_value()) << out;
  EXPECT_EQ(*code, 0) << out;
  EXPECT_NE(out.find("match over after 120 ticks"), std::string::npos) << out;
}

TEST(ServerBinary, FastRunsWithTheSameArgumentsWriteTheSameSummary) {
  const std::string a = temp_path("a.json"), b = temp_path("b.json");
  const std::vector<std::string> common = {
      "--headless", "--fast", "--duration", "60", "--bots", "4",         "--bot-skill",   "0.4",
      "--seed",     "99",     "--port",     "0",  "--bind", "127.0.0.1", "--summary-json"};
  auto args_a = common, args_b = common;
  args_a.push_back(a);
  args_b.push_back(b);
  std::string out;
  ASSERT_EQ(run_to_exit(kServer, args_a, 60.0, &out), 0) << out;
  ASSERT_EQ(run_to_exit(kServer, args_b, 60.0, &out), 0) << out;
  const std::string ja = file_text(a), jb = file_text(b);
  std::remove(a.c_str());
  std::remove(b.c_str());
  ASSERT_FALSE(ja.empty());
  EXPECT_EQ(ja, jb);
  EXPECT_NE(ja.find("\"seed\": 99"), std::string::npos) << ja;
  EXPECT_NE(ja.find("\"ticks\": 3600"), std::string::npos) << ja;
  // The fourth bot under the name its personality deals it for this seed.
  EXPECT_NE(ja.find("\"name\": \"" + sim::bot_personality(99, 3).name + "\""), std::string::npos)
      << ja;
  EXPECT_NE(ja.find("\"targets_broken\""), std::string::npos) << ja;
  EXPECT_EQ(ja.find("\"timing\""), std::string::npos) << "wall-clock figures in a --fast summary";
  // A minute of low-skill bots: somebody crashed, somebody scored.
  EXPECT_TRUE(std::regex_search(ja, std::regex("\"crashes\": [1-9]"))) << ja;
  EXPECT_TRUE(std::regex_search(ja, std::regex("\"best\": [1-9]"))) << ja;
}

TEST(ServerBinary, FastRacesEndAfterTheirResultsWithPlacesInTheSummary) {
  const std::string path = temp_path("races.json");
  std::string out;
  ASSERT_EQ(run_to_exit(kServer,
                        {"--headless",
                         "--fast",
                         "--races",
                         "2",
                         "--race-seconds",
                         "20",
                         "--warmup-seconds",
                         "1",
                         "--results-seconds",
                         "2",
                         "--bots",
                         "5",
                         "--bot-skill",
                         "0.5",
                         "--seed",
                         "41",
                         "--port",
                         "0",
                         "--bind",
                         "127.0.0.1",
                         "--summary-json",
                         path},
                        60.0, &out),
            0)
      << out;
  const auto j = nlohmann::json::parse(file_text(path));
  std::remove(path.c_str());
  // Two cycles of 1 + 3 + 20 + 2 s at 60 Hz, then the server stops.
  EXPECT_EQ(j["ticks"], 2 * 26 * 60);
  ASSERT_EQ(j["races"].size(), 2u);
  const auto& r1 = j["races"][0];
  const auto& r2 = j["races"][1];
  EXPECT_EQ(r1["number"], 1);
  EXPECT_EQ(r2["number"], 2);
  EXPECT_EQ(r1["seed"], 41u);  // race 1 on --seed itself
  EXPECT_NE(r2["seed"], r1["seed"]);
  EXPECT_EQ(r1["first_tick"], 4 * 60);  // after the warm-up and the 3-2-1
  EXPECT_EQ(r1["last_tick"], 24 * 60 - 1);
  // The next race's ticks follow: its results, warm-up and countdown between them.
  EXPECT_EQ(r2["first_tick"].get<int>(), r1["last_tick"].get<int>() + 1 + 6 * 60);
  EXPECT_EQ(r2["last_tick"].get<int>() - r2["first_tick"].get<int>(), 20 * 60 - 1);
  for (const auto& race : j["races"]) {
    ASSERT_EQ(race["results"].size(), 5u);
    for (std::size_t i = 0; i < race["results"].size(); ++i) {
      const auto& e = race["results"][i];
      EXPECT_EQ(e["place"], i + 1);
      EXPECT_TRUE(e["bot"].get<bool>());
      for (const char* key :
           {"runner", "name", "score", "distance_m", "targets_broken", "crashes", "best_combo"})
        EXPECT_TRUE(e.contains(key)) << key;
      if (i > 0) {
        EXPECT_GE(race["results"][i - 1]["score"], e["score"]);
      }
    }
  }
  // Every runner's figures are its two races' (warm-ups and countdowns stand at the line).
  for (const auto& runner : j["runners"]) {
    double distance = 0.0;
    std::uint64_t crashes = 0, targets = 0;
    for (const auto& race : j["races"])
      for (const auto& e : race["results"])
        if (e["runner"] == runner["id"]) {
          distance += e["distance_m"].get<double>();
          crashes += e["crashes"].get<std::uint64_t>();
          targets += e["targets_broken"].get<std::uint64_t>();
        }
    EXPECT_NEAR(runner["distance_m"].get<double>(), distance, 1e-6);
    EXPECT_EQ(runner["crashes"], crashes);
    EXPECT_EQ(runner["targets_broken"], targets);
  }
  EXPECT_NE(out.find("race 2 over"), std::string::npos) << out;
}

TEST(ServerBinary, RealTimeSummaryCarriesTickTimings) {
  const std::string path = temp_path("timing.json");
  std::string out;
  ASSERT_EQ(run_to_exit(kServer,
                        {"--headless", "--duration", "1", "--bots", "3", "--port", "0", "--bind",
                         "127.0.0.1", "--summary-json", path},
                        20.0, &out),
            0)
      << out;
  const std::string j = file_text(path);
  std::remove(path.c_str());
  EXPECT_NE(j.find("\"timing\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"p99\""), std::string::npos) << j;
  EXPECT_NE(j.find("\"datagrams_dropped\""), std::string::npos) << j;
}

TEST(ServerBinary, BadFlagsExitTwoWithAMessage) {
  const std::vector<std::vector<std::string>> bad = {
      {"--tick-rate", "0"},      {"--no-such-flag"},
      {"--bot-skill", "1.5"},    {"--fast", "--duration", "1"},
      {"--port", "70000"},       {"--snapshot-rate", "120"},
      {"--log-level", "loud"},   {"--duration", "-3"},
      {"--bots", "many"},        {"--races", "-1"},
      {"--races", ""},           {"--race-seconds", "nan"},
      {"--race-seconds", "0"},   {"--warmup-seconds", "-2"},
      {"--results-seconds", ""}, {"--headless", "--fast"}};
  for (const auto& args : bad) {
    std::string out;
    const auto code = run_to_exit(kServer, args, 10.0, &out);
    ASSERT_TRUE(code.has_value());
    EXPECT_EQ(*code, 2) << args[0] << ": " << out;
    EXPECT_NE(out.find("spear-server:"), std::string::npos) << out;
  }
  std::string help;
  EXPECT_EQ(run_to_exit(kServer, {"--help"}, 10.0, &help), 0);
  EXPECT_NE(help.find("--max-spectators"), std::string::npos);
}

TEST(ServerBinary, ABadEnvironmentVariableIsNamedInItsError) {
  for (const auto& [name, value] : std::vector<std::pair<std::string, std::string>>{
           {"SPEAR_BOTS", "many"}, {"SPEAR_PORT", "70000"}, {"SPEAR_BOT_SKILL", "1.5"}}) {
    ChildProcess p(kServer, {}, {{name, value}});
    ASSERT_EQ(p.wait_exit(10.0), 2) << p.output();
    EXPECT_NE(p.output().find(name + "=" + value), std::string::npos) << p.output();
  }
  // Given on the command line, the flag is to blame, as before.
  std::string out;
  EXPECT_EQ(run_to_exit(kServer, {"--bots", "many"}, 10.0, &out), 2);
  EXPECT_EQ(out.find("SPEAR_BOTS"), std::string::npos) << out;
}

TEST(ServerBinary, SigtermWithAClientAttachedTellsItAndExitsZero) {
  const std::string summary = temp_path("sigterm.json");
  ChildProcess server(
      kServer, {"--port", "0", "--bind", "127.0.0.1", "--bots", "2", "--summary-json", summary});
  const auto line = server.wait_for_line("listening on udp", 10.0);
  ASSERT_TRUE(line) << server.output();
  const std::uint16_t port = port_after(*line, "127.0.0.1:");
  ASSERT_NE(port, 0);

  LoopbackClient client(net::ClientConfig{}, port);
  client.start();
  ASSERT_TRUE(pump_until(
      {&client}, [&] { return !client.snapshots().empty(); }, 5.0))
      << server.output();

  const double t0 = seconds_now();
  server.send_signal(SIGTERM);
  ASSERT_TRUE(pump_until(
      {&client}, [&] { return client.state() == net::ConnectionState::Disconnected; }, 3.0));
  EXPECT_EQ(client.connection().disconnect_reason(), net::DisconnectReason::ServerShutdown);
  const auto code = server.wait_exit(5.0);
  const double took = seconds_now() - t0;
  ASSERT_TRUE(code.has_value()) << server.output();
  EXPECT_EQ(*code, 0) << server.output();
  std::printf("SIGTERM to exit: %.0f ms\n", took * 1e3);
  // Files flushed: the summary holds the player's runner.
  const std::string j = file_text(summary);
  std::remove(summary.c_str());
  EXPECT_NE(j.find("\"name\": \"runner\""), std::string::npos) << j;
  EXPECT_NE(server.output().find("SIGTERM"), std::string::npos);
}

TEST(ServerBinary, MetricsScrapeReturnsPrometheusText) {
  ChildProcess server(kServer, {"--port", "0", "--bind", "127.0.0.1", "--bots", "2",
                                "--metrics-port", "0", "--metrics-bind", "127.0.0.1"});
  const auto line = server.wait_for_line("metrics on http://", 10.0);
  ASSERT_TRUE(line) << server.output();
  const std::uint16_t mport = port_after(*line, "127.0.0.1:");
  ASSERT_NE(mport, 0);
  const auto udp_line = server.output();
  const std::uint16_t port = port_after(udp_line, "udp 127.0.0.1:");
  ASSERT_NE(port, 0);

  // One spectator attached and one garbage datagram, so the gauges and drops move.
  net::ClientConfig watcher_config;
  watcher_config.role = net::Role::Spectator;
  watcher_config.name = "w";
  LoopbackClient watcher(watcher_config, port);
  watcher.start();
  ASSERT_TRUE(pump_until(
      {&watcher}, [&] { return !watcher.snapshots().empty(); }, 5.0));
  const std::vector<std::uint8_t> garbage(40, 0x5A);
  LoopbackClient stranger(net::ClientConfig{}, port);
  stranger.send_raw(garbage);
  pump_until(
      {&watcher}, [] { return false; }, 0.2);

  const HttpResult r = http_get(mport, "/metrics");
  ASSERT_EQ(r.status, 200) << r.headers;
  EXPECT_NE(r.headers.find("Content-Type: text/plain; version=0.0.4"), std::string::npos)
      << r.headers;
  for (const char* name :
       {"# TYPE spear_tick_duration_seconds histogram",
        "spear_tick_duration_seconds_bucket{le=\"+Inf\"}", "spear_tick_duration_seconds_sum",
        "spear_players 0", "spear_spectators 1", "spear_runners 2", "spear_received_bytes_total",
        "spear_sent_bytes_total", "spear_datagrams_received_total", "spear_datagrams_sent_total",
        "spear_datagrams_dropped_total{reason=\"malformed\"} 1",
        "spear_handshakes_total{outcome=\"accepted\"} 1", "# HELP spear_players"}) {
    EXPECT_NE(r.body.find(name), std::string::npos) << name << "\n" << r.body;
  }
  const HttpResult h = http_get(mport, "/healthz");
  EXPECT_EQ(h.status, 200);
  EXPECT_EQ(h.body, "ok\n");
  EXPECT_EQ(http_get(mport, "/nope").status, 404);

  server.send_signal(SIGINT);
  EXPECT_EQ(server.wait_exit(5.0), 0) << server.output();
}

// A stand-in for the Agones SDK sidecar: records the paths of the POSTs it receives.
class FakeSidecar {
 public:
  FakeSidecar() : acceptor_(io_, {asio::ip::make_address("127.0.0.1"), 0}) {
    port_ = acceptor_.local_endpoint().port();
    accept();
    thread_ = std::thread([this] { io_.run(); });
  }
  ~FakeSidecar() {
    io_.stop();
    thread_.join();
  }
  std::uint16_t port() const { return port_; }
  std::vector<std::string> requests() {
    std::lock_guard<std::mutex> lock(mutex_);
    return requests_;
  }

 private:
  void accept() {
    acceptor_.async_accept([this](asio::error_code ec, asio::ip::tcp::socket s) {
      if (ec) return;
      auto sock = std::make_shared<asio::ip::tcp::socket>(std::move(s));
      auto buf = std::make_shared<std::string>();
      asio::async_read_until(*sock, asio::dynamic_buffer(*buf, 8192), "\r\n\r\n",
                             [this, sock, buf](asio::error_code rec, std::size_t) {
                               if (rec) return;
                               {
                                 std::lock_guard<std::mutex> lock(mutex_);
                                 requests_.push_back(buf->substr(0, buf->find("\r\n")));
                               }
                               static const std::string reply =
                                   "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                                   "Content-Length: 2\r\nConnection: close\r\n\r\n{}";
                               asio::async_write(*sock, asio::buffer(reply),
                                                 [sock](asio::error_code, std::size_t) {});
                             });
      accept();
    });
  }
  asio::io_context io_;
  asio::ip::tcp::acceptor acceptor_;
  std::thread thread_;
  std::uint16_t port_ = 0;
  std::mutex mutex_;
  std::vector<std::string> requests_;
};

TEST(ServerBinary, HealthProbeFollowsTheRunningServerWhateverItsMetricsPort) {
  const std::string file = temp_path("health");
  std::remove(file.c_str());
  // Not running yet: unhealthy, with the reason.
  std::string out;
  auto code = run_to_exit(kServer, {"--health-probe", "--health-file", file}, 10.0, &out);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 1) << out;
  EXPECT_NE(out.find("no health file"), std::string::npos) << out;

  // The metrics port is chosen by the server (0) and given to it by variable; the probe is told
  // nothing but the file (from the environment, like a container's HEALTHCHECK).
  ChildProcess server(kServer,
                      {"--port", "0", "--bind", "127.0.0.1", "--metrics-bind", "127.0.0.1"},
                      {{"SPEAR_METRICS_PORT", "0"}, {"SPEAR_HEALTH_FILE", file}});
  ASSERT_TRUE(server.wait_for_line("metrics on", 10.0)) << server.output();
  ChildProcess probe(kServer, {"--health-probe"}, {{"SPEAR_HEALTH_FILE", file}});
  code = probe.wait_exit(10.0);
  ASSERT_TRUE(code.has_value()) << probe.output();
  EXPECT_EQ(*code, 0) << probe.output();
  EXPECT_NE(probe.output().find("answered 200"), std::string::npos) << probe.output();

  // A clean stop removes the heartbeat: the probe says unhealthy again.
  server.send_signal(SIGTERM);
  ASSERT_EQ(server.wait_exit(10.0), 0) << server.output();
  code = run_to_exit(kServer, {"--health-probe", "--health-file", file}, 10.0, &out);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 1) << out;
}

TEST(ServerBinary, HealthProbeRefusesAStaleOrForeignFile) {
  const std::string file = temp_path("health-stale");
  {
    std::ofstream f(file);
    f << R"({"pid":1,"port":27600,"metrics_port":null,"metrics_bind":"127.0.0.1","tick":5})";
  }
  std::string out;
  auto code = run_to_exit(kServer, {"--health-probe", "--health-file", file}, 10.0, &out);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 0) << out;  // fresh, pid 1 lives, metrics off: the heartbeat is enough
  {
    std::ofstream f(file);
    f << "not json";
  }
  code = run_to_exit(kServer, {"--health-probe", "--health-file", file}, 10.0, &out);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 1) << out;
  EXPECT_NE(out.find("not one the server writes"), std::string::npos) << out;
  // A heartbeat nobody renewed for a minute.
  {
    std::ofstream f(file);
    f << R"({"pid":1,"port":27600,"metrics_port":null,"metrics_bind":"127.0.0.1","tick":5})";
  }
  std::filesystem::last_write_time(
      file, std::filesystem::file_time_type::clock::now() - std::chrono::seconds(60));
  code = run_to_exit(kServer, {"--health-probe", "--health-file", file}, 10.0, &out);
  ASSERT_TRUE(code.has_value());
  EXPECT_EQ(*code, 1) << out;
  EXPECT_NE(out.find("stopped updating"), std::string::npos) << out;
  std::remove(file.c_str());
}

TEST(ServerBinary, AgonesReadyHealthAndShutdownReachTheSidecar) {
  FakeSidecar sidecar;
  ChildProcess server(
      kServer,
      {"--agones", "--headless", "--duration", "2.5", "--port", "0", "--bind", "127.0.0.1"},
      {{"AGONES_SDK_HTTP_PORT", std::to_string(sidecar.port())}});
  const auto code = server.wait_exit(20.0);
  ASSERT_EQ(code, 0) << server.output();
  const auto reqs = sidecar.requests();
  auto count = [&](const std::string& line) { return std::count(reqs.begin(), reqs.end(), line); };
  EXPECT_EQ(count("POST /ready HTTP/1.1"), 1);
  EXPECT_GE(count("POST /health HTTP/1.1"), 2);  // at start, then every 2 s
  EXPECT_EQ(count("POST /shutdown HTTP/1.1"), 1);
  ASSERT_FALSE(reqs.empty());
  EXPECT_EQ(reqs.back(), "POST /shutdown HTTP/1.1");
}

TEST(ServerBinary, AgonesReadyIsRetriedUntilTheSidecarAnswers) {
  // The sidecar starts after the server: Ready fails at first, then gets through.
  asio::io_context io;
  asio::ip::tcp::acceptor probe(io, {asio::ip::make_address("127.0.0.1"), 0});
  const std::uint16_t port = probe.local_endpoint().port();
  probe.close();  // nothing listens on `port` for now
  ChildProcess server(kServer, {"--agones", "--headless", "--port", "0", "--bind", "127.0.0.1"},
                      {{"AGONES_SDK_HTTP_PORT", std::to_string(port)}});
  ASSERT_TRUE(server.wait_for_line("agones: Ready failed", 10.0)) << server.output();
  // Now the sidecar comes up on that port.
  asio::ip::tcp::acceptor late(io);
  late.open(asio::ip::tcp::v4());
  late.set_option(asio::socket_base::reuse_address(true));
  late.bind({asio::ip::make_address("127.0.0.1"), port});
  late.listen();
  std::thread t([&] {
    for (int i = 0; i < 8; ++i) {
      asio::error_code ec;
      asio::ip::tcp::socket s(io);
      late.accept(s, ec);
      if (ec) return;
      std::string buf;
      asio::read_until(s, asio::dynamic_buffer(buf, 8192), "\r\n\r\n", ec);
      const std::string reply = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n{}";
      asio::write(s, asio::buffer(reply), ec);
      if (buf.rfind("POST /ready", 0) == 0) return;
    }
  });
  const bool ready = server.wait_for_line("agones: Ready accepted", 10.0).has_value();
  t.join();
  EXPECT_TRUE(ready) << server.output();
  server.send_signal(SIGTERM);
  EXPECT_EQ(server.wait_exit(5.0), 0) << server.output();
}

}  // namespace
}  // namespace spear::test
