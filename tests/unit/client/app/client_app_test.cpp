// spear-client as a user runs it: headless against a real (embedded) server, as a spectator
// pressing Tab, with reduced motion, and with a bad address. Needs an X display for the
// offscreen frames (ctest runs under xvfb-run).
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <SFML/Graphics/Image.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>

#include "scratch_files.hpp"

namespace {

namespace fs = std::filesystem;

struct Result {
  int exit_code = -1;
  std::string err;
};

const spear::test::ScratchDir scratch("spear_client_app");

std::string read_file(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Result run_client(const std::string& args, const std::string& tag) {
  const fs::path err = scratch(tag + ".stderr");
  const std::string cmd =
      std::string("'") + SPEAR_CLIENT_EXE + "' " + args + " >/dev/null 2>'" + err.string() + "'";
  const int status = std::system(cmd.c_str());
  Result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = read_file(err);
  return r;
}

// A number field of the flat stats JSON.
double json_number(const std::string& json, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex("\"" + key + "\": (-?[0-9.eE+-]+)"))) return -1;
  return std::stod(m[1]);
}

std::size_t json_array_size(const std::string& json, const std::string& key) {
  std::smatch m;
  if (!std::regex_search(json, m, std::regex("\"" + key + "\": \\[([^\\]]*)\\]"))) return 0;
  const std::string inner = m[1];
  if (inner.find_first_not_of(' ') == std::string::npos) return 0;
  return static_cast<std::size_t>(std::count(inner.begin(), inner.end(), ',')) + 1;
}

bool images_equal(const fs::path& a, const fs::path& b) {
  sf::Image ia, ib;
  if (!ia.loadFromFile(a.string()) || !ib.loadFromFile(b.string())) return false;
  if (ia.getSize() != ib.getSize()) return false;
  const auto n = static_cast<std::size_t>(ia.getSize().x) * ia.getSize().y * 4;
  return std::equal(ia.getPixelsPtr(), ia.getPixelsPtr() + n, ib.getPixelsPtr());
}

TEST(ClientApp, HeadlessPlayerSeesSnapshotsAndDrawsTheFigure) {
  const fs::path stats = scratch("player.json"), shot = scratch("player.png");
  const Result r = run_client(
      "--headless --duration 4 --autoplay --bots 1 --seed 11 --stats-json '" + stats.string() +
          "' --screenshot '" + shot.string() + "' --width 640 --height 360",
      "player");
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const std::string json = read_file(stats);
  EXPECT_GT(json_number(json, "snapshots_received"), 60) << json;  // 30 Hz for ~3.5 s
  EXPECT_GT(json_number(json, "bytes_in"), 1000) << json;
  EXPECT_GT(json_number(json, "frames"), 60) << json;
  EXPECT_GE(json_number(json, "frames_drawn"), 1) << json;
  EXPECT_GT(json_number(json, "inputs_sent"), 60) << json;
  EXPECT_GT(json_number(json, "own_distance"), 500) << json;  // the runner ran
  EXPECT_LT(json_number(json, "snapshot_loss"), 0.05) << json;
  EXPECT_GE(json_array_size(json, "runners_seen"), 2u) << json;  // own runner and the bot
  EXPECT_GT(json_number(json, "interp_delay_mean_ms"), 30) << json;
  EXPECT_LT(json_number(json, "interp_delay_mean_ms"), 250) << json;
  // The figure was drawn: the frame has more than a flat background's colours, and the area
  // around the followed runner (30% across, above the ground line at 80% down) has dark ink.
  sf::Image img;
  ASSERT_TRUE(img.loadFromFile(shot.string()));
  ASSERT_EQ(img.getSize(), sf::Vector2u(640, 360));
  int dark = 0;
  for (unsigned y = 360 * 35 / 100; y < 360 * 80 / 100; ++y)
    for (unsigned x = 640 * 20 / 100; x < 640 * 40 / 100; ++x) {
      const sf::Color c = img.getPixel(x, y);
      if (c.r + c.g + c.b < 200) ++dark;
    }
  EXPECT_GT(dark, 100) << "no figure ink near the runner's place";
}

TEST(ClientApp, SpectatorTabSwitchesTheFollowedRunner) {
  const fs::path with_tab = scratch("tab.json"), without = scratch("notab.json");
  const Result a =
      run_client("--headless --spectate --bots 3 --duration 3 --script 1.5:Tab --stats-json '" +
                     with_tab.string() + "'",
                 "tab");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_EQ(json_array_size(read_file(with_tab), "followed_runners"), 2u) << read_file(with_tab);
  const Result b = run_client(
      "--headless --spectate --bots 3 --duration 2 --stats-json '" + without.string() + "'",
      "notab");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_EQ(json_array_size(read_file(without), "followed_runners"), 1u) << read_file(without);
}

TEST(ClientApp, ReducedMotionStartGivesIdenticalConsecutiveFrames) {
  const fs::path still = scratch("still.png"), moving = scratch("moving.png");
  const Result a = run_client(
      "--headless --reduced-motion --bots 1 --duration 2 --width 480 --height 270 --screenshot '" +
          still.string() + "' --screenshot-frames 2",
      "still");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  EXPECT_TRUE(images_equal(still, scratch("still-2.png")));
  // Without it the figure runs: consecutive frames differ (the comparison can fail).
  const Result b =
      run_client("--headless --bots 1 --duration 2 --width 480 --height 270 --screenshot '" +
                     moving.string() + "' --screenshot-frames 2",
                 "moving");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_FALSE(images_equal(moving, scratch("moving-2.png")));
}

// A local game in a 480×270 window at 30 Hz (`flags` added) saving its last `frames` frames to
// scratch(tag + ".png"), FILE-2.png, ...
Result window_strip(const std::string& flags, int frames, const std::string& tag) {
  return run_client("--mute --bots 1 --frame-rate 30 --width 480 --height 270 --no-best-runs " +
                        flags + " --screenshot '" + scratch(tag + ".png").string() +
                        "' --screenshot-frames " + std::to_string(frames),
                    tag);
}

// A window (under Xvfb in the tests) saves its own last frames: consecutive, the figure
// running, each the window's size; reduced motion keeps them equal (the comparison can fail).
TEST(ClientApp, AWindowSavesItsLastFramesAsAStrip) {
  const fs::path moving = scratch("window-moving.png"), still = scratch("window-still.png");
  const Result a = window_strip("--duration 3 --start-countdown 0", 3, "window-moving");
  ASSERT_EQ(a.exit_code, 0) << a.err;
  sf::Image img;
  ASSERT_TRUE(img.loadFromFile(scratch("window-moving-3.png").string()));
  EXPECT_EQ(img.getSize(), sf::Vector2u(480, 270));
  EXPECT_FALSE(fs::exists(scratch("window-moving-4.png")));
  EXPECT_FALSE(images_equal(moving, scratch("window-moving-2.png")));
  EXPECT_FALSE(images_equal(scratch("window-moving-2.png"), scratch("window-moving-3.png")));
  const Result b = window_strip("--reduced-motion --duration 2", 2, "window-still");
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_TRUE(images_equal(still, scratch("window-still-2.png")));
}

TEST(ClientApp, BadAddressExitsNonZeroWithAClearMessage) {
  const Result r =
      run_client("--headless --duration 20 --connect no-such-host.invalid:27600", "bad");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("bad server address"), std::string::npos) << r.err;
  const Result port = run_client("--headless --duration 20 --connect 127.0.0.1:99999", "badport");
  EXPECT_NE(port.exit_code, 0);
  EXPECT_NE(port.err.find("bad server address"), std::string::npos) << port.err;
}

TEST(ClientApp, SilentServerExitsNonZeroAfterTheTimeout) {
  // A loopback port where no server listens: the handshake gets no answer.
  const Result r = run_client("--headless --duration 20 --connect 127.0.0.1:9", "silent");
  EXPECT_NE(r.exit_code, 0);
  EXPECT_NE(r.err.find("no answer"), std::string::npos) << r.err;
}

TEST(ClientApp, BadFlagsAreRefused) {
  EXPECT_NE(run_client("--headless", "noduration").exit_code, 0);
  const Result s = run_client("--headless --duration 1 --script 2:Hyper", "badscript");
  EXPECT_NE(s.exit_code, 0);
  EXPECT_NE(s.err.find("Hyper"), std::string::npos) << s.err;
  // A window's strip is its last frames: without --duration it has no end to count back from.
  const Result w = run_client("--screenshot '" + scratch("window.png").string() + "'", "shot");
  EXPECT_EQ(w.exit_code, 2);
  EXPECT_NE(w.err.find("--screenshot in a window needs --duration"), std::string::npos) << w.err;
  const Result f = run_client("--headless --duration 1 --screenshot-frames 3", "frames");
  EXPECT_EQ(f.exit_code, 2);
  EXPECT_NE(f.err.find("--screenshot-frames needs --screenshot"), std::string::npos) << f.err;
}

// A window or screenshot too small for a legible HUD (under 320×180) is refused with the reason,
// before anything starts; the smallest accepted one draws.
TEST(ClientApp, SizesTooSmallForTheHudAreRefused) {
  for (const char* size : {"--width 240 --height 160", "--width 160 --height 120",
                           "--width 319 --height 180", "--width 320 --height 179"}) {
    const Result r = run_client(std::string("--headless --duration 1 ") + size, "small");
    EXPECT_EQ(r.exit_code, 2) << size;
    EXPECT_NE(r.err.find("the HUD cannot be drawn legibly"), std::string::npos)
        << size << ": " << r.err;
  }
  const fs::path shot = scratch("smallest.png");
  const Result ok = run_client(
      "--headless --bots 1 --duration 1 --width 320 --height 180 "
      "--screenshot '" +
          shot.string() + "'",
      "smallest");
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  sf::Image img;
  ASSERT_TRUE(img.loadFromFile(shot.string()));
  EXPECT_EQ(img.getSize(), sf::Vector2u(320, 180));
}

}  // namespace
