// spear-web against hostile clients, as the real program over loopback: only RFC 6455
// WebSockets are spoken (the old drafts' handshakes are refused, so their unbounded framing
// never starts), an endless message closes its connection, one address cannot take every
// browser's or connection's place, running out of file descriptors neither spins the gateway
// nor stops /healthz, a Host that is not the gateway's is refused (DNS rebinding), and a bounded
// run of random requests and frames leaves it serving. Clients come from several loopback
// addresses (127.0.0.x). SPEAR_SERVER_BIN and SPEAR_WEB_BIN are the built programs.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "browser_probe.hpp"
#include "scratch_files.hpp"
#include "support/child_process.hpp"
#include "support/http_get.hpp"

namespace spear::test {
namespace {

const std::string kServer = SPEAR_SERVER_BIN;
const std::string kWeb = SPEAR_WEB_BIN;

const ScratchDir scratch("spear-web-limits");

std::string web_root() {
  static const std::string root = [] {
    const std::filesystem::path dir = scratch("root");
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "index.html", std::ios::binary) << "<!doctype html><title>t</title>\n";
    std::ofstream(dir / "app.js", std::ios::binary) << "// the page's code\n";
    return dir.string();
  }();
  return root;
}

double now_s() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool wait_until(const std::function<bool()>& done, double timeout_s) {
  const double until = now_s() + timeout_s;
  while (!done()) {
    if (now_s() > until) return false;
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  return true;
}

// The gateway's resident memory in KiB (0 if unknown).
std::uint64_t rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stoull(line.substr(6));
  }
  return 0;
}

// The CPU seconds (user + system) a process has used.
double cpu_seconds(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::size_t close = all.rfind(')');
  if (close == std::string::npos) return 0.0;
  std::istringstream fields(all.substr(close + 2));
  std::string field;
  std::uint64_t utime = 0, stime = 0;
  for (int i = 3; i <= 15 && fields >> field; ++i) {
    if (i == 14) utime = std::stoull(field);
    if (i == 15) stime = std::stoull(field);
  }
  return static_cast<double>(utime + stime) / static_cast<double>(sysconf(_SC_CLK_TCK));
}

// A TCP connection to the gateway from a chosen loopback address, spoken to byte by byte.
class RawClient {
 public:
  RawClient(std::uint16_t port, const std::string& from = "127.0.0.1") {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) return;
    sockaddr_in local{};
    local.sin_family = AF_INET;
    ::inet_pton(AF_INET, from.c_str(), &local.sin_addr);
    if (::bind(fd_, reinterpret_cast<const sockaddr*>(&local), sizeof local) != 0) return;
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    connected_ = ::connect(fd_, reinterpret_cast<const sockaddr*>(&to), sizeof to) == 0;
  }
  ~RawClient() {
    if (fd_ >= 0) ::close(fd_);
  }
  RawClient(const RawClient&) = delete;
  RawClient& operator=(const RawClient&) = delete;

  bool connected() const { return connected_; }

  // Sends all of `bytes`; false when the gateway has closed the connection.
  bool send(const std::string& bytes) {
    std::size_t sent = 0;
    while (sent < bytes.size()) {
      pollfd p{fd_, POLLOUT, 0};
      if (::poll(&p, 1, 3000) <= 0) return false;
      const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
      if (n <= 0) return false;
      sent += static_cast<std::size_t>(n);
    }
    return true;
  }

  // Reads until `until` is in what came (true), the connection ends or timeout_s passes.
  bool read_until(const std::string& until, double timeout_s) {
    const double end = now_s() + timeout_s;
    while (received_.find(until) == std::string::npos) {
      if (!read_some(end)) return false;
    }
    return true;
  }

  // Whether the gateway closes the connection within timeout_s (reading what comes meanwhile).
  bool closed_within(double timeout_s) {
    const double end = now_s() + timeout_s;
    while (!eof_) {
      if (!read_some(end) && !eof_) return false;
    }
    return true;
  }

  // The status code of an HTTP answer received, or 0.
  int status() const {
    if (received_.rfind("HTTP/1.", 0) != 0 || received_.size() < 12) return 0;
    return std::atoi(received_.substr(9, 3).c_str());
  }
  const std::string& received() const { return received_; }

 private:
  bool read_some(double end) {
    const double left = end - now_s();
    if (left <= 0 || eof_) return false;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left * 1000) + 1) <= 0) return false;
    char buf[4096];
    const ssize_t n = ::recv(fd_, buf, sizeof buf, 0);
    if (n <= 0) {
      eof_ = true;
      return false;
    }
    received_.append(buf, static_cast<std::size_t>(n));
    return true;
  }

  int fd_ = -1;
  bool connected_ = false;
  bool eof_ = false;
  std::string received_;
};

std::string upgrade_request(std::uint16_t port, const std::string& version = "13",
                            const std::string& host = "") {
  return "GET /stream HTTP/1.1\r\nHost: " +
         (host.empty() ? "127.0.0.1:" + std::to_string(port) : host) +
         "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
         "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
         "Sec-WebSocket-Version: " +
         version + "\r\n\r\n";
}

// hixie-76 (hybi-00): two number keys, no version, and eight key bytes after the head.
std::string hixie76_request(std::uint16_t port) {
  return "GET /stream HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
         "\r\nUpgrade: WebSocket\r\nConnection: Upgrade\r\nOrigin: http://127.0.0.1:" +
         std::to_string(port) +
         "\r\nSec-WebSocket-Key1: 4 @1  46546xW%0l 1 5\r\n"
         "Sec-WebSocket-Key2: 12998 5 Y3 1  .P00\r\n\r\n^n:ds[4U";
}

// A masked client frame (RFC 6455 5.2).
std::string frame(bool fin, int opcode, const std::string& payload, std::uint32_t mask = 0) {
  std::string f;
  f += static_cast<char>((fin ? 0x80 : 0) | (opcode & 0x0f));
  const std::size_t n = payload.size();
  if (n < 126) {
    f += static_cast<char>(0x80 | n);
  } else if (n < 65536) {
    f += static_cast<char>(0x80 | 126);
    f += static_cast<char>(n >> 8);
    f += static_cast<char>(n & 0xff);
  } else {
    f += static_cast<char>(0x80 | 127);
    for (int i = 7; i >= 0; --i)
      f += static_cast<char>((static_cast<std::uint64_t>(n) >> (8 * i)) & 0xff);
  }
  const char m[4] = {static_cast<char>(mask >> 24), static_cast<char>(mask >> 16),
                     static_cast<char>(mask >> 8), static_cast<char>(mask)};
  f.append(m, 4);
  for (std::size_t i = 0; i < n; ++i) f += static_cast<char>(payload[i] ^ m[i % 4]);
  return f;
}

// /stats.json (an empty object when there is no answer).
nlohmann::json stats(std::uint16_t port) {
  const HttpResult r = http_get(port, "/stats.json", 3.0);
  auto j = nlohmann::json::parse(r.body, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return nlohmann::json::object();
  return j;
}

struct Gateway {
  std::unique_ptr<ChildProcess> process;
  std::uint16_t port = 0;
};

class WebGatewayLimits : public ::testing::Test {
 protected:
  // A two-bot server and a gateway watching it; `open_files`: the gateway's open-file limit
  // (0: as inherited).
  void start(const std::vector<std::string>& flags = {}, int open_files = 0) {
    server = std::make_unique<ChildProcess>(
        kServer, std::vector<std::string>{"--port", "0", "--bind", "127.0.0.1", "--bots", "2"});
    const auto line = server->wait_for_line("listening on udp", 10.0);
    ASSERT_TRUE(line) << server->output();
    const std::uint16_t server_port = port_after(*line, "127.0.0.1:");
    ASSERT_NE(server_port, 0);
    std::vector<std::string> args = {"--connect",   "127.0.0.1:" + std::to_string(server_port),
                                     "--http-port", "0",
                                     "--bind",      "127.0.0.1",
                                     "--web-root",  web_root()};
    args.insert(args.end(), flags.begin(), flags.end());
    if (open_files > 0) {
      // The shell lowers the limit, then becomes spear-web (same process).
      std::string command = "ulimit -n " + std::to_string(open_files) + " && exec \"$0\"";
      for (std::size_t i = 0; i < args.size(); ++i)
        command += " \"$" + std::to_string(i + 1) + "\"";
      args.insert(args.begin(), {"-c", command, kWeb});
      gw.process = std::make_unique<ChildProcess>("/bin/sh", args);
    } else {
      gw.process = std::make_unique<ChildProcess>(kWeb, args);
    }
    const auto served = gw.process->wait_for_line("serving the viewer on http://", 10.0);
    ASSERT_TRUE(served) << gw.process->output();
    gw.port = port_after(*served, "http://127.0.0.1:");
    ASSERT_NE(gw.port, 0);
  }

  int healthz_answered(int tries) {
    int ok = 0;
    for (int i = 0; i < tries; ++i) {
      const HttpResult r = http_get(gw.port, "/healthz", 2.0);
      ok += r.status == 200 && r.body.find("ok") != std::string::npos;
    }
    return ok;
  }

  std::unique_ptr<ChildProcess> server;
  Gateway gw;
};

TEST_F(WebGatewayLimits, RefusesTheOldWebSocketDraftsAndSpeaksVersion13) {
  ASSERT_NO_FATAL_FAILURE(start());
  const std::uint64_t rss_before = rss_kib(gw.process->pid());

  // hixie-76: refused in the handshake, and whatever it goes on to send is never buffered.
  RawClient hixie(gw.port);
  ASSERT_TRUE(hixie.connected());
  ASSERT_TRUE(hixie.send(hixie76_request(gw.port)));
  ASSERT_TRUE(hixie.read_until("\r\n\r\n", 5.0)) << hixie.received();
  EXPECT_EQ(hixie.status(), 426) << hixie.received();
  EXPECT_NE(hixie.received().find("Sec-WebSocket-Version: 13"), std::string::npos)
      << hixie.received();
  // An unterminated hixie-76 message: 0x00, then bytes and never 0xff.
  const std::string chunk(64 * 1024, 'a');
  hixie.send(std::string(1, '\0'));
  for (int i = 0; i < 256 && hixie.send(chunk); ++i) {
  }
  EXPECT_TRUE(hixie.closed_within(5.0));

  // hybi-08 (Sec-WebSocket-Version: 8): refused the same way.
  RawClient hybi8(gw.port);
  ASSERT_TRUE(hybi8.send(upgrade_request(gw.port, "8")));
  ASSERT_TRUE(hybi8.read_until("\r\n\r\n", 5.0));
  EXPECT_EQ(hybi8.status(), 426) << hybi8.received();
  EXPECT_TRUE(hybi8.closed_within(5.0));

  // Version 13 opens.
  RawClient rfc(gw.port);
  ASSERT_TRUE(rfc.send(upgrade_request(gw.port)));
  ASSERT_TRUE(rfc.read_until("\r\n\r\n", 5.0));
  EXPECT_EQ(rfc.status(), 101) << rfc.received();

  const std::uint64_t rss_after = rss_kib(gw.process->pid());
  EXPECT_LT(rss_after, rss_before + 32 * 1024) << rss_before << " KiB before, " << rss_after;
  EXPECT_EQ(stats(gw.port)["browsers"]["refused_version"], 2) << stats(gw.port).dump();
}

TEST_F(WebGatewayLimits, AnEndlessMessageClosesItsConnection) {
  ASSERT_NO_FATAL_FAILURE(start());
  const std::uint64_t rss_before = rss_kib(gw.process->pid());
  RawClient c(gw.port);
  ASSERT_TRUE(c.send(upgrade_request(gw.port)));
  ASSERT_TRUE(c.read_until("\r\n\r\n", 5.0));
  ASSERT_EQ(c.status(), 101) << c.received();
  // A text message begun and continued in 512-byte pieces, never finished (up to 16 MiB).
  bool open = c.send(frame(false, 1, std::string(512, 'x'), 0x11223344));
  const std::string piece = frame(false, 0, std::string(512, 'y'), 0x55667788);
  for (int i = 0; open && i < 32 * 1024; ++i) open = c.send(piece);
  EXPECT_TRUE(c.closed_within(5.0));
  // Closed as rude (1009, message too big), with its memory back.
  EXPECT_TRUE(wait_until(
      [&] {
        const nlohmann::json j = stats(gw.port);
        return j.contains("browsers") && j["browsers"]["dropped_rude"] == 1;
      },
      5.0))
      << stats(gw.port).dump();
  EXPECT_LT(rss_kib(gw.process->pid()), rss_before + 32 * 1024);
  EXPECT_EQ(healthz_answered(1), 1);
}

TEST_F(WebGatewayLimits, OneAddressCannotTakeEveryBrowsersPlace) {
  ASSERT_NO_FATAL_FAILURE(start({"--max-browsers", "50", "--max-browsers-per-address", "4"}));
  std::vector<std::unique_ptr<RawClient>> first;
  for (int i = 0; i < 4; ++i) {
    first.push_back(std::make_unique<RawClient>(gw.port, "127.0.0.1"));
    ASSERT_TRUE(first.back()->send(upgrade_request(gw.port)));
    ASSERT_TRUE(first.back()->read_until("\r\n\r\n", 5.0));
    ASSERT_EQ(first.back()->status(), 101) << i << ": " << first.back()->received();
  }
  RawClient fifth(gw.port, "127.0.0.1");
  ASSERT_TRUE(fifth.send(upgrade_request(gw.port)));
  ASSERT_TRUE(fifth.read_until("\r\n\r\n", 5.0));
  EXPECT_EQ(fifth.status(), 429) << fifth.received();
  // Another address still gets in.
  RawClient other(gw.port, "127.0.0.2");
  ASSERT_TRUE(other.send(upgrade_request(gw.port)));
  ASSERT_TRUE(other.read_until("\r\n\r\n", 5.0));
  EXPECT_EQ(other.status(), 101) << other.received();
  // A place freed is taken again.
  first.pop_back();
  ASSERT_TRUE(wait_until(
      [&] {
        RawClient c(gw.port, "127.0.0.1");
        c.send(upgrade_request(gw.port));
        c.read_until("\r\n\r\n", 5.0);
        return c.status() == 101;
      },
      5.0));
  const nlohmann::json j = stats(gw.port);
  EXPECT_GE(j["browsers"]["refused_address"].get<int>(), 1) << j.dump();
}

TEST_F(WebGatewayLimits, OneAddressCannotTakeEveryConnection) {
  ASSERT_NO_FATAL_FAILURE(start({"--max-connections-per-address", "20"}));
  std::vector<std::unique_ptr<RawClient>> idle;
  for (int i = 0; i < 20; ++i) {
    idle.push_back(std::make_unique<RawClient>(gw.port, "127.0.0.3"));
    ASSERT_TRUE(idle.back()->connected());
  }
  ASSERT_TRUE(wait_until(
      [&] {  // 20 idle and this request
        const nlohmann::json j = stats(gw.port);
        return j.contains("connections") && j["connections"]["open"] == 21;
      },
      5.0))
      << stats(gw.port).dump();
  RawClient one_more(gw.port, "127.0.0.3");
  EXPECT_TRUE(one_more.closed_within(3.0));  // closed at once, before any request
  EXPECT_EQ(one_more.received(), "");
  EXPECT_EQ(healthz_answered(5), 5);
}

TEST_F(WebGatewayLimits, RunningOutOfFileDescriptorsNeitherSpinsNorStopsHealthz) {
  // 256 open files and 400 connections that say nothing, from 20 addresses.
  ASSERT_NO_FATAL_FAILURE(start({}, 256));
  EXPECT_NE(gw.process->output().find("lowered to"), std::string::npos) << gw.process->output();
  std::vector<std::unique_ptr<RawClient>> idle;
  for (int i = 0; i < 400; ++i) {
    idle.push_back(std::make_unique<RawClient>(gw.port, "127.0.0." + std::to_string(10 + i % 20)));
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  const double cpu0 = cpu_seconds(gw.process->pid());
  std::this_thread::sleep_for(std::chrono::seconds(2));
  const double cpu = cpu_seconds(gw.process->pid()) - cpu0;
  // A retried accept would take the whole 2 s of a core; idle, the gateway takes next to none.
  EXPECT_LT(cpu, 0.5) << "CPU seconds over 2 s";
  EXPECT_EQ(healthz_answered(10), 10);
  const nlohmann::json j = stats(gw.port);
  EXPECT_GT(j["connections"]["evicted"].get<int>(), 0) << j.dump();
}

TEST_F(WebGatewayLimits, RefusesRequestsForAnotherHost) {
  ASSERT_NO_FATAL_FAILURE(start({"--allow-host", "race.example.org"}));
  const std::string port = std::to_string(gw.port);
  const auto get_as = [&](const std::string& host) {
    RawClient c(gw.port);
    c.send("GET / HTTP/1.1\r\nHost: " + host + "\r\n\r\n");
    c.read_until("\r\n\r\n", 5.0);
    return c.status();
  };
  EXPECT_EQ(get_as("rebound.example.com:" + port), 403);
  EXPECT_EQ(get_as("127.0.0.1.evil.example:" + port), 403);
  EXPECT_EQ(get_as("localhost:" + port), 200);
  EXPECT_EQ(get_as("127.0.0.1:" + port), 200);
  EXPECT_EQ(get_as("[::1]:" + port), 200);
  EXPECT_EQ(get_as("Race.Example.Org:" + port), 200);
  EXPECT_EQ(get_as("race.example.org"), 200);

  // A rebound page's WebSocket: its origin matches its Host, and still it is refused.
  RawClient ws(gw.port);
  const std::string request = upgrade_request(gw.port, "13", "rebound.example.com:" + port);
  ws.send(request.substr(0, request.size() - 2) + "Origin: http://rebound.example.com:" + port +
          "\r\n\r\n");
  ASSERT_TRUE(ws.read_until("\r\n\r\n", 5.0));
  EXPECT_EQ(ws.status(), 403) << ws.received();
}

TEST_F(WebGatewayLimits, RandomRequestsAndFramesLeaveItServing) {
  ASSERT_NO_FATAL_FAILURE(start());
  const std::uint64_t rss_before = rss_kib(gw.process->pid());
  std::mt19937 rng(44);
  const auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<unsigned>(n)); };
  const auto bytes = [&](std::size_t n) {
    std::string s(n, '\0');
    for (char& ch : s) ch = static_cast<char>(rng());
    return s;
  };
  const std::vector<std::string> heads = {upgrade_request(gw.port), hixie76_request(gw.port),
                                          upgrade_request(gw.port, "8"),
                                          "GET /stats.json HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"};
  for (int round = 0; round < 300; ++round) {
    RawClient c(gw.port, "127.0.0." + std::to_string(40 + round % 50));
    ASSERT_TRUE(c.connected()) << round;
    std::string head = heads[static_cast<std::size_t>(pick(4))];
    switch (pick(4)) {
      case 0:  // bytes at random
        head = bytes(static_cast<std::size_t>(pick(2048)));
        break;
      case 1:  // some of the head's bytes changed
        for (int i = pick(8); i >= 0; --i)
          head[static_cast<std::size_t>(pick(static_cast<int>(head.size())))] =
              static_cast<char>(rng());
        break;
      case 2:  // cut short
        head.resize(static_cast<std::size_t>(pick(static_cast<int>(head.size()))));
        break;
      default:
        break;
    }
    std::string frames;
    for (int i = pick(12); i > 0; --i) {
      if (pick(5) == 0) {
        frames += bytes(static_cast<std::size_t>(pick(64)));  // not a frame
      } else {
        // Any flags and opcode, payloads to a few KiB; now and then a length that lies.
        std::string f = frame(pick(2) == 0, pick(16), bytes(static_cast<std::size_t>(pick(3000))),
                              static_cast<std::uint32_t>(rng()));
        if (pick(6) == 0) f[1] = static_cast<char>(rng());
        if (pick(4) == 0) f[0] = static_cast<char>(f[0] | (pick(8) << 4));  // reserved bits
        frames += f;
      }
    }
    c.send(head + frames);
  }
  // Still serving: the page, /healthz and a browser.
  EXPECT_EQ(http_get(gw.port, "/").status, 200);
  EXPECT_EQ(healthz_answered(3), 3);
  web::ProbeConfig pc;
  pc.port = gw.port;
  std::string error;
  auto probe = web::BrowserProbe::start(pc, &error);
  ASSERT_TRUE(probe) << error;
  EXPECT_TRUE(wait_until([&] { return probe->connections().at(0).opened; }, 5.0));
  EXPECT_TRUE(wait_until([&] { return probe->connections().at(0).messages > 3; }, 10.0))
      << gw.process->output();
  EXPECT_LT(rss_kib(gw.process->pid()), rss_before + 64 * 1024);
  gw.process->send_signal(SIGTERM);
  EXPECT_EQ(gw.process->wait_exit(10.0), 0) << gw.process->output();
}

}  // namespace
}  // namespace spear::test
