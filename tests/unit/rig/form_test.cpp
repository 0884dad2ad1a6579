#include <gtest/gtest.h>

#include <cmath>
#include <string_view>
#include <vector>

#include "rig/body.hpp"
#include "rig/spear_form.hpp"
#include "rig_run.hpp"

namespace spear::rig {
namespace {

bool same_pose(const FormWaypoint& a, const FormWaypoint& b) {
  return a.spear_angle == b.spear_angle && a.grip == b.grip && a.along == b.along &&
         a.lean == b.lean && a.shift == b.shift && a.crouch == b.crouch && a.stance == b.stance &&
         a.lift == b.lift && a.sy == b.sy;
}

TEST(SpearForm, SeventeenPosesAndAClosingKey) {
  const auto w = form_waypoints();
  ASSERT_EQ(w.size(), 18u);
  EXPECT_TRUE(form_valid());
  EXPECT_TRUE(same_pose(w.front(), w.back()));
  // Holds: pairs of identical waypoints; the poses between them are distinct.
  int holds = 0;
  for (std::size_t i = 1; i + 1 < w.size(); ++i) holds += same_pose(w[i], w[i - 1]);
  EXPECT_GE(holds, 4);
  int distinct = 1;
  for (std::size_t i = 1; i + 1 < w.size(); ++i) distinct += !same_pose(w[i], w[i - 1]);
  EXPECT_GE(distinct, 12);
  // Thrusts arrive with easeOutCubic.
  int thrusts = 0;
  for (const FormWaypoint& x : w)
    thrusts += std::string_view(x.name).find("thrust") != std::string_view::npos &&
               std::string_view(x.name).find("hold") == std::string_view::npos &&
               x.ease == Ease::OutCubic;
  EXPECT_EQ(thrusts, 2);
}

TEST(SpearForm, LoopsWithNoSeam) {
  const float d = form_duration();
  const RawPose a = solve_body(form_body(0.f));
  const RawPose b = solve_body(form_body(d));
  const RawPose c = solve_body(form_body(d - 1e-3f));
  for (std::size_t i = 0; i < kJointCount; ++i) {
    EXPECT_NEAR(distance(a.joints[i], b.joints[i]), 0.f, 1e-4f) << i;
    EXPECT_LT(distance(a.joints[i], c.joints[i]), 0.05f) << i;  // approaching the seam smoothly
  }
  // Played by the rig over two loops, the frame across the seam moves no more than a typical frame.
  const auto f = test::run_motion(Motion::Form, 2.f * d + 0.5f);
  const std::size_t seam = static_cast<std::size_t>(std::lround(d * 60.f));
  float around = 0.f;
  for (std::size_t k = seam - 3; k <= seam + 3; ++k)
    around = std::max(around, test::max_joint_step(f[k - 1].pose, f[k].pose));
  EXPECT_LT(around, 1.f);
}

TEST(SpearForm, HoldsReallyHold) {
  const auto w = form_waypoints();
  int checked = 0;
  for (std::size_t i = 1; i < w.size(); ++i) {
    if (!same_pose(w[i], w[i - 1])) continue;
    const RawPose start = solve_body(form_body(w[i - 1].t));
    for (float u = 0.1f; u < 1.f; u += 0.1f) {
      const RawPose mid = solve_body(form_body(lerp(w[i - 1].t, w[i].t, u)));
      for (std::size_t j = 0; j < kJointCount; ++j) {
        ASSERT_LT(distance(start.joints[j], mid.joints[j]), 1e-4f) << w[i].name;
      }
      ++checked;
    }
  }
  EXPECT_GT(checked, 30);
}

TEST(SpearForm, ThrustsShootOutAndDecelerate) {
  for (const FormWaypoint& x : form_waypoints()) {
    if (x.ease != Ease::OutCubic) continue;
    // Find the segment ending at x: the tip covers most of its way in the first third.
    const auto w = form_waypoints();
    std::size_t i = 0;
    while (w[i].t != x.t) ++i;
    const float t0 = w[i - 1].t, t1 = w[i].t;
    const Vec2 a = solve_body(form_body(t0))[Joint::SpearTip];
    const Vec2 m = solve_body(form_body(lerp(t0, t1, 1.f / 3.f)))[Joint::SpearTip];
    const Vec2 b = solve_body(form_body(t1 - 1e-4f))[Joint::SpearTip];
    EXPECT_GT(distance(a, m), 0.6f * distance(a, b)) << x.name;
  }
}

TEST(SpearForm, IsStationary) {
  const auto f = test::run_motion(Motion::Form, 5.f);
  EXPECT_EQ(f.back().scroll, 0.0);
  EXPECT_EQ(f.back().scroll_speed, 0.f);
}

TEST(SpearForm, SamplingWrapsAndSurvivesBadTimes) {
  const float d = form_duration();
  EXPECT_EQ(sample_form(1.3f).spear_angle, sample_form(1.3f + d).spear_angle);
  EXPECT_NEAR(sample_form(-0.5f).spear_angle, sample_form(d - 0.5f).spear_angle, 1e-4f);
  EXPECT_TRUE(std::isfinite(sample_form(std::nanf("")).spear_angle));
}

}  // namespace
}  // namespace spear::rig

namespace spear::rig {
namespace {

// The lab names the pose as it plays: over one loop the names shown are the form's poses in
// order, each once (a pose and its hold are one readout, flagged while it holds), never with a
// hold's "(hold)", the closing key back at "ready".
TEST(SpearForm, EveryPoseIsNamedAsItPlays) {
  const float d = form_duration();
  std::vector<std::string_view> expected;
  for (int i = 1; i <= kFormPoses; ++i) {
    std::string_view n = form_waypoints()[static_cast<std::size_t>(i)].name;
    n = n.substr(0, n.find(" ("));
    if (expected.empty() || expected.back() != n) expected.push_back(n);
  }
  ASSERT_GE(expected.size(), 10u);
  std::vector<std::string_view> seen;
  bool held_sweep = false;
  for (float t = 0.f; t < d; t += 0.01f) {
    const FormPose p = form_pose_at(t);
    ASSERT_FALSE(p.name.empty());
    ASSERT_EQ(p.name.find('('), std::string_view::npos) << p.name;
    if (seen.empty() || seen.back() != p.name) seen.push_back(p.name);
    held_sweep = held_sweep || (p.name == "low sweep" && p.hold);
  }
  EXPECT_TRUE(held_sweep);
  EXPECT_EQ(seen, expected);
  EXPECT_EQ(form_pose_at(0.5f).name, "high guard");  // moving from ready into the high guard
  EXPECT_EQ(form_pose_at(d - 0.01f).name, "ready");  // closing back into ready
}

}  // namespace
}  // namespace spear::rig
