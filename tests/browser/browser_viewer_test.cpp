// The browser viewer end to end: spear-server with 8 bots, spear-web watching it, and headless
// Chromium on the page it serves. viewer_check.cjs (playwright-core) checks one part of the page a
// test and prints what it measured as JSON; the gateway is stopped, killed and restarted here
// when the script asks ("STEP ..." lines). Screenshots go to SPEAR_BROWSER_SHOTS_DIR. Without a
// Chromium the browser cases are skipped. Also the page's decoder test, run with node.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <functional>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include "support/child_process.hpp"

namespace spear::test {
namespace {

using nlohmann::json;

const std::string kServer = SPEAR_SERVER_BIN;
const std::string kGateway = SPEAR_WEB_BIN;
const std::string kNode = SPEAR_NODE_BIN;
const std::string kChromium = SPEAR_CHROMIUM_BIN;
const std::string kPlaywright = SPEAR_PLAYWRIGHT_DIR;
const std::string kScript = SPEAR_VIEWER_CHECK;
const std::string kDecodeTest = SPEAR_DECODE_TEST_JS;
const std::string kShots = SPEAR_BROWSER_SHOTS_DIR;

constexpr int kRunners = 8;
constexpr double kSnapshotRate = 30.0;  // the server's default, announced in Hello
constexpr double kPhaseTimeoutS = 75.0;

double now_s() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

bool have_browser() {
  return !kChromium.empty() && access(kChromium.c_str(), X_OK) == 0 &&
         std::filesystem::exists(kPlaywright);
}

// spear-server with bots and spear-web watching it, both on loopback on ports they choose (a
// restarted gateway takes the port the first one had). No warm-up: the race starts after the
// 3-2-1 and the runners leave the start line, where they stand one over another, within seconds
// (the drawing test waits for that).
class Race {
 public:
  Race() {
    server_ = std::make_unique<ChildProcess>(
        kServer, std::vector<std::string>{"--port", "0", "--bind", "127.0.0.1", "--bots",
                                          std::to_string(kRunners), "--warmup-seconds", "0"});
    const auto line = server_->wait_for_line("listening on udp", 15.0);
    if (line) udp_port_ = port_after(*line, "127.0.0.1:");
    if (udp_port_ != 0) start_gateway(0);
  }

  bool ready() const { return http_port_ != 0 && gateway_ != nullptr; }
  std::uint16_t http_port() const { return http_port_; }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(http_port_) + "/"; }

  // Starts spear-web on `http_port` (0: any); true once it serves the page.
  bool start_gateway(std::uint16_t http_port) {
    if (gateway_) old_logs_ += gateway_->output();
    gateway_ = std::make_unique<ChildProcess>(
        kGateway,
        std::vector<std::string>{"--connect", "127.0.0.1:" + std::to_string(udp_port_),
                                 "--http-port", std::to_string(http_port), "--bind", "127.0.0.1"});
    const auto line = gateway_->wait_for_line("serving the viewer on http://127.0.0.1:", 15.0);
    if (!line) return false;
    const std::uint16_t port = port_after(*line, "http://127.0.0.1:");
    if (http_port_ == 0) http_port_ = port;
    return port != 0 && port == http_port_;
  }

  // SIGTERM to the gateway; its exit code (nullopt: it did not exit in time).
  std::optional<int> stop_gateway() {
    gateway_->send_signal(SIGTERM);
    return gateway_->wait_exit(10.0);
  }

  void signal_gateway(int sig) { gateway_->send_signal(sig); }

  std::string logs() const {
    return "--- spear-server\n" + server_->output() + "--- spear-web\n" + old_logs_ +
           (gateway_ ? gateway_->output() : std::string());
  }

 private:
  std::unique_ptr<ChildProcess> server_;
  std::unique_ptr<ChildProcess> gateway_;
  std::uint16_t udp_port_ = 0;
  std::uint16_t http_port_ = 0;
  std::string old_logs_;
};

struct Phase {
  json r;              // the script's RESULT
  std::string output;  // everything the script printed
  double seconds = 0;
  bool finished = false;
};

// Runs viewer_check.cjs for one phase; `on_step` does what its STEP lines ask.
Phase run_phase(const std::string& phase, Race& race,
                const std::function<void(const std::string&)>& on_step = {}) {
  std::filesystem::create_directories(kShots);
  const double t0 = now_s();
  ChildProcess node(kNode, {kScript, "--playwright", kPlaywright, "--url", race.url(), "--phase",
                            phase, "--shots", kShots, "--chromium", kChromium, "--budget", "60"});
  Phase p;
  const double until = t0 + kPhaseTimeoutS;
  for (;;) {
    const auto line = node.wait_for_line("", until - now_s());
    if (!line) break;
    if (line->rfind("STEP ", 0) == 0) {
      if (on_step) on_step(line->substr(5));
    } else if (line->rfind("RESULT ", 0) == 0) {
      p.r = json::parse(line->substr(7), nullptr, false);
      p.finished = !p.r.is_discarded();
      break;
    }
  }
  node.wait_exit(15.0);
  p.output = node.output();
  p.seconds = now_s() - t0;
  std::printf("phase %s: %.1f s %s\n", phase.c_str(), p.seconds,
              p.finished && p.r.contains("timing") ? p.r["timing"].dump().c_str() : "");
  return p;
}

// The page's console errors, less those that are expected: while the gateway is down, the
// page's connection attempts fail.
std::vector<std::string> page_errors(const json& r, bool gateway_down = false) {
  std::vector<std::string> out;
  if (!r.contains("errors")) return out;
  for (const auto& e : r["errors"]) {
    const std::string text = e.value("text", "");
    const std::string url = e.value("url", "");
    if (gateway_down && (text.find("WebSocket connection to") != std::string::npos ||
                         text.find("ERR_CONNECTION_REFUSED") != std::string::npos))
      continue;
    out.push_back(text + (url.empty() ? "" : " (" + url + ")"));
  }
  return out;
}

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += x + "\n";
  return s;
}

double num(const json& j, const char* key) {
  return j.contains(key) && j[key].is_number() ? j[key].get<double>() : std::nan("");
}

struct Box {
  double x, y, w, h;
};

// What view.ts does: the view's aspect clamped to 4:3..21:9, centred, bars beyond.
Box letterbox(double w, double h) {
  const double aspect = std::clamp(w / h, 4.0 / 3.0, 21.0 / 9.0);
  double vw = w, vh = w / aspect;
  if (vh > h) {
    vh = h;
    vw = h * aspect;
  }
  return {std::round((w - vw) / 2), std::round((h - vh) / 2), std::round(vw), std::round(vh)};
}

#define SKIP_WITHOUT_BROWSER() \
  if (!have_browser())         \
  GTEST_SKIP() << "no Chromium (" << kChromium << ") or playwright-core (" << kPlaywright << ")"

// Common checks: the phase finished, the script did not fail, the race was live.
#define EXPECT_PHASE_RAN(p, race)                                                            \
  ASSERT_TRUE((p).finished) << (p).output << (race).logs();                                  \
  ASSERT_TRUE((p).r.value("ok", false)) << (p).r.value("failure", "") << "\n" << (p).output; \
  ASSERT_TRUE((p).r["live"].value("waited", false))                                          \
      << "never live: " << (p).r["live"].dump() << "\n"                                      \
      << (race).logs()

TEST(BrowserViewer, SnapshotsArriveAtTheAnnouncedRate) {
  SKIP_WITHOUT_BROWSER();
  Race race;
  ASSERT_TRUE(race.ready()) << race.logs();
  const Phase p = run_phase("stream", race);
  EXPECT_PHASE_RAN(p, race);
  const json& end = p.r["end"];
  EXPECT_EQ(end["state"], "live");
  EXPECT_EQ(end["snapshotRate"], kSnapshotRate);
  EXPECT_EQ(end["runners"], kRunners);
  EXPECT_EQ(end["dropped"], 0);
  EXPECT_EQ(end["reconnects"], 0);
  const double window = num(p.r["window"], "seconds");
  EXPECT_GE(window, 4.0);
  const double rate = num(p.r, "snapshotsPerSecond");
  EXPECT_GE(rate, 0.9 * kSnapshotRate) << p.r["window"].dump();
  EXPECT_LE(rate, 1.15 * kSnapshotRate) << p.r["window"].dump();
  // Drawing goes on (the software renderer on a busy machine is slow; the point is that it runs).
  EXPECT_GE(num(p.r, "framesPerSecond"), 5.0);
  EXPECT_GT(num(end, "delayMs"), 0.0);
  EXPECT_LE(num(end, "delayMs"), 500.0);
  const auto errors = page_errors(p.r);
  EXPECT_TRUE(errors.empty()) << joined(errors);
  std::printf("%.1f snapshots/s over %.2f s, %.1f frames/s, draw %.2f ms, delay %.0f ms; %s\n",
              rate, window, num(p.r, "framesPerSecond"), num(end, "frameMs"), num(end, "delayMs"),
              p.r.value("shot", "").c_str());
}

// With reduced motion and the gateway stopped the page holds the last frame; once the stream
// counts as lost it draws the same background without runners. Where drawn() puts a chest or a
// pelvis the held frame must show that runner (the followed one's ink, a rival's tint over the
// background), and the same points shifted sideways by a torso's width or more mostly must not.
TEST(BrowserViewer, RunnersAreDrawnWhereTheStreamSays) {
  SKIP_WITHOUT_BROWSER();
  Race race;
  ASSERT_TRUE(race.ready()) << race.logs();
  const Phase p = run_phase("drawn", race, [&](const std::string& step) {
    if (step == "stop-gateway") race.signal_gateway(SIGSTOP);
    if (step == "continue-gateway") race.signal_gateway(SIGCONT);
  });
  EXPECT_PHASE_RAN(p, race);
  ASSERT_TRUE(p.r.value("racing", false)) << "the runners never left the start line";
  ASSERT_TRUE(p.r.value("held", false)) << "the picture never held still";
  ASSERT_TRUE(p.r["lost"].value("waited", false)) << p.r["lost"].dump();
  const json& a = p.r["analysis"];
  ASSERT_TRUE(a.is_object()) << p.output;
  const json& runners = a["runners"];
  ASSERT_EQ(runners.size(), static_cast<std::size_t>(kRunners)) << runners.dump();

  int followed = 0;
  int own = 0, rival_points = 0, rival_own = 0;
  for (const auto& r : runners) {
    const std::string who = "runner " + r["id"].dump();
    const bool is_followed = r["followed"].get<bool>();
    if (is_followed) ++followed;
    for (const char* part : {"chest", "pelvis"}) {
      const json& probe = r[part];
      // Something is drawn there: at least a faded rival's tint over the background.
      EXPECT_GE(num(probe, "diff"), 10.0) << who << " " << part << ": " << probe.dump();
      const bool ok = probe["ok"].get<bool>();
      own += ok ? 1 : 0;
      if (is_followed) {
        // The followed runner is drawn last, opaque, in ink: always its own colour there.
        EXPECT_TRUE(ok) << who << " " << part << ": " << probe.dump();
      } else {
        ++rival_points;
        rival_own += ok ? 1 : 0;
      }
    }
  }
  EXPECT_EQ(followed, 1);
  // Rivals may hide behind one another or the followed runner: most show their own colour.
  EXPECT_GE(rival_own * 10, rival_points * 7) << runners.dump();

  // The same test on the points shifted sideways or diagonally by 25-60 px, as if the figures
  // were drawn off: it fails for most of them.
  int hits = 0, probes = 0;
  for (const auto& c : a["control"]) {
    hits += c["hit"].get<int>();
    probes += c["n"].get<int>();
    EXPECT_LT(c["hit"].get<int>() * 2, c["n"].get<int>()) << c.dump();
  }
  EXPECT_LT(hits * 10, probes * 2) << a["control"].dump();
  EXPECT_LT(num(a, "coverage"), 0.3);

  // The sky far from everyone: nothing drawn there, and not in a figure's colours.
  const json& sky = a["sky"];
  ASSERT_TRUE(sky.is_object()) << "no sky point far from the runners";
  EXPECT_LT(num(sky, "diff"), 3.0) << sky.dump();
  EXPECT_GT(num(sky, "inkDistance"), 40.0) << sky.dump();
  const auto errors = page_errors(p.r, true);
  EXPECT_TRUE(errors.empty()) << joined(errors);
  std::printf("points in their runner's colour: %d of %d; shifted: %d of %d; coverage %.3f\n", own,
              2 * kRunners, hits, probes, num(a, "coverage"));
  std::printf("shifted: %s\nsky: %s\n", a["control"].dump().c_str(), sky.dump().c_str());
}

TEST(BrowserViewer, TabAndScoreboardClicksSwitchTheFollowedRunner) {
  SKIP_WITHOUT_BROWSER();
  Race race;
  ASSERT_TRUE(race.ready()) << race.logs();
  const Phase p = run_phase("follow", race);
  EXPECT_PHASE_RAN(p, race);
  const auto ids = p.r["ids"].get<std::vector<int>>();
  ASSERT_EQ(ids.size(), static_cast<std::size_t>(kRunners)) << p.r["ids"].dump();
  const auto next_of = [&](const std::string& id) {
    for (std::size_t i = 0; i < ids.size(); ++i)
      if (std::to_string(ids[i]) == id) return std::to_string(ids[(i + 1) % ids.size()]);
    return std::string("?");
  };
  const std::string before = p.r["before"];
  EXPECT_EQ(before, std::to_string(ids.front())) << "the first runner is followed at first";
  EXPECT_EQ(p.r["afterTab"], next_of(before)) << "Tab: the next runner";
  EXPECT_EQ(p.r["afterShiftTab"], before) << "Shift+Tab: back";
  EXPECT_EQ(p.r["afterClick"], "3") << "a click on row 3";
  EXPECT_TRUE(p.r["rowFollowed"].get<bool>());
  EXPECT_EQ(p.r["hook"]["after"], next_of(p.r["hook"]["before"].get<std::string>()));
  // Runner 3 is the one in ink, at the anchor (30 % across the view).
  const json& view = p.r["view"];
  const json* three = nullptr;
  for (const auto& d : view["drawn"])
    if (d["followed"].get<bool>()) three = &d;
  ASSERT_NE(three, nullptr) << view.dump();
  EXPECT_EQ((*three)["id"], 3);
  EXPECT_NEAR((*three)["pelvis"][0].get<double>(), 0.3 * view["w"].get<double>(), 40.0);
  const auto errors = page_errors(p.r);
  EXPECT_TRUE(errors.empty()) << joined(errors);
  std::printf("followed %s → Tab %s → Shift+Tab %s → row 3 %s; label \"%s\"; %s\n", before.c_str(),
              p.r["afterTab"].get<std::string>().c_str(),
              p.r["afterShiftTab"].get<std::string>().c_str(),
              p.r["afterClick"].get<std::string>().c_str(), p.r.value("label", "").c_str(),
              p.r.value("shot", "").c_str());
}

TEST(BrowserViewer, LetterboxKeepsTheSceneAspectInWideAndTallWindows) {
  SKIP_WITHOUT_BROWSER();
  Race race;
  ASSERT_TRUE(race.ready()) << race.logs();
  const Phase p = run_phase("letterbox", race);
  EXPECT_PHASE_RAN(p, race);
  ASSERT_EQ(p.r["views"].size(), 3u);
  std::vector<double> torso_units;
  for (const auto& v : p.r["views"]) {
    const double w = v["window"][0], h = v["window"][1];
    const std::string at = v["window"].dump();
    // The canvas fills the window.
    EXPECT_EQ(v["canvas"][0], w) << at;
    EXPECT_EQ(v["canvas"][1], h) << at;
    EXPECT_EQ(v["canvasCss"][0], w) << at;
    EXPECT_EQ(v["canvasCss"][1], h) << at;
    // The scene (what is not bar colour) is the letterboxed area, at the clamped aspect.
    const Box want = letterbox(w, h);
    const json& s = v["scene"];
    EXPECT_NEAR(s["x"].get<double>(), want.x, 1.0) << at << s.dump();
    EXPECT_NEAR(s["y"].get<double>(), want.y, 1.0) << at << s.dump();
    EXPECT_NEAR(s["w"].get<double>(), want.w, 1.0) << at << s.dump();
    EXPECT_NEAR(s["h"].get<double>(), want.h, 1.0) << at << s.dump();
    const double aspect = s["w"].get<double>() / s["h"].get<double>();
    EXPECT_NEAR(aspect, std::clamp(w / h, 4.0 / 3.0, 21.0 / 9.0), 0.01) << at;
    // The HUD sits over the same area.
    ASSERT_TRUE(v["hud"].is_object()) << at;
    EXPECT_NEAR(v["hud"]["x"].get<double>(), want.x, 1.0) << at;
    EXPECT_NEAR(v["hud"]["y"].get<double>(), want.y, 1.0) << at;
    EXPECT_NEAR(v["hud"]["w"].get<double>(), want.w, 1.0) << at;
    EXPECT_NEAR(v["hud"]["h"].get<double>(), want.h, 1.0) << at;
    // Runners: the followed one inside the scene at its anchor, feet on the ground line; every
    // runner whose pelvis is in the scene drawn inside the canvas.
    const double scale = want.h / 440.0;
    const double ground = want.y + 0.8 * want.h;
    int followed = 0;
    // (A narrow view leaves out runners far ahead or behind: not every runner is drawn.)
    ASSERT_FALSE(v["drawn"].empty()) << at;
    for (const auto& d : v["drawn"]) {
      const double px = d["pelvis"][0];
      const bool in_scene = px >= want.x && px <= want.x + want.w;
      for (const char* part : {"chest", "head", "pelvis", "footNear"}) {
        const double x = d[part][0], y = d[part][1];
        if (d["followed"].get<bool>()) {
          EXPECT_GE(x, want.x) << at << d.dump();
          EXPECT_LE(x, want.x + want.w) << at << d.dump();
          EXPECT_GE(y, want.y) << at << d.dump();
          EXPECT_LE(y, want.y + want.h) << at << d.dump();
        } else if (in_scene) {
          EXPECT_GE(x, 0.0) << at << d.dump();
          EXPECT_LE(x, w) << at << d.dump();
          EXPECT_GE(y, want.y) << at << d.dump();
          EXPECT_LE(y, want.y + want.h) << at << d.dump();
        }
      }
      if (!d["followed"].get<bool>()) continue;
      ++followed;
      EXPECT_NEAR(px, want.x + 0.3 * want.w, 40.0 * scale) << at << d.dump();
      EXPECT_LE(d["footNear"][1].get<double>(), ground + 3.0) << at << d.dump();
      const double dx = d["chest"][0].get<double>() - px;
      const double dy = d["chest"][1].get<double>() - d["pelvis"][1].get<double>();
      torso_units.push_back(std::hypot(dx, dy) / scale);
    }
    EXPECT_EQ(followed, 1) << at;
  }
  // The figure keeps its proportions in every window (the same torso length in view units).
  ASSERT_EQ(torso_units.size(), 3u);
  for (const double t : torso_units) EXPECT_NEAR(t, torso_units[2], 0.1 * torso_units[2]);
  const auto errors = page_errors(p.r);
  EXPECT_TRUE(errors.empty()) << joined(errors);
  std::printf("torso %.1f / %.1f / %.1f units\n", torso_units[0], torso_units[1], torso_units[2]);
}

TEST(BrowserViewer, ReducedMotionLoadsDrawsAndCutsBetweenRunners) {
  SKIP_WITHOUT_BROWSER();
  Race race;
  ASSERT_TRUE(race.ready()) << race.logs();
  const Phase p = run_phase("reduced-motion", race);
  EXPECT_PHASE_RAN(p, race);
  EXPECT_TRUE(p.r["matches"].get<bool>()) << "the browser did not report reduced motion";
  const json& end = p.r["end"];
  EXPECT_EQ(end["state"], "live");
  EXPECT_EQ(end["runners"], kRunners);
  EXPECT_EQ(end["dropped"], 0);
  EXPECT_GE(num(p.r, "framesPerSecond"), 3.0);
  // The first frame after a switch shows the new runner at the anchor: no glide.
  const json& cut = p.r["cut"];
  ASSERT_TRUE(cut["drawn"].is_object()) << cut.dump();
  EXPECT_EQ(cut["drawn"]["id"].dump(), cut["followed"].get<std::string>());
  EXPECT_NE(cut["followed"], end["followed"]);
  EXPECT_NEAR(cut["drawn"]["pelvis"][0].get<double>(), 0.3 * cut["w"].get<double>(), 40.0)
      << cut.dump();
  const auto errors = page_errors(p.r);
  EXPECT_TRUE(errors.empty()) << joined(errors);
}

TEST(BrowserViewer, HiddenTabStopsDrawingAndResumes) {
  SKIP_WITHOUT_BROWSER();
  Race race;
  ASSERT_TRUE(race.ready()) << race.logs();
  const Phase p = run_phase("hidden", race);
  EXPECT_PHASE_RAN(p, race);
  const json& hidden = p.r["whileHidden"];
  EXPECT_GE(num(hidden, "seconds"), 1.4);
  EXPECT_EQ(hidden["frames"], 0) << hidden.dump();
  const json& shown = p.r["afterShown"];
  EXPECT_TRUE(shown["waited"].get<bool>()) << shown.dump();
  EXPECT_GE(shown["frames"].get<int>(), 20) << shown.dump();
  EXPECT_EQ(shown["runners"], kRunners) << shown.dump();
  EXPECT_EQ(shown["state"], "live");
  const auto errors = page_errors(p.r);
  EXPECT_TRUE(errors.empty()) << joined(errors);
}

TEST(BrowserViewer, ReconnectsByItselfWhenTheGatewayComesBack) {
  SKIP_WITHOUT_BROWSER();
  Race race;
  ASSERT_TRUE(race.ready()) << race.logs();
  const std::uint16_t port = race.http_port();
  std::optional<int> stop_code;
  bool restarted = false;
  const Phase p = run_phase("reconnect", race, [&](const std::string& step) {
    if (step == "kill-gateway") stop_code = race.stop_gateway();
    if (step == "restart-gateway") restarted = race.start_gateway(port);
  });
  EXPECT_PHASE_RAN(p, race);
  EXPECT_EQ(stop_code, 0) << "spear-web on SIGTERM\n" << race.logs();
  ASSERT_TRUE(restarted) << "spear-web did not come back on port " << port << "\n" << race.logs();
  EXPECT_EQ(race.http_port(), port);
  // Lost: said so on the page.
  EXPECT_TRUE(p.r["lost"]["waited"].get<bool>()) << p.r["lost"].dump();
  ASSERT_TRUE(p.r["overlay"].is_object());
  EXPECT_TRUE(p.r["overlay"]["visible"].get<bool>());
  EXPECT_NE(p.r["overlay"]["text"].get<std::string>().find("stream lost"), std::string::npos)
      << p.r["overlay"].dump();
  // Back by itself, the stream flowing again, the message gone.
  const json& back = p.r["back"];
  EXPECT_TRUE(back["waited"].get<bool>()) << back.dump();
  EXPECT_EQ(back["state"], "live");
  EXPECT_GE(back["reconnects"].get<int>(), 1);
  const json& after = p.r["afterBack"];
  EXPECT_GE(num(after, "snapshots"), 0.6 * kSnapshotRate * num(after, "seconds")) << after.dump();
  EXPECT_EQ(after["runners"], kRunners);
  EXPECT_FALSE(p.r["overlayAfter"].get<bool>());
  const auto errors = page_errors(p.r, true);
  EXPECT_TRUE(errors.empty()) << joined(errors);
  std::printf("console while the gateway was down: %s\n", p.r["errors"].dump().c_str());
  std::printf("lost: \"%s\"; back after %d reconnect(s); %s, %s\n",
              p.r["overlay"]["text"].get<std::string>().c_str(), back["reconnects"].get<int>(),
              p.r.value("lostShot", "").c_str(), p.r.value("backShot", "").c_str());
}

// src/decode.ts under node (web/page/test/decode_test.ts): valid messages decode, garbage,
// truncations, a wrong identifier, 28 joints, huge lengths and NaN are dropped.
TEST(ViewerDecode, ValidMessagesDecodeAndBadOnesAreDropped) {
  ASSERT_TRUE(std::filesystem::exists(kDecodeTest)) << kDecodeTest;
  std::string out;
  const auto code = run_to_exit(kNode, {kDecodeTest}, 120.0, &out);
  ASSERT_TRUE(code.has_value()) << out;
  EXPECT_EQ(*code, 0) << out;
  std::smatch m;
  ASSERT_TRUE(std::regex_search(out, m, std::regex("decode_test: ([0-9]+) passed, 0 failed")))
      << out;
  EXPECT_GE(std::stoi(m[1]), 15) << out;
  EXPECT_EQ(out.find("FAIL"), std::string::npos) << out;
}

}  // namespace
}  // namespace spear::test
