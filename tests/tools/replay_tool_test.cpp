// spear-server --record-dir and spear-replay, the real executables: a recorded headless race
// verifies; a flipped input byte, a cut file and a foreign file are caught; info shows the
// roster and the result; a bad --record-dir refuses to start.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "process_runner.hpp"
#include "scratch_files.hpp"

namespace spear::test {
namespace {

const ScratchDir scratch("spear_replay_tool");

std::string replay_tool(const std::string& args) {
  return std::string(SPEAR_REPLAY_PATH) + " " + args;
}

void write_bytes(const std::filesystem::path& p, const std::vector<std::uint8_t>& b) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(b.data()), static_cast<std::streamsize>(b.size()));
}

// One race of 4 bots, recorded once for every test here: no warm-up, the 3-2-1 (180 ticks at
// 60 Hz) and 60 seconds of race, 3780 ticks. Its --record-dir does not exist yet: the server
// makes it.
const std::filesystem::path& recorded_race() {
  static const std::filesystem::path file = [] {
    const std::filesystem::path dir = scratch("records") / "not-made-yet";
    std::filesystem::remove_all(dir);
    const ProcessResult r =
        run_process(std::string(SPEAR_SERVER_PATH) +
                    " --headless --fast --races 1 --warmup-seconds 0 --race-seconds 60 "
                    "--results-seconds 1 --bots 4 --port 0 "
                    "--record-dir " +
                    dir.string());
    EXPECT_EQ(r.exit_code, 0) << r.output;
    std::filesystem::path found;
    for (const auto& e : std::filesystem::directory_iterator(dir)) {
      if (e.path().extension() == ".sprp") found = e.path();
    }
    return found;
  }();
  return file;
}

TEST(ReplayTool, ARecordedHeadlessRaceVerifies) {
  ASSERT_FALSE(recorded_race().empty()) << "no .sprp file written";
  const ProcessResult r = run_process(replay_tool("verify " + recorded_race().string()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_NE(r.output.find("63 checkpoints match over 3780 ticks"), std::string::npos) << r.output;
}

TEST(ReplayTool, InfoPrintsTheRosterAndTheResult) {
  const ProcessResult r = run_process(replay_tool("info " + recorded_race().string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(r.output);
  EXPECT_EQ(j["seed"], 1);
  EXPECT_EQ(j["first_tick"], 0);
  EXPECT_EQ(j["end_tick"], 3780);
  ASSERT_EQ(j["runners"].size(), 4u);
  for (const auto& runner : j["runners"]) {
    EXPECT_TRUE(runner["bot"].get<bool>());
    EXPECT_FALSE(runner["name"].get<std::string>().empty());
    EXPECT_GT(runner["inputs"].get<int>(), 10);
  }
  ASSERT_EQ(j["result"]["results"].size(), 4u);
  EXPECT_EQ(j["result"]["results"][0]["place"], 1);
  EXPECT_GE(j["result"]["results"][0]["score"].get<int>(),
            j["result"]["results"][3]["score"].get<int>());
  EXPECT_LT(j["size"]["bytes_per_runner_minute"].get<double>(), 1024.0);
}

TEST(ReplayTool, AFlippedInputByteIsCaught) {
  // The runners' packed inputs fill most of the file. Each of 48 bytes from a quarter in is
  // flipped in turn: the file is refused (exit 2) or re-simulates to another state (exit 1
  // naming the tick); never a crash, and almost never a file that still verifies.
  const std::vector<std::uint8_t> bytes = file_bytes(recorded_race());
  const auto bad = scratch("flipped.sprp");
  int verified_failures = 0, refusals = 0;
  for (std::size_t i = bytes.size() / 4; i < bytes.size() / 4 + 48; ++i) {
    std::vector<std::uint8_t> b = bytes;
    b[i] ^= 0x01;
    write_bytes(bad, b);
    const ProcessResult r = run_process(replay_tool("verify " + bad.string()));
    ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 1 || r.exit_code == 2) << r.output;
    if (r.exit_code == 1) {
      EXPECT_NE(r.output.find("the state differs at tick"), std::string::npos) << r.output;
      ++verified_failures;
    }
    if (r.exit_code == 2) {
      EXPECT_NE(r.output.find("spear-replay: "), std::string::npos) << r.output;
      ++refusals;
    }
  }
  EXPECT_GT(verified_failures, 0);
  EXPECT_GT(verified_failures + refusals, 24);
}

TEST(ReplayTool, ACutFileIsRefused) {
  std::vector<std::uint8_t> b = file_bytes(recorded_race());
  b.resize(b.size() - 100);
  const auto cut = scratch("cut.sprp");
  write_bytes(cut, b);
  for (const char* cmd : {"verify ", "info "}) {
    const ProcessResult r = run_process(replay_tool(cmd + cut.string()));
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("damaged replay file"), std::string::npos) << r.output;
  }
}

TEST(ReplayTool, AForeignFileIsRefused) {
  const auto foreign = scratch("summary.json");
  std::ofstream(foreign) << "{\"seed\": 1, \"runners\": []}\n";
  const ProcessResult r = run_process(replay_tool("verify " + foreign.string()));
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("not a replay file"), std::string::npos) << r.output;
  const ProcessResult missing = run_process(replay_tool("info " + scratch("none.sprp").string()));
  EXPECT_EQ(missing.exit_code, 2) << missing.output;
}

TEST(ReplayTool, BadUsageExits2) {
  for (const char* args : {"", "verify", "play x", "verify a b"}) {
    const ProcessResult r = run_process(replay_tool(args));
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.output;
  }
}

TEST(ReplayTool, TheServerRefusesARecordDirItCannotUse) {
  const auto file = scratch("not-a-dir");
  std::ofstream(file) << "x";
  // A file where the directory should be, or where one of its parents should be.
  for (const std::string& dir : {file.string(), (file / "replays").string()}) {
    const ProcessResult r = run_process(std::string(SPEAR_SERVER_PATH) +
                                        " --headless --fast --duration 1 --record-dir " + dir);
    EXPECT_EQ(r.exit_code, 2) << r.output;
    EXPECT_NE(r.output.find("--record-dir"), std::string::npos) << r.output;
  }
}

#ifdef SPEAR_CLIENT_PATH
std::string client(const std::string& args) { return std::string(SPEAR_CLIENT_PATH) + " " + args; }

// The frame trace's lines as JSON objects.
std::vector<nlohmann::json> trace_lines(const std::filesystem::path& file) {
  std::vector<nlohmann::json> out;
  std::istringstream in(file_text(file));
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) out.push_back(nlohmann::json::parse(line));
  return out;
}

TEST(ReplayTool, TheClientPlaysAReplayHeadlessAtFourTimesItsSpeed) {
  const auto stats = scratch("client_replay.json");
  const ProcessResult r =
      run_process(client("--replay " + recorded_race().string() +
                         " --headless --duration 5 --speed 4 --stats-json " + stats.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const auto j = nlohmann::json::parse(file_text(stats));
  EXPECT_EQ(j["tick"], 1200);  // 5 s at 4x: 20 s of race
  EXPECT_EQ(j["runners"], 4);
  EXPECT_EQ(j["matches_checkpoint"], true);
  const ProcessResult bad =
      run_process(client("--replay " + stats.string() + " --headless --duration 1"));
  EXPECT_EQ(bad.exit_code, 2) << bad.output;
  const ProcessResult both =
      run_process(client("--replay " + recorded_race().string() + " --connect 127.0.0.1:1"));
  EXPECT_EQ(both.exit_code, 2) << both.output;
}

TEST(ReplayTool, TheClientPausesSeeksBackAndDrawsTheReplay) {
  // At 4x: paused at 2 s of viewing (8 s of race), 5 s of race back at 3 s (to the go, 3 s in),
  // playing again from 4 s: the view holds while paused, goes back with the seek, and the last
  // frames are drawn.
  const auto trace = scratch("replay_trace.jsonl");
  const auto shot = scratch("replay_shot.png");
  const auto stats = scratch("replay_keys.json");
  const ProcessResult r = run_process(
      client("--replay " + recorded_race().string() +
             " --headless --duration 6 --speed 4 --script 2:Space,3:Left,4:Space --frame-trace " +
             trace.string() + " --screenshot " + shot.string() +
             " --screenshot-frames 3 --stats-json " + stats.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::vector<nlohmann::json> frames = trace_lines(trace);
  ASSERT_EQ(frames.size(), 360u);
  double at_pause = 0.0, before_seek = 0.0, after_seek = 0.0;
  for (const auto& f : frames) {
    const double t = f["t"].get<double>();
    const double x = f["camera_x"].get<double>();
    const bool paused = f["paused"].get<bool>();
    if (t > 2.05 && t < 3.95) {
      EXPECT_TRUE(paused) << t;
    }
    if (t < 1.95 || t > 4.05) {
      EXPECT_FALSE(paused) << t;
    }
    if (t > 1.99 && t < 2.01) at_pause = x;
    if (t > 2.9 && t < 2.95) before_seek = x;
    if (t > 3.05 && t < 3.1) after_seek = x;
  }
  EXPECT_GT(at_pause, 200.0);
  EXPECT_EQ(before_seek, at_pause);  // held while paused
  EXPECT_LT(after_seek, 10.0);       // back at the start line
  const auto j = nlohmann::json::parse(file_text(stats));
  EXPECT_NEAR(j["tick"].get<double>(), 180.0 + 480.0, 8.0);  // 2 s at 4x after the seek
  for (const char* name : {"replay_shot.png", "replay_shot-2.png", "replay_shot-3.png"})
    EXPECT_GT(std::filesystem::file_size(scratch(name)), 10000u) << name;
}

TEST(ReplayTool, TheClientRacesTheWinnerAsAGhost) {
  // A local game on the replay's course, the winner raced from its go as the own run starts.
  const auto trace = scratch("ghost_trace.jsonl");
  const ProcessResult r =
      run_process(client("--ghost " + recorded_race().string() +
                         " --headless --duration 6 --autoplay --frame-trace " + trace.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::vector<nlohmann::json> frames = trace_lines(trace);
  ASSERT_GT(frames.size(), 200u);
  double furthest = 0.0;
  int drawn = 0;
  for (const auto& f : frames) {
    if (f["ghost"].is_null()) continue;
    ++drawn;
    furthest = std::max(furthest, f["ghost"].get<double>());
  }
  EXPECT_GT(drawn, 200);
  EXPECT_GT(furthest, 50.0);  // metres: seconds into its race
  // Refused: online, with a replay, on another course, without a usable file.
  for (const std::string& args :
       {"--ghost " + recorded_race().string() + " --connect 127.0.0.1:1",
        "--ghost " + recorded_race().string() + " --replay " + recorded_race().string(),
        "--ghost " + recorded_race().string() + " --seed 999 --headless --duration 1",
        "--ghost " + scratch("none.sprp").string() + " --headless --duration 1"}) {
    const ProcessResult bad = run_process(client(args));
    EXPECT_EQ(bad.exit_code, 2) << args << ": " << bad.output;
    EXPECT_NE(bad.output.find("--"), std::string::npos) << bad.output;
  }
}

// The own runner's runs in a frame trace: each from a frame running near the start to the
// first falling frame (the distance there, m), with the ghost's distances (m) while it ran and
// how far it got (its fall slides on).
struct TracedRun {
  double crash_m = -1.0;  // -1: it did not crash in the trace
  double reach_m = 0.0;
  std::vector<double> ghost_m;
  std::size_t frames = 0;
};
std::vector<TracedRun> traced_runs(const std::vector<nlohmann::json>& frames) {
  std::vector<TracedRun> runs;
  bool open = false;
  for (const auto& f : frames) {
    const std::string mode = f["mode"];
    const double d = f["distance"];
    if (!open && mode == "running" && d < 30.0) {
      runs.emplace_back();
      open = true;
    }
    if (!runs.empty()) runs.back().reach_m = std::max(runs.back().reach_m, d);
    if (!open) continue;
    if (mode == "falling") {
      runs.back().crash_m = d;
      open = false;
      continue;
    }
    ++runs.back().frames;
    if (!f["ghost"].is_null()) runs.back().ghost_m.push_back(f["ghost"]);
  }
  return runs;
}

TEST(ReplayTool, TheClientKeepsTheBestRunOnACourseAndRacesItAsAGhost) {
  // A clumsy autopilot on course 3 crashes every few seconds: from its second run on it races
  // the best of its earlier runs, and the best one is kept in the directory as a replay.
  const auto dir = scratch("best_runs");
  const auto trace = scratch("best_runs_1.jsonl");
  const ProcessResult r = run_process(
      client("--headless --duration 20 --seed 3 --autoplay --autoplay-skill 0.2 --ghost-dir " +
             dir.string() + " --frame-trace " + trace.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::vector<TracedRun> runs = traced_runs(trace_lines(trace));
  ASSERT_GE(runs.size(), 3u);
  ASSERT_GE(runs[1].crash_m, 0.0) << "two runs should end in a crash";
  EXPECT_TRUE(runs[0].ghost_m.empty()) << "no best run on a fresh directory";
  double best = 0.0, reach = 0.0;
  for (std::size_t k = 0; k < runs.size(); ++k) {
    if (k > 0) {
      // Raced against the best run before it: there from the start, never further than it went;
      EXPECT_GT(runs[k].ghost_m.size(), runs[k].frames * 9 / 10) << "run " << k;
      for (const double g : runs[k].ghost_m) EXPECT_LE(g, reach + 1.0) << "run " << k;
      // The best run so far, not an older one: beside the own runner until it fell.
      if (!runs[k].ghost_m.empty()) {
        EXPECT_GT(*std::max_element(runs[k].ghost_m.begin(), runs[k].ghost_m.end()),
                  std::min(best, runs[k].reach_m) - 10.0)
            << "run " << k;
      }
    }
    if (runs[k].crash_m >= 0.0) {
      best = std::max(best, runs[k].crash_m);
      reach = std::max(reach, runs[k].reach_m);
    }
  }
  // The kept run: a replay of its own that verifies, whose result is the best run.
  const auto kept = dir / "best-seed-3.sprp";
  ASSERT_TRUE(std::filesystem::exists(kept));
  EXPECT_EQ(run_process(replay_tool("verify " + kept.string())).exit_code, 0);
  const ProcessResult info = run_process(replay_tool("info " + kept.string()));
  ASSERT_EQ(info.exit_code, 0) << info.output;
  const auto j = nlohmann::json::parse(info.output.substr(info.output.find('{')));
  ASSERT_EQ(j["result"]["results"].size(), 1u);
  // The furthest run: a crashed one, or the one under way when the game ended (as far as the
  // server had it then: the drawn own runner is predicted a little ahead).
  const bool open_at_end = runs.back().crash_m < 0.0;
  const double kept_m = j["result"]["results"][0]["distance_m"].get<double>();
  if (open_at_end && runs.back().reach_m > best) {
    EXPECT_NEAR(kept_m, runs.back().reach_m, 8.0);
    EXPECT_EQ(j["result"]["results"][0]["crashes"], 0);
  } else {
    EXPECT_NEAR(kept_m, best, 3.0);
  }
  EXPECT_EQ(j["result"]["results"][0]["name"], "runner");

  // The next game on that course races it from its first run, side by side at the start.
  const auto trace2 = scratch("best_runs_2.jsonl");
  const ProcessResult again =
      run_process(client("--headless --duration 5 --seed 3 --autoplay --ghost-dir " + dir.string() +
                         " --frame-trace " + trace2.string()));
  ASSERT_EQ(again.exit_code, 0) << again.output;
  int beside = 0;
  for (const auto& f : trace_lines(trace2)) {
    if (f["t"].get<double>() < 1.0 || f["ghost"].is_null() || f["mode"] != "running") continue;
    if (f["ghost"].get<double>() > best - 5.0) break;  // near its end: it fell there
    EXPECT_NEAR(f["ghost"].get<double>(), f["distance"].get<double>(), 3.0) << f.dump();
    ++beside;
  }
  EXPECT_GT(beside, 60);

  // A damaged best-run file is a warning: the game goes on without it.
  write_bytes(dir / "best-seed-5.sprp", {1, 2, 3, 4, 5});
  const ProcessResult damaged =
      run_process(client("--headless --duration 1 --seed 5 --ghost-dir " + dir.string()));
  EXPECT_EQ(damaged.exit_code, 0) << damaged.output;
  EXPECT_NE(damaged.output.find("warning"), std::string::npos) << damaged.output;
  EXPECT_NE(damaged.output.find("best-seed-5.sprp"), std::string::npos) << damaged.output;
  // A directory that cannot be made is a warning too; --ghost-dir online or with
  // --no-best-runs is refused.
  const ProcessResult unusable =
      run_process(client("--headless --duration 1 --seed 5 --ghost-dir " + kept.string() + "/x"));
  EXPECT_EQ(unusable.exit_code, 0) << unusable.output;
  EXPECT_NE(unusable.output.find("best runs are not kept"), std::string::npos) << unusable.output;
  for (const std::string& args :
       {"--ghost-dir " + dir.string() + " --connect 127.0.0.1:1",
        "--ghost-dir " + dir.string() + " --no-best-runs --headless --duration 1"}) {
    const ProcessResult bad = run_process(client(args));
    EXPECT_EQ(bad.exit_code, 2) << args << ": " << bad.output;
    EXPECT_NE(bad.output.find("--ghost-dir"), std::string::npos) << bad.output;
  }
}

TEST(ReplayTool, TheClientShowsAReplayInAWindow) {
  const auto trace = scratch("replay_window.jsonl");
  const ProcessResult r = run_process(
      client("--replay " + recorded_race().string() +
             " --duration 2 --speed 2 --width 480 --height 270 --frame-trace " + trace.string()));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  const std::vector<nlohmann::json> frames = trace_lines(trace);
  ASSERT_GT(frames.size(), 10u);
  for (std::size_t i = 1; i < frames.size(); ++i)
    EXPECT_GE(frames[i]["camera_x"].get<double>(), frames[i - 1]["camera_x"].get<double>());
}
#endif

}  // namespace
}  // namespace spear::test
