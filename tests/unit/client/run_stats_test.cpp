#include "core/run_stats.hpp"

#include <gtest/gtest.h>

#include <limits>
#include <nlohmann/json.hpp>

#include "core/pop_meter.hpp"

namespace spear::client {
namespace {

TEST(RunStats, JsonHasTheFieldsAndEscapes) {
  RunStats s;
  s.connected = true;
  s.server = "host \"x\"\n";
  s.snapshots_received = 150;
  s.followed_runners = {3, 1};
  s.worst_joint_pop = std::numeric_limits<double>::infinity();
  s.failure = "bad \xff byte";  // invalid UTF-8 is replaced, not thrown on
  const std::string text = to_json(s);
  const nlohmann::json j = nlohmann::json::parse(text);
  EXPECT_EQ(j["snapshots_received"], 150);
  EXPECT_EQ(j["followed_runners"], nlohmann::json::array({1, 3}));
  EXPECT_EQ(j["server"], "host \"x\"\n");
  EXPECT_TRUE(j["worst_joint_pop"].is_null());
  EXPECT_TRUE(j["own_runner"].is_null());
  EXPECT_EQ(j["failure"], "bad \xef\xbf\xbd byte");
  // One "key": value a line, as the tools that grep it expect.
  EXPECT_NE(text.find("\n  \"snapshots_received\": 150,\n"), std::string::npos) << text;
}

TEST(PopMeter, WorstStepAndCutsOnSwitch) {
  PopMeter m;
  rig::Pose p;
  m.add(1, p);
  p.joints[3].x += 2.f;
  m.add(1, p);
  p.joints[3].x += 1.f;
  m.add(1, p);
  EXPECT_FLOAT_EQ(static_cast<float>(m.worst()), 2.f);
  p.joints[0].x += 50.f;
  m.add(2, p);  // another runner: a cut, not a pop
  EXPECT_FLOAT_EQ(static_cast<float>(m.worst()), 2.f);
  p.joints[0].x += 9.f;
  m.add(2, p);
  EXPECT_FLOAT_EQ(static_cast<float>(m.worst()), 9.f);
  EXPECT_GT(m.median(), 0.f);
}

}  // namespace
}  // namespace spear::client
