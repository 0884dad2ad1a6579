#include "rig/motion.hpp"

#include <gtest/gtest.h>

namespace spear::rig {
namespace {

TEST(Motion, NamesRoundTrip) {
  for (int i = 0; i < static_cast<int>(Motion::Count); ++i) {
    const auto m = static_cast<Motion>(i);
    EXPECT_EQ(motion_from_name(motion_name(m)), m);
  }
  EXPECT_EQ(motion_name(Motion::Throw), "throw");
  EXPECT_EQ(motion_from_name("leap"), Motion::Leap);
  EXPECT_FALSE(motion_from_name("Run").has_value());
  EXPECT_FALSE(motion_from_name("").has_value());
  EXPECT_EQ(motion_name(static_cast<Motion>(99)), "?");
}

TEST(Motion, WhichMotionsTravel) {
  EXPECT_TRUE(motion_travels(Motion::Walk));
  EXPECT_TRUE(motion_travels(Motion::Run));
  EXPECT_TRUE(motion_travels(Motion::Leap));
  EXPECT_TRUE(motion_travels(Motion::Thrust));
  EXPECT_TRUE(motion_travels(Motion::Fall));
  EXPECT_FALSE(motion_travels(Motion::Idle));
  EXPECT_FALSE(motion_travels(Motion::Throw));
  EXPECT_FALSE(motion_travels(Motion::Jump));
  EXPECT_FALSE(motion_travels(Motion::Form));
}

}  // namespace
}  // namespace spear::rig
