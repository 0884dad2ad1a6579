#include "core/run_stats.hpp"

#include <gtest/gtest.h>

#include <limits>

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
  const std::string j = to_json(s);
  EXPECT_NE(j.find("\"snapshots_received\": 150"), std::string::npos);
  EXPECT_NE(j.find("\"followed_runners\": [1, 3]"), std::string::npos);
  EXPECT_NE(j.find("\"server\": \"host \\\"x\\\"\\n\""), std::string::npos);
  EXPECT_NE(j.find("\"worst_joint_pop\": null"), std::string::npos);
  EXPECT_NE(j.find("\"failure\": null"), std::string::npos);
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
