// The spear-server binary under operational stress: slow HTTP clients, SIGHUP, a SIGTERM as soon
// as the process starts, a stdout reader that goes away. Each must end with the summary written
// (or, for HTTP, /healthz still answering).
#include <gtest/gtest.h>
#include <unistd.h>

#include <asio.hpp>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <fstream>
#include <memory>
#include <sstream>
#include <thread>
#include <vector>

#include "support/child_process.hpp"
#include "support/http_get.hpp"

namespace spear::test {
namespace {

const std::string kServer = SPEAR_SERVER_BIN;

std::string temp_path(const std::string& name) {
  const char* dir = std::getenv("TMPDIR");
  return std::string(dir && *dir ? dir : "/tmp") + "/spear-ops-" + std::to_string(getpid()) + "-" +
         name;
}

bool file_exists(const std::string& path) { return std::ifstream(path).good(); }

std::uint16_t port_after(const std::string& text, const std::string& marker) {
  const auto at = text.find(marker);
  if (at == std::string::npos) return 0;
  return static_cast<std::uint16_t>(std::stoi(text.substr(at + marker.size())));
}

// True once `pid` has a handler for `sig` installed (its SigCgt mask in /proc).
bool catches(pid_t pid, int sig) {
  std::ifstream status("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(status, line)) {
    if (line.rfind("SigCgt:", 0) == 0) {
      const unsigned long long mask = std::stoull(line.substr(7), nullptr, 16);
      return (mask >> (sig - 1)) & 1u;
    }
  }
  return false;
}

TEST(ServerOperations, MetricsBindLoopbackByDefaultAndSlowClientsDoNotStarveHealthz) {
  // No --bind (the wildcard) and no --metrics-bind: metrics stay on loopback.
  ChildProcess server(kServer, {"--port", "0", "--bots", "1", "--metrics-port", "0"});
  const auto line = server.wait_for_line("metrics on http://", 10.0);
  ASSERT_TRUE(line) << server.output();
  EXPECT_NE(line->find("http://127.0.0.1:"), std::string::npos) << *line;
  const std::uint16_t mport = port_after(*line, "127.0.0.1:");
  ASSERT_NE(mport, 0);

  // 250 connections that send nothing, far past the listener's cap of connections.
  asio::io_context io;
  std::vector<std::unique_ptr<asio::ip::tcp::socket>> slow;
  const asio::ip::tcp::endpoint at(asio::ip::make_address("127.0.0.1"), mport);
  for (int i = 0; i < 250; ++i) {
    auto s = std::make_unique<asio::ip::tcp::socket>(io);
    asio::error_code ec;
    s->connect(at, ec);
    ASSERT_FALSE(ec) << ec.message();
    slow.push_back(std::move(s));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // all of them accepted
  int ok = 0;
  for (int i = 0; i < 20; ++i) ok += http_get(mport, "/healthz", 2.0).status == 200;
  EXPECT_EQ(ok, 20);
}

TEST(ServerOperations, SighupEndsCleanlyWithTheSummary) {
  const std::string summary = temp_path("hup.json");
  std::remove(summary.c_str());
  ChildProcess server(
      kServer, {"--port", "0", "--bind", "127.0.0.1", "--bots", "1", "--summary-json", summary});
  ASSERT_TRUE(server.wait_for_line("listening on udp", 10.0)) << server.output();
  server.send_signal(SIGHUP);
  const auto code = server.wait_exit(5.0);
  ASSERT_TRUE(code.has_value()) << server.output();
  EXPECT_EQ(*code, 0) << server.output();
  EXPECT_TRUE(file_exists(summary)) << server.output();
  EXPECT_NE(server.output().find("SIGHUP"), std::string::npos) << server.output();
  std::remove(summary.c_str());
}

TEST(ServerOperations, ASigtermAtTheVeryStartStillWritesTheSummary) {
  const std::string summary = temp_path("early.json");
  std::remove(summary.c_str());
  ChildProcess server(
      kServer, {"--port", "0", "--bind", "127.0.0.1", "--bots", "1", "--summary-json", summary});
  // As soon as main has begun (its first act is to catch SIGTERM): before the flags are parsed
  // or the socket bound, typically.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (!catches(server.pid(), SIGTERM) && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::microseconds(100));
  server.send_signal(SIGTERM);
  const auto code = server.wait_exit(5.0);
  ASSERT_TRUE(code.has_value()) << server.output();
  EXPECT_EQ(*code, 0) << server.output();
  EXPECT_TRUE(file_exists(summary)) << server.output();
  std::remove(summary.c_str());
}

TEST(ServerOperations, AStdoutReaderThatGoesAwayDoesNotKillTheServer) {
  const std::string summary = temp_path("pipe.json");
  std::remove(summary.c_str());
  // head takes one byte and exits; the server's later log lines meet a closed pipe.
  const std::string command = "set -o pipefail; " + kServer +
                              " --port 0 --bind 127.0.0.1 --bots 1 --duration 1.5 "
                              "--summary-json " +
                              summary + " | head -c 1 >/dev/null";
  std::string out;
  const auto code = run_to_exit("/bin/bash", {"-c", command}, 20.0, &out);
  ASSERT_TRUE(code.has_value()) << out;
  EXPECT_EQ(*code, 0) << "killed by SIGPIPE is 141\n" << out;
  EXPECT_TRUE(file_exists(summary));
  std::remove(summary.c_str());
}

}  // namespace
}  // namespace spear::test
