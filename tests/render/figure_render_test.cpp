// A known pose drawn offscreen: ink where its joints map to and nowhere else; the far side
// lighter than the near side (42% opacity) and thinner.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <numbers>

#include "render/figure_renderer.hpp"
#include "render/offscreen.hpp"
#include "render/palette.hpp"
#include "render/view.hpp"
#include "render_fixtures.hpp"
#include "rig/skeleton.hpp"
#include "rig_scene.hpp"

namespace spear::client {
namespace {

using rig::Joint;
using testing::colour_distance;
using testing::darkest_near;
using testing::luminance;

const sf::Color kBackground{250, 226, 190};  // a light, flat sky
constexpr unsigned kW = 800, kH = 450;

struct Drawn {
  sf::Image image;
  sf::View view;
  sf::RenderTexture* texture = nullptr;
};

class FigureRender : public ::testing::Test {
 protected:
  void SetUp() override {
    off_ = create_offscreen(kW, kH, 4);
    ASSERT_TRUE(off_.texture) << off_.error;
  }

  // Draws `pose` alone (anchor at the followed runner's place) and returns the pixels.
  Drawn draw(const rig::Pose& pose, bool figure = true) {
    sf::RenderTexture& t = *off_.texture;
    VertexBatch batch;
    FigureBuilder builder;
    if (figure)
      builder.append(batch, pose, testing::still_secondary(pose), Placement{}, player_style());
    const sf::View view = world_view(t.getSize());
    t.clear(kBackground);
    t.setView(view);
    batch.draw(t);
    t.display();
    return {t.getTexture().copyToImage(), view, &t};
  }

  sf::Vector2i pixel_of(const Drawn& d, rig::Vec2 p) const {
    return d.texture->mapCoordsToPixel({p.x, p.y}, d.view);
  }

  Offscreen off_;
};

TEST_F(FigureRender, InkAtEveryNearJoint) {
  const rig::Pose pose = testing::running_pose();
  const Drawn d = draw(pose);
  for (Joint j : {Joint::Pelvis, Joint::Chest, Joint::Head, Joint::Shoulder, Joint::KneeNear,
                  Joint::FootNear, Joint::ElbowNear, Joint::HandNear}) {
    const sf::Vector2i px = pixel_of(d, pose[j]);
    const sf::Color c = darkest_near(d.image, px.x, px.y, 1);
    EXPECT_LT(luminance(c), 80.f) << "no ink at " << rig::joint_name(j) << " (" << px.x << ", "
                                  << px.y << ")";
  }
  // The spear: its shaft halfway between the ends, and the metal head near the tip.
  const sf::Vector2i mid =
      pixel_of(d, rig::lerp(pose[Joint::SpearTail], pose[Joint::SpearTip], 0.3f));
  EXPECT_GT(colour_distance(darkest_near(d.image, mid.x, mid.y, 2), kBackground), 200);
  const sf::Vector2i head =
      pixel_of(d, rig::lerp(pose[Joint::SpearTail], pose[Joint::SpearTip], 0.94f));
  EXPECT_GT(colour_distance(darkest_near(d.image, head.x, head.y, 2), kBackground), 60);
}

TEST_F(FigureRender, NoInkAwayFromTheFigure) {
  const rig::Pose pose = testing::running_pose();
  const Drawn d = draw(pose);
  // Bounding box of every joint and hair point, grown by a head radius and a limb width.
  const rig::SecondaryPose sec = testing::still_secondary(pose);
  float x0 = 1e9f, y0 = 1e9f, x1 = -1e9f, y1 = -1e9f;
  auto grow = [&](rig::Vec2 p) {
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  };
  for (const rig::Vec2& p : pose.joints) grow(p);
  for (const rig::Vec2& p : sec.hair) grow(p);
  const float margin = 16.f;
  const sf::Vector2i a = pixel_of(d, {x0 - margin, y0 - margin}),
                     b = pixel_of(d, {x1 + margin, y1 + margin});
  int inside = 0, outside = 0;
  for (unsigned y = 0; y < kH; ++y) {
    for (unsigned x = 0; x < kW; ++x) {
      if (colour_distance(d.image.getPixel(x, y), kBackground) < 24) continue;
      const bool in = static_cast<int>(x) >= a.x && static_cast<int>(x) <= b.x &&
                      static_cast<int>(y) >= a.y && static_cast<int>(y) <= b.y;
      (in ? inside : outside) += 1;
    }
  }
  EXPECT_EQ(outside, 0);
  // A figure covers a good area: a blank frame (or a wisp) fails.
  EXPECT_GT(inside, 2500);
}

TEST_F(FigureRender, BlankFrameIsDetected) {
  // The same checks against an empty frame must fail: the joint test has teeth.
  const rig::Pose pose = testing::running_pose();
  const Drawn d = draw(pose, /*figure=*/false);
  const sf::Vector2i px = pixel_of(d, pose[Joint::Chest]);
  EXPECT_GT(luminance(darkest_near(d.image, px.x, px.y, 1)), 200.f);
}

TEST_F(FigureRender, InkMovesWithTheAnchor) {
  // The same pose drawn 100 units further along: the head's ink moves 100 units on screen.
  rig::Pose pose = testing::running_pose();
  const Drawn d = draw(pose);
  const sf::Vector2i before = pixel_of(d, pose[Joint::Head]);
  for (rig::Vec2& p : pose.joints) p.x += 100.f;
  const Drawn moved = draw(pose);
  const sf::Vector2i after = pixel_of(moved, pose[Joint::Head]);
  EXPECT_NEAR(after.x - before.x, 100.f * kH / 440.f, 2.f);
  EXPECT_LT(luminance(darkest_near(moved.image, after.x, after.y, 1)), 80.f);
  EXPECT_GT(luminance(darkest_near(moved.image, before.x - 20, before.y, 1)), 200.f);
}

TEST_F(FigureRender, FarLimbsAreLighterThanNearOnes) {
  const rig::Pose pose = testing::running_pose();
  const Drawn d = draw(pose);
  // Shins and forearms midway: near and far lie apart in this pose.
  struct Pair {
    Joint a, b;
  };
  const Pair near_parts[] = {{Joint::KneeNear, Joint::FootNear}, {Joint::Hip, Joint::KneeNear}};
  const Pair far_parts[] = {{Joint::KneeFar, Joint::FootFar}, {Joint::Hip, Joint::KneeFar}};
  for (int i = 0; i < 2; ++i) {
    const sf::Vector2i n =
        pixel_of(d, rig::lerp(pose[near_parts[i].a], pose[near_parts[i].b], 0.55f));
    const sf::Vector2i f =
        pixel_of(d, rig::lerp(pose[far_parts[i].a], pose[far_parts[i].b], 0.55f));
    const float ln = luminance(darkest_near(d.image, n.x, n.y, 1));
    const float lf = luminance(darkest_near(d.image, f.x, f.y, 1));
    EXPECT_LT(ln, 80.f) << "near limb " << i << " not inked";
    EXPECT_GT(lf, ln + 60.f) << "far limb " << i << " not lighter";
    EXPECT_LT(lf, luminance(kBackground) - 60.f) << "far limb " << i << " not drawn";
    // 42% of the way from the background to the (darker) far ink.
    const float expected = luminance(kBackground) * (1.f - palette::kFarOpacity) +
                           luminance(palette::kInkFar) * palette::kFarOpacity;
    EXPECT_NEAR(lf, expected, 16.f);
  }
}

TEST_F(FigureRender, FarLimbsAreThinner) {
  // Count inked pixels across the thighs on one scanline each; the far thigh is narrower.
  rig::Pose pose = testing::running_pose();
  // Vertical thighs side by side, so a horizontal scanline measures their width.
  pose[Joint::KneeNear] = {30.f, -26.f};
  pose[Joint::FootNear] = {30.f, 0.f};
  pose[Joint::KneeFar] = {-30.f, -26.f};
  pose[Joint::FootFar] = {-30.f, 0.f};
  pose[Joint::Hip] = {0.f, -62.f};
  const Drawn d = draw(pose);
  // Sub-pixel width: the summed colour change across the limb over the change at its solid centre
  // (antialiased edges count by their coverage).
  auto width_at = [&](rig::Vec2 p) {
    const sf::Vector2i c = pixel_of(d, p);
    float sum = 0.f, peak = 0.f;
    for (int x = c.x - 20; x <= c.x + 20; ++x) {
      const auto dist = static_cast<float>(colour_distance(
          d.image.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(c.y)), kBackground));
      sum += dist;
      peak = std::max(peak, dist);
    }
    return peak > 0.f ? sum / peak : 0.f;
  };
  const float near_w = width_at({30.f, -13.f});
  const float far_w = width_at({-30.f, -13.f});
  EXPECT_GT(near_w, 3.f);
  EXPECT_GT(far_w, 2.f);
  // 82% of the near width, within a pixel's rounding.
  EXPECT_LT(far_w, near_w * 0.92f);
}

// The ponytail (issue 16): a tapered tail along the verlet hair points, wide where it leaves the
// head and narrowing to its end, thick enough to read at 720p (not one thin spike).
TEST_F(FigureRender, PonytailIsWiderAtTheRootThanAtTheTip) {
  const rig::Pose pose = testing::running_pose();
  const rig::SecondaryPose sec = testing::still_secondary(pose);
  const Drawn d = draw(pose);
  // Ink pixels down one image column across the tail, near the pinned root and near the end.
  const auto thickness = [&](float world_x) {
    const sf::Vector2i top = pixel_of(d, {world_x, sec.hair[0].y - 14.f});
    const sf::Vector2i bottom = pixel_of(d, {world_x, sec.hair.back().y + 10.f});
    int n = 0;
    for (int y = top.y; y <= bottom.y; ++y)
      n += luminance(d.image.getPixel(static_cast<unsigned>(top.x), static_cast<unsigned>(y))) <
                   110.f
               ? 1
               : 0;
    return n;
  };
  const float head_left = sec.head.x - pose.head_r;
  const int root = thickness(head_left - 2.f);
  const int middle = thickness(rig::lerp(sec.hair[1], sec.hair[2], 0.5f).x);
  const int tip = thickness(sec.hair.back().x + 4.f);
  const float px_per_unit = static_cast<float>(kH) / client::kViewHeight;
  EXPECT_GE(root, static_cast<int>(6.f * px_per_unit)) << "the tail is too thin to read";
  EXPECT_GE(root, 2 * tip) << "root " << root << " px, tip " << tip << " px";
  EXPECT_GT(root, middle);
  EXPECT_GT(middle, tip);
  EXPECT_GE(tip, 1) << "the tail ends before its last point";
}

// The spear form's high guard and overhead turn raise the near arm past the head; ink on ink
// made one dark lump of them. The head is drawn over the arm inside a thin ring of the sky's
// colour: round the head (but where the neck and the tail join it) no ink crosses that ring.
TEST_F(FigureRender, HeadStaysApartFromTheRaisedArm) {
  for (float t : {1.4f, 7.6f}) {  // "high guard (hold)", "overhead turn"
    const auto runners = testing::animate_runners(1, rig::Motion::Form, t);
    const rig::Pose& pose = runners[0].view.pose;
    const Drawn d = draw(pose);
    const std::filesystem::path shots = SPEAR_RENDER_SCREENSHOT_DIR;  // for review
    std::filesystem::create_directories(shots);
    d.image.saveToFile(
        (shots / ("figure_form_" + std::to_string(static_cast<int>(t * 10)) + ".png")).string());
    const rig::Vec2 head = pose[Joint::Head];
    const float r = std::max(pose.head_r, rig::kMinHeadRadius) + kHeadOutlineWidth * 0.5f;
    const rig::SecondaryPose sec = testing::still_secondary(pose);
    const rig::Vec2 to_neck = pose[Joint::Chest] - head, to_hair = sec.hair[0] - head;
    const float gaps[2] = {std::atan2(to_neck.y, to_neck.x), std::atan2(to_hair.y, to_hair.x)};
    int samples = 0, inked = 0;
    // Does the near arm pass within reach of the head at all (else the pose tests nothing)?
    const auto near_head = [&](rig::Vec2 p) { return rig::distance(p, head) < r + 8.f; };
    EXPECT_TRUE(near_head(pose[Joint::ElbowNear]) || near_head(pose[Joint::HandNear]) ||
                near_head(rig::lerp(pose[Joint::Shoulder], pose[Joint::ElbowNear], 0.5f)))
        << "t " << t << ": the arm is nowhere near the head";
    for (int i = 0; i < 90; ++i) {
      const float a = 2.f * std::numbers::pi_v<float> * static_cast<float>(i) / 90.f;
      bool open = false;
      for (float g : gaps)
        open = open || std::abs(std::remainder(a - g, 2.f * std::numbers::pi_v<float>)) < 0.75f;
      if (open) continue;
      const sf::Vector2i px = pixel_of(d, head + rig::Vec2{std::cos(a), std::sin(a)} * r);
      ++samples;
      inked += luminance(d.image.getPixel(static_cast<unsigned>(px.x),
                                          static_cast<unsigned>(px.y))) < 110.f
                   ? 1
                   : 0;
    }
    EXPECT_GT(samples, 40);
    EXPECT_LE(inked, samples / 20) << "t " << t << ": ink crosses the head's outline";
  }
}

}  // namespace
}  // namespace spear::client
