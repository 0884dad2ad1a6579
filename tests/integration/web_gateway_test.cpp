// spear-web, the browser viewer's gateway, as the real program between a real spear-server and
// stand-in browsers (web/probe): what a browser receives and in what order, the page and the
// status paths, the refusals (another site, another path, a full gateway), rude and slow
// browsers, the game server going away and coming back, and bad flags. SPEAR_SERVER_BIN and
// SPEAR_WEB_BIN are the built programs.
#include <arpa/inet.h>
#include <gtest/gtest.h>
#include <netinet/in.h>
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
#include <set>
#include <span>
#include <string>
#include <thread>
#include <variant>
#include <vector>

#include "browser_probe.hpp"
#include "net/viewer_message.hpp"
#include "scratch_files.hpp"
#include "support/child_process.hpp"
#include "support/http_get.hpp"

namespace spear::test {
namespace {

namespace viewer = net::viewer;
using web::BrowserProbe;
using web::ProbeConfig;
using web::ProbeConnection;

const std::string kServer = SPEAR_SERVER_BIN;
const std::string kWeb = SPEAR_WEB_BIN;
constexpr int kBots = 8;
constexpr double kSnapshotRate = 30.0;  // spear-server's default
constexpr double kTickRate = 60.0;

const ScratchDir scratch("spear-web-it");
const std::string kIndexHtml =
    "<!doctype html><html><head><title>Spear Run (test page)</title></head><body></body></html>\n";
const std::string kAppJs = "// the page's code\n";

// A web root of its own (the built page may change while the tests run).
std::string web_root() {
  static const std::string root = [] {
    const std::filesystem::path dir = scratch("root");
    std::filesystem::create_directories(dir);
    std::ofstream(dir / "index.html", std::ios::binary) << kIndexHtml;
    std::ofstream(dir / "app.js", std::ios::binary) << kAppJs;
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

// spear-server with bots on 127.0.0.1 (`port` 0: any free one); *bound gets its port.
std::unique_ptr<ChildProcess> start_server(std::uint16_t port, std::uint16_t* bound,
                                           int bots = kBots) {
  auto server = std::make_unique<ChildProcess>(
      kServer, std::vector<std::string>{"--port", std::to_string(port), "--bind", "127.0.0.1",
                                        "--bots", std::to_string(bots)});
  const auto line = server->wait_for_line("listening on udp", 10.0);
  if (!line) {
    ADD_FAILURE() << "spear-server did not start: " << server->output();
    return nullptr;
  }
  *bound = port_after(*line, "127.0.0.1:");
  if (*bound == 0) {
    ADD_FAILURE() << "no port in: " << *line;
    return nullptr;
  }
  return server;
}

struct Gateway {
  std::unique_ptr<ChildProcess> process;
  std::uint16_t port = 0;  // HTTP and WebSocket
};

Gateway start_gateway(std::uint16_t server_port, const std::vector<std::string>& extra = {}) {
  std::vector<std::string> args = {"--connect",   "127.0.0.1:" + std::to_string(server_port),
                                   "--http-port", "0",
                                   "--bind",      "127.0.0.1",
                                   "--web-root",  web_root()};
  args.insert(args.end(), extra.begin(), extra.end());
  Gateway g;
  g.process = std::make_unique<ChildProcess>(kWeb, args);
  const auto line = g.process->wait_for_line("serving the viewer on http://", 10.0);
  if (!line) {
    ADD_FAILURE() << "spear-web did not start: " << g.process->output();
    return g;
  }
  g.port = port_after(*line, "http://127.0.0.1:");
  if (g.port == 0) ADD_FAILURE() << "no port in: " << *line;
  return g;
}

// /stats.json, or null when there is no answer or it does not parse.
nlohmann::json stats(std::uint16_t port) {
  const HttpResult r = http_get(port, "/stats.json", 3.0);
  if (r.status != 200) return nullptr;
  auto j = nlohmann::json::parse(r.body, nullptr, false);
  return j.is_discarded() ? nlohmann::json(nullptr) : j;
}

std::uint64_t stat(std::uint16_t port, const char* group, const char* key) {
  const nlohmann::json j = stats(port);
  if (!j.is_object() || !j.contains(group) || !j[group].contains(key)) return 0;
  return j[group][key].get<std::uint64_t>();
}

// Until the gateway has joined the server and written frames.
bool wait_connected(std::uint16_t port, double timeout_s = 10.0) {
  return wait_until(
      [&] {
        const nlohmann::json j = stats(port);
        return j.is_object() && j["server"]["connected"].get<bool>() &&
               j["frames"]["written"].get<std::uint64_t>() > 0;
      },
      timeout_s);
}

std::unique_ptr<BrowserProbe> open_probe(std::uint16_t port, std::size_t connections,
                                         std::size_t keep = 0, const std::string& origin = "",
                                         const std::string& path = "/stream") {
  ProbeConfig c;
  c.host = "127.0.0.1";
  c.port = port;
  c.path = path;
  c.origin = origin;
  c.connections = connections;
  c.keep_messages = keep;
  std::string error;
  auto probe = BrowserProbe::start(c, &error);
  if (!probe) ADD_FAILURE() << "probe: " << error;
  return probe;
}

ProbeConnection connection(const BrowserProbe& probe, std::size_t i) {
  return probe.connections().at(i);
}

bool wait_opened(const BrowserProbe& probe, std::size_t connections, double timeout_s = 10.0) {
  return wait_until(
      [&] {
        const auto cs = probe.connections();
        for (std::size_t i = 0; i < connections; ++i)
          if (!cs.at(i).opened) return false;
        return true;
      },
      timeout_s);
}

// Whether connection `i` receives at least `more` messages more within timeout_s.
bool keeps_receiving(const BrowserProbe& probe, std::size_t i, std::uint64_t more,
                     double timeout_s = 5.0) {
  const std::uint64_t from = connection(probe, i).messages;
  return wait_until([&] { return connection(probe, i).messages >= from + more; }, timeout_s);
}

std::vector<viewer::Message> decoded(const ProbeConnection& c) {
  std::vector<viewer::Message> out;
  for (const auto& bytes : c.kept) {
    auto m = viewer::decode(std::span<const std::uint8_t>(bytes.data(), bytes.size()));
    EXPECT_TRUE(m.has_value()) << "message " << out.size() << " of " << bytes.size()
                               << " bytes does not decode";
    if (m) out.push_back(std::move(*m));
  }
  return out;
}

std::size_t count_frames(const ProbeConnection& c) {
  std::size_t n = 0;
  for (const auto& m : decoded(c)) n += std::holds_alternative<viewer::Frame>(m);
  return n;
}

// A bot server and a gateway joined to it, started by each test with its own gateway flags.
class WebGateway : public ::testing::Test {
 protected:
  // A test goes on only when both run: ASSERT_NO_FATAL_FAILURE(start(...)).
  void start(const std::vector<std::string>& gateway_flags = {}, int bots = kBots) {
    server = start_server(0, &server_port, bots);
    ASSERT_TRUE(server);
    gw = start_gateway(server_port, gateway_flags);
    ASSERT_NE(gw.port, 0);
  }

  std::uint16_t server_port = 0;
  std::unique_ptr<ChildProcess> server;
  Gateway gw;
};

TEST_F(WebGateway, ABrowserGetsHelloThenRosterThenFramesAtTheSnapshotRate) {
  ASSERT_NO_FATAL_FAILURE(start());
  ASSERT_TRUE(wait_connected(gw.port)) << gw.process->output() << server->output();

  auto probe = open_probe(gw.port, 1, 1000);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(wait_opened(*probe, 1)) << gw.process->output();
  // The rate by arrival: frames counted over 3 s from the first one.
  ASSERT_TRUE(wait_until([&] { return count_frames(connection(*probe, 0)) > 0; }, 5.0));
  const std::uint64_t count0 = connection(*probe, 0).messages;
  const double t0 = now_s();
  std::this_thread::sleep_for(std::chrono::seconds(3));
  const ProbeConnection c = connection(*probe, 0);
  const double elapsed = now_s() - t0;
  const double arrival_rate = static_cast<double>(c.messages - count0) / elapsed;
  EXPECT_GE(arrival_rate, 0.9 * kSnapshotRate)
      << (c.messages - count0) << " messages in " << elapsed << " s";
  EXPECT_FALSE(c.closed);

  const std::vector<viewer::Message> ms = decoded(c);
  ASSERT_GE(ms.size(), 3u);
  // First the Hello: connected, with the server's rates.
  ASSERT_TRUE(std::holds_alternative<viewer::Hello>(ms[0])) << "first message is not a Hello";
  const auto& hello = std::get<viewer::Hello>(ms[0]);
  EXPECT_EQ(hello.version, viewer::kVersion);
  EXPECT_TRUE(hello.connected) << hello.status;
  EXPECT_EQ(hello.tick_rate, kTickRate);
  EXPECT_EQ(hello.snapshot_rate, kSnapshotRate);
  EXPECT_EQ(hello.server, "127.0.0.1:" + std::to_string(server_port));
  // Then the whole roster: every bot by name.
  ASSERT_TRUE(std::holds_alternative<viewer::Roster>(ms[1])) << "second message is not a Roster";
  std::set<net::RunnerId> named;
  for (const auto& e : std::get<viewer::Roster>(ms[1]).names) {
    EXPECT_TRUE(e.bot) << e.name;
    EXPECT_FALSE(e.name.empty());
    named.insert(e.runner);
  }
  EXPECT_EQ(named.size(), static_cast<std::size_t>(kBots));

  // Then frames: 8 posed runners each, all named, ticks rising at the snapshot rate.
  std::vector<net::Tick> ticks;
  for (std::size_t i = 2; i < ms.size(); ++i) {
    const auto* f = std::get_if<viewer::Frame>(&ms[i]);
    if (!f) {
      // Only a changed Hello or new names may come between frames.
      EXPECT_TRUE(std::holds_alternative<viewer::Roster>(ms[i])) << "message " << i;
      continue;
    }
    ticks.push_back(f->tick);
    ASSERT_EQ(f->runners.size(), static_cast<std::size_t>(kBots)) << "tick " << f->tick;
    for (std::size_t r = 0; r < f->runners.size(); ++r) {
      const net::RunnerSnapshot& s = f->runners[r];
      EXPECT_TRUE(named.count(s.id)) << "runner " << s.id << " has no name";
      if (r > 0) {
        EXPECT_LT(f->runners[r - 1].id, s.id);
      }
      // A standing or running figure: its head well above its anchor.
      EXPECT_LT(s.pose[rig::Joint::Head].y, -20.f) << "runner " << s.id << " has no pose";
      EXPECT_GT(s.pose.head_r, 1.f);
    }
  }
  ASSERT_GE(ticks.size(), 2u);
  for (std::size_t i = 1; i < ticks.size(); ++i) ASSERT_GT(ticks[i], ticks[i - 1]);
  // By the server's own clock: frames received for the ticks they span.
  const double span_s = static_cast<double>(ticks.back() - ticks.front()) / kTickRate;
  const double expected = span_s * kSnapshotRate + 1.0;
  EXPECT_GE(static_cast<double>(ticks.size()), 0.9 * expected)
      << ticks.size() << " frames over ticks " << ticks.front() << ".." << ticks.back();
  EXPECT_GE(span_s, 2.5);
}

TEST_F(WebGateway, ABigRacesRunnersComeToBrowsersWithPosesDrawnFromTheirRigCues) {
  // 120 bots: more than a datagram holds poses for. The server sends the gateway poses for a
  // few and a rig cue for the rest; the gateway draws those from their rigs, so a browser
  // (which draws poses only) gets every runner near the gateway's wide view with a pose.
  constexpr int kBigRace = 120;
  ASSERT_NO_FATAL_FAILURE(start({}, kBigRace));
  ASSERT_TRUE(wait_connected(gw.port)) << gw.process->output() << server->output();
  auto probe = open_probe(gw.port, 1, 1000);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(wait_opened(*probe, 1)) << gw.process->output();
  ASSERT_TRUE(wait_until([&] { return count_frames(connection(*probe, 0)) > 90; }, 10.0));
  const std::vector<viewer::Message> ms = decoded(connection(*probe, 0));
  std::size_t frames = 0, late = 0;
  for (const auto& m : ms) {
    const auto* f = std::get_if<viewer::Frame>(&m);
    if (!f) continue;
    ++frames;
    // Every runner listed, once, with a pose or in the summaries.
    std::set<net::RunnerId> listed;
    for (const auto& r : f->runners) EXPECT_TRUE(listed.insert(r.id).second);
    for (const auto& o : f->others) EXPECT_TRUE(listed.insert(o.id).second);
    EXPECT_EQ(listed.size(), static_cast<std::size_t>(kBigRace)) << "tick " << f->tick;
    if (frames <= 30) continue;  // the cues come in full within the first few snapshots
    ++late;
    // The field together at the start line: within the gateway's view, every runner drawn.
    EXPECT_EQ(f->runners.size(), static_cast<std::size_t>(kBigRace)) << "tick " << f->tick;
    for (const auto& r : f->runners) {
      EXPECT_LT(r.pose[rig::Joint::Head].y, -20.f) << "runner " << r.id << " has no pose";
      EXPECT_GT(r.pose.head_r, 1.f);
    }
  }
  EXPECT_GT(late, 50u);
}

TEST_F(WebGateway, ServesThePageTheStatsAndNothingElse) {
  ASSERT_NO_FATAL_FAILURE(start());
  ASSERT_TRUE(wait_connected(gw.port)) << gw.process->output();

  const HttpResult page = http_get(gw.port, "/");
  EXPECT_EQ(page.status, 200) << page.headers;
  EXPECT_EQ(page.body, kIndexHtml);
  EXPECT_NE(page.headers.find("text/html"), std::string::npos) << page.headers;
  const HttpResult index = http_get(gw.port, "/index.html");
  EXPECT_EQ(index.status, 200);
  EXPECT_EQ(index.body, kIndexHtml);
  const HttpResult js = http_get(gw.port, "/app.js?v=3");
  EXPECT_EQ(js.status, 200);
  EXPECT_EQ(js.body, kAppJs);
  EXPECT_NE(js.headers.find("text/javascript"), std::string::npos) << js.headers;

  EXPECT_EQ(http_get(gw.port, "/no-such-file.js").status, 404);
  EXPECT_EQ(http_get(gw.port, "/../../etc/passwd").status, 404);
  EXPECT_EQ(http_get(gw.port, "/stream").status, 404);  // a plain GET of the stream
  const HttpResult health = http_get(gw.port, "/healthz");
  EXPECT_EQ(health.status, 200);
  EXPECT_NE(health.body.find("ok"), std::string::npos) << health.body;

  auto probe = open_probe(gw.port, 1);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(wait_opened(*probe, 1));
  ASSERT_TRUE(keeps_receiving(*probe, 0, 5));
  const HttpResult s = http_get(gw.port, "/stats.json");
  ASSERT_EQ(s.status, 200);
  EXPECT_NE(s.headers.find("application/json"), std::string::npos) << s.headers;
  const auto j = nlohmann::json::parse(s.body, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << s.body;
  for (const char* key : {"open", "peak", "accepted", "refused_full", "refused_origin",
                          "refused_path", "dropped_slow", "dropped_rude"})
    EXPECT_TRUE(j["browsers"].contains(key)) << key << ": " << s.body;
  EXPECT_EQ(j["browsers"]["open"], 1) << s.body;
  EXPECT_EQ(j["browsers"]["accepted"], 1) << s.body;
  EXPECT_GE(j["sent"]["messages"].get<std::uint64_t>(), 5u) << s.body;
  EXPECT_GT(j["sent"]["bytes"].get<std::uint64_t>(), 0u) << s.body;
  EXPECT_TRUE(j["server"]["connected"].get<bool>()) << s.body;
  EXPECT_EQ(j["server"]["runners"], kBots) << s.body;
  EXPECT_GT(j["server"]["last_tick"].get<std::uint64_t>(), 0u) << s.body;
  EXPECT_GT(j["frames"]["written"].get<std::uint64_t>(), 0u) << s.body;
  EXPECT_GE(j["http_requests"].get<std::uint64_t>(), 8u) << s.body;

  // SIGTERM: the browsers are told, the gateway leaves the server and exits 0.
  gw.process->send_signal(SIGTERM);
  EXPECT_EQ(gw.process->wait_exit(10.0), 0) << gw.process->output();
  EXPECT_NE(gw.process->output().find("stopped:"), std::string::npos) << gw.process->output();
  EXPECT_TRUE(wait_until([&] { return connection(*probe, 0).closed; }, 5.0));
  EXPECT_EQ(connection(*probe, 0).close_code, 1001);  // going away
}

TEST_F(WebGateway, RefusesAnotherSitesPageAndOtherPaths) {
  ASSERT_NO_FATAL_FAILURE(start({"--allow-origin", "https://race.example.org"}));
  const std::string own = "http://127.0.0.1:" + std::to_string(gw.port);

  auto evil = open_probe(gw.port, 1, 0, "http://evil.example");
  auto wrong_path = open_probe(gw.port, 1, 0, "", "/other");
  auto same_site = open_probe(gw.port, 1, 0, own);
  auto listed = open_probe(gw.port, 1, 0, "https://race.example.org");
  auto no_origin = open_probe(gw.port, 1);
  ASSERT_TRUE(evil && wrong_path && same_site && listed && no_origin);

  ASSERT_TRUE(wait_until([&] { return connection(*evil, 0).failed; }, 5.0));
  EXPECT_EQ(connection(*evil, 0).http_status, 403);
  EXPECT_FALSE(connection(*evil, 0).opened);
  ASSERT_TRUE(wait_until([&] { return connection(*wrong_path, 0).failed; }, 5.0));
  EXPECT_EQ(connection(*wrong_path, 0).http_status, 404);
  EXPECT_FALSE(connection(*wrong_path, 0).opened);

  for (BrowserProbe* p : {same_site.get(), listed.get(), no_origin.get()}) {
    ASSERT_TRUE(wait_opened(*p, 1)) << gw.process->output();
    EXPECT_TRUE(keeps_receiving(*p, 0, 3));
  }
  const nlohmann::json j = stats(gw.port);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["browsers"]["refused_origin"], 1) << j.dump();
  EXPECT_EQ(j["browsers"]["refused_path"], 1) << j.dump();
  EXPECT_EQ(j["browsers"]["open"], 3) << j.dump();
  EXPECT_EQ(connection(*evil, 0).messages, 0u);
}

TEST_F(WebGateway, RefusesBrowsersBeyondMaxBrowsersAndKeepsServingTheOthers) {
  ASSERT_NO_FATAL_FAILURE(start({"--max-browsers", "2"}));

  auto first_two = open_probe(gw.port, 2);
  ASSERT_TRUE(first_two);
  ASSERT_TRUE(wait_opened(*first_two, 2)) << gw.process->output();
  auto third = open_probe(gw.port, 1);
  ASSERT_TRUE(third);
  ASSERT_TRUE(wait_until(
      [&] {
        const ProbeConnection c = connection(*third, 0);
        return c.failed || c.closed;
      },
      5.0));
  const ProbeConnection t = connection(*third, 0);
  // Refused in the handshake (503), or closed at once with "try again later" (1013).
  EXPECT_TRUE(t.http_status == 503 || (t.closed && t.close_code == 1013))
      << "status " << t.http_status << ", close " << t.close_code;

  EXPECT_TRUE(keeps_receiving(*first_two, 0, 10));
  EXPECT_TRUE(keeps_receiving(*first_two, 1, 10));
  EXPECT_FALSE(connection(*first_two, 0).closed);
  EXPECT_FALSE(connection(*first_two, 1).closed);
  const nlohmann::json j = stats(gw.port);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["browsers"]["refused_full"], 1) << j.dump();
  EXPECT_EQ(j["browsers"]["open"], 2) << j.dump();

  // A place that frees is taken again.
  third.reset();
  first_two.reset();
  ASSERT_TRUE(wait_until([&] { return stat(gw.port, "browsers", "open") == 0; }, 5.0));
  auto again = open_probe(gw.port, 2);
  ASSERT_TRUE(again);
  EXPECT_TRUE(wait_opened(*again, 2));
}

TEST_F(WebGateway, ClosesABrowserThatSendsTooOften) {
  ASSERT_NO_FATAL_FAILURE(start());

  auto probe = open_probe(gw.port, 3);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(wait_opened(*probe, 3)) << gw.process->output();
  // A few messages a second are fine (a page may say something now and then).
  for (int i = 0; i < 5; ++i) probe->send_text(2, "hello");
  for (int i = 0; i < 40; ++i) probe->send_text(0, "spam " + std::to_string(i));
  ASSERT_TRUE(wait_until([&] { return connection(*probe, 0).closed; }, 5.0));
  EXPECT_EQ(connection(*probe, 0).close_code, 1008);  // policy violation
  EXPECT_TRUE(keeps_receiving(*probe, 1, 15));
  EXPECT_TRUE(keeps_receiving(*probe, 2, 15));
  EXPECT_FALSE(connection(*probe, 1).closed);
  EXPECT_FALSE(connection(*probe, 2).closed);
  const nlohmann::json j = stats(gw.port);
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j["browsers"]["dropped_rude"], 1) << j.dump();
  EXPECT_EQ(j["browsers"]["open"], 2) << j.dump();
}

TEST_F(WebGateway, ClosesABrowserThatSendsAnOversizedMessage) {
  ASSERT_NO_FATAL_FAILURE(start());

  auto probe = open_probe(gw.port, 2);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(wait_opened(*probe, 2)) << gw.process->output();
  probe->send_text(1, std::string(1000, 'k'));  // within the bound
  probe->send_text(0, std::string(4096, 'x'));
  ASSERT_TRUE(wait_until([&] { return connection(*probe, 0).closed; }, 5.0));
  EXPECT_EQ(connection(*probe, 0).close_code, 1009);  // message too big
  EXPECT_TRUE(keeps_receiving(*probe, 1, 15));
  EXPECT_FALSE(connection(*probe, 1).closed);
  EXPECT_TRUE(wait_until([&] { return stat(gw.port, "browsers", "dropped_rude") == 1; }, 5.0))
      << stats(gw.port).dump();
  EXPECT_EQ(stat(gw.port, "browsers", "open"), 1u);
}

// A WebSocket opened by hand that never reads what it is sent.
class StuckBrowser {
 public:
  explicit StuckBrowser(std::uint16_t port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    if (fd_ < 0) return;
    const int tiny = 1;  // the kernel's least receive window
    ::setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &tiny, sizeof tiny);
    sockaddr_in to{};
    to.sin_family = AF_INET;
    to.sin_port = htons(port);
    to.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::connect(fd_, reinterpret_cast<const sockaddr*>(&to), sizeof to) != 0) return;
    const std::string request = "GET /stream HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                                "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                                "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                                "Sec-WebSocket-Version: 13\r\n\r\n";
    sent_ = ::send(fd_, request.data(), request.size(), MSG_NOSIGNAL) ==
            static_cast<ssize_t>(request.size());
  }
  ~StuckBrowser() {
    if (fd_ >= 0) ::close(fd_);
  }
  StuckBrowser(const StuckBrowser&) = delete;
  StuckBrowser& operator=(const StuckBrowser&) = delete;
  bool sent() const { return sent_; }

 private:
  int fd_ = -1;
  bool sent_ = false;
};

TEST_F(WebGateway, DropsABrowserThatDoesNotKeepUp) {
  ASSERT_NO_FATAL_FAILURE(start({"--max-buffered-kib", "16"}));
  ASSERT_TRUE(wait_connected(gw.port)) << gw.process->output();

  auto probe = open_probe(gw.port, 1);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(wait_opened(*probe, 1));
  StuckBrowser stuck(gw.port);
  ASSERT_TRUE(stuck.sent());
  ASSERT_TRUE(wait_until([&] { return stat(gw.port, "browsers", "accepted") == 2; }, 5.0))
      << stats(gw.port).dump();
  // About 30 frames of a kilobyte or so a second fill the socket's buffers and the 16 KiB.
  ASSERT_TRUE(wait_until([&] { return stat(gw.port, "browsers", "dropped_slow") >= 1; }, 12.0))
      << stats(gw.port).dump();
  EXPECT_TRUE(keeps_receiving(*probe, 0, 15));
  EXPECT_FALSE(connection(*probe, 0).closed);
  const nlohmann::json j = stats(gw.port);
  EXPECT_EQ(j["browsers"]["dropped_slow"], 1) << j.dump();
  EXPECT_EQ(j["browsers"]["open"], 1) << j.dump();
}

std::optional<std::size_t> find_hello(const std::vector<viewer::Message>& ms, std::size_t from,
                                      bool connected) {
  for (std::size_t i = from; i < ms.size(); ++i) {
    const auto* h = std::get_if<viewer::Hello>(&ms[i]);
    if (h && h->connected == connected) return i;
  }
  return std::nullopt;
}

TEST_F(WebGateway, TellsBrowsersWhenTheServerGoesAndComesBack) {
  ASSERT_NO_FATAL_FAILURE(start());
  ASSERT_TRUE(wait_connected(gw.port)) << gw.process->output();
  auto probe = open_probe(gw.port, 1, 3000);
  ASSERT_TRUE(probe);
  ASSERT_TRUE(wait_opened(*probe, 1));
  ASSERT_TRUE(keeps_receiving(*probe, 0, 5));

  server->send_signal(SIGKILL);
  server->wait_exit(5.0);
  server.reset();
  // The link times out (5 s of silence) and the browsers are told.
  std::optional<std::size_t> lost;
  ASSERT_TRUE(wait_until(
      [&] {
        lost = find_hello(decoded(connection(*probe, 0)), 0, false);
        return lost.has_value();
      },
      10.0))
      << gw.process->output();
  const auto lost_hello = std::get<viewer::Hello>(decoded(connection(*probe, 0)).at(*lost));
  EXPECT_EQ(lost_hello.tick_rate, 0);
  EXPECT_FALSE(lost_hello.status.empty());
  EXPECT_FALSE(stats(gw.port)["server"]["connected"].get<bool>());

  std::uint16_t again_port = 0;
  auto again = start_server(server_port, &again_port);
  ASSERT_TRUE(again);
  ASSERT_EQ(again_port, server_port);
  std::optional<std::size_t> back;
  ASSERT_TRUE(wait_until(
      [&] {
        back = find_hello(decoded(connection(*probe, 0)), *lost, true);
        return back.has_value();
      },
      8.0))
      << gw.process->output();
  // Frames again after it, from the new server (its ticks start over).
  ASSERT_TRUE(wait_until(
      [&] {
        const auto ms = decoded(connection(*probe, 0));
        std::size_t frames = 0;
        for (std::size_t i = *back; i < ms.size(); ++i)
          frames += std::holds_alternative<viewer::Frame>(ms[i]);
        return frames >= 10;
      },
      5.0));
  const auto ms = decoded(connection(*probe, 0));
  // The new server's names come again before its first frame.
  std::set<net::RunnerId> renamed;
  bool framed = false;
  for (std::size_t i = *lost; i < ms.size(); ++i) {
    if (const auto* r = std::get_if<viewer::Roster>(&ms[i])) {
      for (const auto& e : r->names) renamed.insert(e.runner);
    } else if (const auto* f = std::get_if<viewer::Frame>(&ms[i])) {
      framed = true;
      EXPECT_EQ(f->runners.size(), static_cast<std::size_t>(kBots));
      for (const auto& runner : f->runners) EXPECT_TRUE(renamed.count(runner.id)) << runner.id;
    }
  }
  EXPECT_TRUE(framed);
  EXPECT_FALSE(connection(*probe, 0).closed);
  // A browser that opens now is greeted as connected.
  auto late = open_probe(gw.port, 1, 4);
  ASSERT_TRUE(late);
  ASSERT_TRUE(wait_until([&] { return connection(*late, 0).kept.size() >= 2; }, 5.0));
  const auto first = decoded(connection(*late, 0));
  ASSERT_TRUE(std::holds_alternative<viewer::Hello>(first.at(0)));
  EXPECT_TRUE(std::get<viewer::Hello>(first.at(0)).connected);
}

TEST_F(WebGateway, BadFlagsExitWithAClearMessage) {
  struct Case {
    std::vector<std::string> args;
    int code;
    std::string says;
  };
  const std::string empty_root = scratch("empty-root").string();
  std::filesystem::create_directories(empty_root);
  const std::vector<Case> cases = {
      {{}, 2, "--connect"},
      {{"--connect", "nonsense"}, 2, "nonsense"},
      {{"--connect", "127.0.0.1:99999"}, 2, "127.0.0.1:99999"},
      {{"--connect", "127.0.0.1:1", "--http-port", "70000"}, 2, "--http-port"},
      {{"--connect", "127.0.0.1:1", "--max-buffered-kib", "1"}, 2, "--max-buffered-kib"},
      {{"--connect", "127.0.0.1:1", "--no-such-flag"}, 2, "--no-such-flag"},
      {{"--connect", "127.0.0.1:1", "--web-root", empty_root + "/missing"}, 2, "--web-root"},
      {{"--connect", "127.0.0.1:1", "--http-port", "0", "--web-root", empty_root}, 1, "index.html"},
      {{"--connect", "127.0.0.1:1", "--http-port", "0", "--bind", "not-an-address", "--web-root",
        web_root()},
       1,
       "--bind"},
  };
  for (const Case& c : cases) {
    std::string out;
    const auto code = run_to_exit(kWeb, c.args, 10.0, &out);
    ASSERT_TRUE(code.has_value()) << out;
    EXPECT_EQ(*code, c.code) << (c.args.empty() ? "(no flags)" : c.args.back()) << ": " << out;
    EXPECT_NE(out.find(c.says), std::string::npos) << out;
  }
  std::string help;
  EXPECT_EQ(run_to_exit(kWeb, {"--help"}, 10.0, &help), 0);
  EXPECT_NE(help.find("--max-browsers"), std::string::npos) << help;
}

}  // namespace
}  // namespace spear::test
