#include "rig/gait.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "rig/ik.hpp"
#include "rig/skeleton.hpp"
#include "rig_run.hpp"

namespace spear::rig {
namespace {

using test::Frame;
using test::kDt;

TEST(Gait, ScrollIsStrideTimesCadenceOverDuty) {
  EXPECT_NEAR(gait_scroll_speed(gait_params(0.f)), 106.45f, 0.1f);
  EXPECT_NEAR(gait_scroll_speed(gait_params(1.f)), 382.5f, 0.5f);
  // The classic bug would give stride × cadence.
  EXPECT_GT(std::fabs(gait_scroll_speed(gait_params(1.f)) - 60.f * 2.55f), 100.f);
}

TEST(Gait, WalkAndRunScrollAtTheirSpeeds) {
  for (auto [motion, speed, tol] :
       {std::tuple{Motion::Walk, 106.45f, 0.1f}, std::tuple{Motion::Run, 382.5f, 0.5f}}) {
    const auto f = test::run_motion(motion, 4.f);
    EXPECT_NEAR(f.back().scroll_speed, speed, tol);
    // The total scrolled over the last 2 s matches the speed.
    const std::size_t k = f.size() - 121;
    const double travelled = f.back().scroll - f[k].scroll;
    EXPECT_NEAR(travelled / 2.0, speed, tol);
    std::cout << motion_name(motion) << " scroll " << f.back().scroll_speed << " units/s\n";
  }
}

TEST(Gait, CadenceRampKeepsTheFormula) {
  for (float cad : {2.55f, 3.0f, 3.4f}) {
    const auto f = test::run_motion(Motion::Run, 3.f, kDt, cad);
    EXPECT_NEAR(f.back().scroll_speed, 60.f * cad / 0.4f, 0.5f);
    const float slide = test::max_planted_slide(f, 1);
    EXPECT_LT(slide, 0.5f) << "cadence " << cad;
    std::cout << "run at cadence " << cad << ": scroll " << f.back().scroll_speed << ", slide "
              << slide << "\n";
  }
}

TEST(Gait, PlantedFootStaysPutAtWalkAndRun) {
  for (Motion m : {Motion::Walk, Motion::Run}) {
    const auto f = test::run_motion(m, 5.f);
    const float slide = test::max_planted_slide(f, 1);
    EXPECT_LT(slide, 0.5f) << motion_name(m);
    std::cout << motion_name(m) << " planted foot slide " << slide << " units\n";
    int planted = 0;
    for (const Frame& x : f) planted += x.pose.contact_near + x.pose.contact_far;
    EXPECT_GT(planted, static_cast<int>(f.size()) / 2);  // feet are really planted, often
  }
}

TEST(Gait, PlantedFootStaysPutWhileGaitBlends) {
  RigState s;
  RigInput in;
  in.motion = Motion::Walk;
  test::run_more(s, in, 2.f);
  // Switch back and forth at several phases so stances straddle the gait blend.
  std::vector<Frame> all;
  for (int k = 0; k < 6; ++k) {
    in.motion = k % 2 == 0 ? Motion::Run : Motion::Walk;
    const auto f = test::run_more(s, in, 0.45f + 0.13f * static_cast<float>(k));
    all.insert(all.end(), f.begin(), f.end());
  }
  const float slide = test::max_planted_slide(all, 0);
  EXPECT_LT(slide, 0.5f);
  std::cout << "walk<->run blend planted foot slide " << slide << " units\n";
}

TEST(Gait, WalkHasDoubleSupportAndRunHasFlight) {
  const auto walk = test::run_motion(Motion::Walk, 3.f);
  const auto run = test::run_motion(Motion::Run, 3.f);
  bool both = false, none = false;
  for (const Frame& f : walk) both |= f.pose.contact_near && f.pose.contact_far;
  for (const Frame& f : run) none |= !f.pose.contact_near && !f.pose.contact_far;
  EXPECT_TRUE(both);
  EXPECT_TRUE(none);
  bool run_both = false;
  for (const Frame& f : run) run_both |= f.pose.contact_near && f.pose.contact_far;
  EXPECT_FALSE(run_both);
}

TEST(Gait, FootPathMatchesTheArticles) {
  const GaitParams g = gait_params(0.f);
  EXPECT_EQ(foot_path(0.f, g).x, 22.f);
  EXPECT_NEAR(foot_path(g.duty * 0.5f, g).x, 0.f, 1e-4f);
  EXPECT_EQ(foot_path(0.f, g).y, 0.f);
  const float mid_swing = g.duty + (1.f - g.duty) * 0.5f;
  EXPECT_NEAR(foot_path(mid_swing, g).y, -g.step_h, 1e-4f);
  EXPECT_NEAR(foot_path(mid_swing, g).x, 0.f, 1e-4f);
}

TEST(Gait, PelvisBobTopMeetsTheFlightPhaseWhenRunning) {
  const GaitParams g = gait_params(1.f);
  // Near flight starts at duty (0.4) and lasts to 0.5: the pelvis is highest in there.
  float best_phase = 0.f, best = -1.f;
  for (int i = 0; i < 500; ++i) {
    const float ph = static_cast<float>(i) / 1000.f;
    if (pelvis_height(ph, g) > best) {
      best = pelvis_height(ph, g);
      best_phase = ph;
    }
  }
  EXPECT_GE(best_phase, g.duty);
  EXPECT_LE(best_phase, 0.5f);
  // Lowest at mid-stance.
  EXPECT_NEAR(pelvis_height(g.duty * 0.5f, g), g.hip_low, 0.3f);
}

TEST(Gait, RunningStanceStaysWithinThePreClamp) {
  // The trap of rig.md §6: a stance foot beyond the pre-clamp's reach would be dragged.
  for (float gait : {0.f, 0.5f, 1.f}) {
    const GaitParams g = gait_params(gait);
    for (int i = 0; i < 1000; ++i) {
      const float ph = static_cast<float>(i) / 1000.f;
      if (!foot_in_stance(ph, g)) continue;
      const Vec2 hip{0.f, -pelvis_height(ph, g)};
      const Vec2 foot{foot_path(ph, g).x + g.foot_lead, 0.f};
      ASSERT_LT(distance(hip, foot), kLegReach - 0.5f) << gait << " " << ph;
    }
  }
}

TEST(Gait, GaitEasesAndNeverJumps) {
  RigState s;
  RigInput in;
  in.motion = Motion::Walk;
  test::run_more(s, in, 1.f);
  in.motion = Motion::Run;
  float prev = s.gait;
  float max_step = 0.f;
  for (int i = 0; i < 120; ++i) {
    step_rig(s, in, kDt);
    max_step = std::max(max_step, s.gait - prev);
    EXPECT_GE(s.gait, prev);
    prev = s.gait;
  }
  EXPECT_LT(max_step, 4.f * kDt + 1e-4f);
  EXPECT_GT(s.gait, 0.99f);
}

TEST(Gait, StationaryMotionsDoNotScroll) {
  for (Motion m : {Motion::Idle, Motion::Throw, Motion::Jump, Motion::Form}) {
    RigState s;
    RigInput in;
    in.motion = Motion::Run;
    test::run_more(s, in, 1.f);
    in.motion = m;
    const auto f = test::run_more(s, in, 2.f);
    EXPECT_EQ(f.back().scroll_speed, 0.f) << motion_name(m);
    EXPECT_EQ(f.back().scroll, f[f.size() - 2].scroll) << motion_name(m);
    // It got there smoothly: no frame lost more than a decaying share of the speed.
    for (std::size_t i = 1; i < f.size(); ++i) {
      ASSERT_LT(f[i - 1].scroll_speed - f[i].scroll_speed, 60.f) << motion_name(m) << " " << i;
    }
  }
}

}  // namespace
}  // namespace spear::rig
