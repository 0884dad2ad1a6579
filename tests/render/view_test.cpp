// The letterboxed view keeps 440 world units of height at any window size (rig.md §1).
#include "render/view.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace spear::client {
namespace {

struct Size {
  unsigned w, h;
};

class LetterboxAt : public ::testing::TestWithParam<Size> {};

TEST_P(LetterboxAt, ShowsFourHundredFortyUnitsTall) {
  const Size s = GetParam();
  const sf::Vector2u window{s.w, s.h};
  const Letterbox box = letterbox(window);
  EXPECT_FLOAT_EQ(box.world_size.y, kViewHeight);
  const sf::View view = world_view(window);
  EXPECT_FLOAT_EQ(view.getSize().y, kViewHeight);

  // The drawn area fits the window, is centred, and keeps the world's aspect (no stretching).
  const sf::FloatRect vp = view.getViewport();
  EXPECT_GE(vp.left, 0.f);
  EXPECT_GE(vp.top, 0.f);
  EXPECT_LE(vp.left + vp.width, 1.0001f);
  EXPECT_LE(vp.top + vp.height, 1.0001f);
  EXPECT_NEAR(vp.left, 1.f - (vp.left + vp.width), 1e-5f);
  EXPECT_NEAR(vp.top, 1.f - (vp.top + vp.height), 1e-5f);
  const float px_w = vp.width * static_cast<float>(s.w), px_h = vp.height * static_cast<float>(s.h);
  EXPECT_NEAR(px_w / px_h, view.getSize().x / view.getSize().y, 0.01f);
  // It fills the window in at least one direction.
  EXPECT_TRUE(std::abs(vp.width - 1.f) < 1e-5f || std::abs(vp.height - 1.f) < 1e-5f);
  // Aspect within the limits.
  EXPECT_GE(view.getSize().x / view.getSize().y, kMinAspect - 1e-4f);
  EXPECT_LE(view.getSize().x / view.getSize().y, kMaxAspect + 1e-4f);

  // The ground line sits at the same share of the height, the runner at the same share of width.
  const float top = view.getCenter().y - view.getSize().y / 2.f;
  EXPECT_NEAR(-top / kViewHeight, kGroundScreenY, 1e-5f);
  const float left = view.getCenter().x - view.getSize().x / 2.f;
  EXPECT_NEAR(-left / view.getSize().x, kRunnerScreenX, 1e-5f);

  // HUD view: pixels of the drawn area.
  const sf::View hud = hud_view(window);
  EXPECT_NEAR(hud.getSize().x, px_w, 1.0f);
  EXPECT_NEAR(hud.getSize().y, px_h, 1.0f);
  EXPECT_NEAR(hud_scale(window), px_h / 720.f, 1e-3f);
}

INSTANTIATE_TEST_SUITE_P(WindowSizes, LetterboxAt,
                         ::testing::Values(Size{800, 600}, Size{1920, 1080}, Size{600, 900},
                                           Size{1280, 720}, Size{3840, 1080}, Size{441, 440}),
                         [](const ::testing::TestParamInfo<Size>& size) {
                           return std::to_string(size.param.w) + "x" + std::to_string(size.param.h);
                         });

TEST(Letterbox, SixteenByNineFillsTheWindow) {
  const Letterbox box = letterbox({1920, 1080});
  EXPECT_FLOAT_EQ(box.viewport.width, 1.f);
  EXPECT_FLOAT_EQ(box.viewport.height, 1.f);
  EXPECT_NEAR(box.world_size.x, 440.f * 16.f / 9.f, 0.01f);
}

TEST(Letterbox, PortraitGetsBarsAboveAndBelow) {
  const Letterbox box = letterbox({600, 900});
  EXPECT_FLOAT_EQ(box.viewport.width, 1.f);
  EXPECT_NEAR(box.viewport.height, 450.f / 900.f, 1e-5f);  // 4:3 in a 600-pixel width
  EXPECT_EQ(box.pixels.top, 225);
  EXPECT_EQ(box.pixels.height, 450);
}

TEST(Letterbox, UltraWideGetsBarsLeftAndRight) {
  const Letterbox box = letterbox({3840, 1080});
  EXPECT_FLOAT_EQ(box.viewport.height, 1.f);
  EXPECT_LT(box.viewport.width, 1.f);
  EXPECT_NEAR(box.world_size.x / box.world_size.y, kMaxAspect, 1e-4f);
}

TEST(Letterbox, ResizingChangesOnlyTheWidthShown) {
  // Same height, wider window: more road ahead, same 440 units tall, same scale.
  const Letterbox a = letterbox({800, 600});
  const Letterbox b = letterbox({1067, 600});
  EXPECT_FLOAT_EQ(a.world_size.y, b.world_size.y);
  EXPECT_GT(b.world_size.x, a.world_size.x);
  EXPECT_NEAR(static_cast<float>(a.pixels.height) / a.world_size.y,
              static_cast<float>(b.pixels.height) / b.world_size.y, 1e-3f);
}

TEST(Letterbox, MinimizedWindowIsSafe) {
  const Letterbox box = letterbox({0, 0});
  EXPECT_GT(box.pixels.width, 0);
  EXPECT_GT(box.pixels.height, 0);
  EXPECT_FLOAT_EQ(box.world_size.y, kViewHeight);
  EXPECT_TRUE(std::isfinite(box.viewport.width));
}

}  // namespace
}  // namespace spear::client
