// spear-rig-dump's sequence parsing and line format.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "frame_json.hpp"
#include "rig/rig.hpp"
#include "sequence.hpp"

namespace spear::tools {
namespace {

TEST(DumpSequence, ParsesTheIssuesExample) {
  const auto s = parse_sequence("walk@0,run@3,throw@6,jump@9,form@12");
  ASSERT_TRUE(s.error.empty()) << s.error;
  ASSERT_EQ(s.entries.size(), 5u);
  EXPECT_EQ(s.entries[1].motion, rig::Motion::Run);
  EXPECT_EQ(s.entries[1].at, 3.0);
  EXPECT_EQ(motion_at(s.entries, 2.99), rig::Motion::Walk);
  EXPECT_EQ(motion_at(s.entries, 3.0), rig::Motion::Run);
  EXPECT_EQ(motion_at(s.entries, 100.0), rig::Motion::Form);
}

TEST(DumpSequence, AcceptsRunnerMovesAndSortsByTime) {
  const auto s = parse_sequence(" fall@2.5 , thrust@0.5,leap@1");
  ASSERT_TRUE(s.error.empty()) << s.error;
  EXPECT_EQ(s.entries[0].motion, rig::Motion::Thrust);
  EXPECT_EQ(s.entries[2].motion, rig::Motion::Fall);
  EXPECT_EQ(motion_at(s.entries, 0.1), rig::Motion::Idle);
}

TEST(DumpSequence, RejectsBadInputWithAReason) {
  for (const char* bad : {"", "walk", "dance@1", "walk@", "walk@-1", "walk@x", "walk@1,",
                          "walk@1e999", "@3", "walk@nan"}) {
    const auto s = parse_sequence(bad);
    EXPECT_FALSE(s.error.empty()) << bad;
    EXPECT_TRUE(s.entries.empty()) << bad;
  }
  EXPECT_NE(parse_sequence("dance@1").error.find("unknown motion 'dance'"), std::string::npos);
}

TEST(DumpLine, HasEveryFieldInAFixedFormat) {
  rig::RigState st;
  rig::RigInput in;
  in.motion = rig::Motion::Run;
  DumpFrame f;
  f.pose = rig::step_rig(st, in, 0.f);
  f.motion = rig::Motion::Run;
  std::string line;
  append_frame_json(f, line);
  ASSERT_EQ(line.back(), '\n');
  // The fields in their fixed order, each with its type.
  for (const char* key :
       {"{\"t\":0.0,", "\"motion\":\"run\"", "\"scroll\":0.0",
        "\"sx\":", "\"sy\":", "\"head_r\":", "\"joints\":{\"pelvis\":[", "\"knee_near\":[",
        "\"spear_tip\":[", "\"hair\":[[", "\"contact\":{\"foot_near\":true,\"foot_far\":false}}"}) {
    EXPECT_NE(line.find(key), std::string::npos) << key << " in " << line;
  }
  const auto j = nlohmann::json::parse(line, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << line;
  EXPECT_EQ(j["joints"].size(), rig::kJointCount + 1);  // + hair
  EXPECT_NEAR(j["joints"]["pelvis"][1].get<double>(), f.pose[rig::Joint::Pelvis].y, 5e-4);
  EXPECT_EQ(line.find("nan"), std::string::npos);
  EXPECT_EQ(std::count(line.begin(), line.end(), '\n'), 1);
}

}  // namespace
}  // namespace spear::tools
