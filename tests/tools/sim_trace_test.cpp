// spear-sim-trace, the real executable: its JSON lines, the events against the joints and
// obstacles it reports, --out, and bad input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "process_runner.hpp"
#include "rig/figure_shape.hpp"
#include "rig/pose.hpp"

namespace spear {
namespace {

using nlohmann::json;

std::string trace_command(const std::string& args) {
  return std::string(SPEAR_SIM_TRACE_PATH) + " " + args;
}

std::vector<json> lines_of(const std::string& output) {
  std::vector<json> out;
  std::istringstream in(output);
  std::string line;
  while (std::getline(in, line)) out.push_back(json::parse(line));  // throws on a bad line
  return out;
}

std::vector<json> run_trace(const std::string& args) {
  const test::ProcessResult r = test::run_process(trace_command(args));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  return lines_of(r.output);
}

double point_box_distance(double px, double py, double x0, double x1, double y0, double y1) {
  const double dx = std::max({x0 - px, 0.0, px - x1});
  const double dy = std::max({y0 - py, 0.0, py - y1});
  return std::hypot(dx, dy);
}

// Distance from the segment a–b to the box, sampled finely (a test, not the sim's geometry).
double segment_box_distance(const json& a, const json& b, const json& o) {
  const double y0 = o["top"].get<double>(), y1 = 0.0;
  double best = 1e9;
  for (int i = 0; i <= 64; ++i) {
    const double u = i / 64.0;
    const double x = a[0].get<double>() + (b[0].get<double>() - a[0].get<double>()) * u;
    const double y = a[1].get<double>() + (b[1].get<double>() - a[1].get<double>()) * u;
    best = std::min(best,
                    point_box_distance(x, y, o["x0"].get<double>(), o["x1"].get<double>(), y0, y1));
  }
  return best;
}

// How far the full-strength parts, drawn as straight hoses of their widest width, are from the
// obstacle (<= 0: they overlap it).
double full_strength_gap(const json& line, const json& o) {
  const json& j = line["joints"];
  const double limb_r = rig::kLimbRootWidth / 2.0, torso_r = rig::kTorsoChestWidth / 2.0;
  double gap = 1e9;
  gap = std::min(gap, segment_box_distance(j["pelvis"], j["chest"], o) - torso_r);
  gap = std::min(gap, segment_box_distance(j["head"], j["head"], o) - line["head_r"].get<double>());
  gap = std::min(gap, segment_box_distance(j["chest"], j["head"], o) - rig::kNeckWidth / 2.0);
  gap = std::min(gap, segment_box_distance(j["shoulder"], j["elbow_near"], o) - limb_r);
  gap = std::min(gap, segment_box_distance(j["elbow_near"], j["hand_near"], o) - limb_r);
  gap = std::min(gap, segment_box_distance(j["hip"], j["knee_near"], o) - limb_r);
  gap = std::min(gap, segment_box_distance(j["knee_near"], j["foot_near"], o) - limb_r);
  return gap;
}

const json* obstacle_in(const json& line, int id) {
  for (const json& o : line["obstacles"]) {
    if (o["id"].get<int>() == id) return &o;
  }
  return nullptr;
}

TEST(SimTrace, WritesOneCompleteObjectPerTick) {
  const std::vector<json> lines = run_trace("--seed 3 --seconds 4");
  ASSERT_EQ(lines.size(), 240u);
  for (std::size_t k = 0; k < lines.size(); ++k) {
    const json& l = lines[k];
    ASSERT_EQ(l["tick"].get<std::size_t>(), k);
    EXPECT_NEAR(l["t"].get<double>(), static_cast<double>(k) / 60.0, 1e-3);
    ASSERT_TRUE(l["x"].is_number());
    ASSERT_TRUE(l["mode"].is_string());
    ASSERT_EQ(l["joints"].size(), rig::kJointCount);
    for (std::size_t i = 0; i < rig::kJointCount; ++i) {
      const std::string name(rig::joint_name(static_cast<rig::Joint>(i)));
      ASSERT_TRUE(l["joints"].contains(name)) << name;
      ASSERT_EQ(l["joints"][name].size(), 2u);
    }
    // Course space: the pelvis is near the anchor, above the ground.
    EXPECT_NEAR(l["joints"]["pelvis"][0].get<double>(), l["x"].get<double>(), 40.0);
    EXPECT_LT(l["joints"]["pelvis"][1].get<double>(), 0.0);
    for (const json& o : l["obstacles"]) {
      EXPECT_TRUE(o["kind"] == "hurdle" || o["kind"] == "target");
      EXPECT_TRUE(o["state"] == "standing" || o["state"] == "toppled" || o["state"] == "broken");
      EXPECT_LT(o["x0"].get<double>(), o["x1"].get<double>());
      EXPECT_LT(o["top"].get<double>(), 0.0);
      EXPECT_LE(o["x0"].get<double>(), l["x"].get<double>() + 600.0);
      EXPECT_GE(o["x1"].get<double>(), l["x"].get<double>() - 600.0);
    }
    EXPECT_TRUE(l["events"].is_array());
  }
  EXPECT_EQ(lines.front()["mode"], "running");
}

TEST(SimTrace, NoInputCrashesIntoTheFirstHurdleWithAFullStrengthPartOnIt) {
  // Seed 3 starts with a hurdle (about 4 s of running in).
  const std::vector<json> lines = run_trace("--seed 3 --seconds 6");
  int crashes = 0;
  for (const json& l : lines) {
    for (const json& e : l["events"]) {
      if (e["type"] != "crash") continue;
      ++crashes;
      EXPECT_EQ(e["obstacle"].get<int>(), 0);
      const json* o = obstacle_in(l, 0);
      ASSERT_NE(o, nullptr);
      EXPECT_EQ((*o)["kind"], "hurdle");
      EXPECT_EQ((*o)["state"], "toppled");
      EXPECT_EQ(l["mode"], "falling");
      EXPECT_LE(full_strength_gap(l, *o), 0.5);
    }
  }
  EXPECT_EQ(crashes, 1);
  EXPECT_EQ(lines.back()["mode"], "down");
}

TEST(SimTrace, AJumpInTimeClearsTheHurdle) {
  const std::vector<json> lines = run_trace("--seed 3 --seconds 5 --press 3.7:jump");
  bool jumped = false, cleared = false;
  for (const json& l : lines) {
    jumped |= l["mode"] == "jumping";
    for (const json& e : l["events"]) {
      EXPECT_NE(e["type"], "crash") << l.dump();
      if (e["type"] == "clear" && e["obstacle"] == 0) cleared = true;
    }
    if (const json* o = obstacle_in(l, 0)) {
      EXPECT_EQ((*o)["state"], "standing");
    }
  }
  EXPECT_TRUE(jumped);
  EXPECT_TRUE(cleared);
}

// Two presses that both clear seed 3's first hurdle: the one in the middle of the window (3.7 s)
// earns more pace than the one at its late edge (3.9 s), so a second after the clear (both at
// 4.133 s) its runner is further ahead.
TEST(SimTrace, ACentredJumpLeavesTheRunnerFurtherAheadASecondLater) {
  const auto at = [](const std::vector<json>& lines, double t) -> const json& {
    for (const json& l : lines)
      if (std::fabs(l["t"].get<double>() - t) < 1e-6) return l;
    return lines.back();
  };
  const std::vector<json> centred = run_trace("--seed 3 --seconds 5.15 --press 3.7:jump");
  const std::vector<json> late = run_trace("--seed 3 --seconds 5.15 --press 3.9:jump");
  int grades[2] = {-1, -1};
  for (int i = 0; i < 2; ++i) {
    for (const json& l : i == 0 ? centred : late) {
      for (const json& e : l["events"]) {
        EXPECT_NE(e["type"], "crash") << l.dump();
        if (e["type"] == "pace") grades[i] = e["grade"].get<int>();
      }
    }
  }
  EXPECT_GE(grades[0], 80);
  EXPECT_LE(grades[1], 20);
  const double gap = at(centred, 5.133)["x"].get<double>() - at(late, 5.133)["x"].get<double>();
  EXPECT_GT(gap, 8.0);
  EXPECT_GT(at(centred, 5.133)["pace"].get<int>(), at(late, 5.133)["pace"].get<int>());
}

TEST(SimTrace, OutWritesTheSameLinesToAFile) {
  const std::string path = ::testing::TempDir() + "sim_trace_out.jsonl";
  std::remove(path.c_str());
  const test::ProcessResult r =
      test::run_process(trace_command("--seed 1 --seconds 1 --press 0.5:thrust --out " + path));
  ASSERT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "");  // nothing on stdout
  std::ifstream f(path);
  std::stringstream text;
  text << f.rdbuf();
  const test::ProcessResult direct =
      test::run_process(trace_command("--seed 1 --seconds 1 --press 0.5:thrust"));
  EXPECT_EQ(text.str(), direct.output);
  const std::vector<json> lines = lines_of(text.str());
  ASSERT_EQ(lines.size(), 60u);
  EXPECT_EQ(lines[31]["mode"], "thrusting");  // pressed at tick 30
  std::remove(path.c_str());
}

TEST(SimTrace, BadInputExitsTwoWithOneClearLine) {
  const char* bad[] = {
      "--bogus",          "--seed",
      "--seed x",         "--seconds -1",
      "--seconds nan",    "--press x:jump",
      "--press -1:jump",  "--press nan:jump",
      "--press inf:jump", "--press 1:fly",
      "--press 2.5",      "--press 1:jump,,2:thrust",
      "--press 1:jump,",  "--out /nonexistent-dir/trace.jsonl",
  };
  for (const char* args : bad) {
    const test::ProcessResult r = test::run_process(trace_command(std::string(args)));
    EXPECT_EQ(r.exit_code, 2) << args << ": " << r.output;
    EXPECT_EQ(std::count(r.output.begin(), r.output.end(), '\n'), 1) << args << ": " << r.output;
    EXPECT_EQ(r.output.rfind("spear-sim-trace: ", 0), 0u) << args << ": " << r.output;
  }
}

}  // namespace
}  // namespace spear
