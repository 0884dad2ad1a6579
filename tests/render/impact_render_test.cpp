// Impact on pixels (issue 16): a target break holds the drawn world still for 60–80 ms, then it
// catches up without a step; dust shows where a foot meets the ground and a thrust leaves a
// smear, and under reduced motion none of it is drawn. Frames go through the app's
// ImpactPresenter and the FrameRenderer, as in spear-client.
#include <gtest/gtest.h>

#include <cmath>
#include <optional>

#include "app/impact_presenter.hpp"
#include "render/frame_renderer.hpp"
#include "render/offscreen.hpp"
#include "render/palette.hpp"
#include "render/view.hpp"
#include "render_fixtures.hpp"

namespace spear::client {
namespace {

using rig::Joint;
using testing::colour_distance;

constexpr unsigned kW = 640, kH = 360;
constexpr double kDt = 1.0 / 60.0;
constexpr double kSpeed = 400.0;  // units/s the followed runner runs at (40 m/s, a fast run)

class ImpactRender : public ::testing::Test {
 protected:
  static void SetUpTestSuite() { renderer_ = std::make_unique<FrameRenderer>(); }
  static void TearDownTestSuite() { renderer_.reset(); }
  void SetUp() override {
    off_ = create_offscreen(kW, kH, 4);
    ASSERT_TRUE(off_.texture) << off_.error;
  }
  sf::Image draw(const FrameData& f) {
    renderer_->draw_frame(*off_.texture, f.inputs());
    off_.texture->display();
    return off_.texture->getTexture().copyToImage();
  }
  sf::Vector2i pixel_of(sf::Vector2f world) {
    return off_.texture->mapCoordsToPixel(world, world_view(off_.texture->getSize()));
  }

  static inline std::unique_ptr<FrameRenderer> renderer_;
  Offscreen off_;
};

// The followed runner at time t (running at kSpeed, a fixed pose), a straw target ahead that
// breaks at `break_at` and a hurdle further on (its stripes mark where the world is drawn).
FrameData run_frame(double t, std::optional<double> break_at) {
  FrameData f;
  f.has_followed = true;
  f.time = static_cast<float>(t);
  const double x = 1000.0 + kSpeed * t;
  f.camera_x = f.ground_x = f.followed_distance = f.rig_x = x;
  FigureView v;
  v.pose = testing::running_pose();
  v.secondary = testing::still_secondary(v.pose);
  v.x = x;
  v.followed = true;
  f.figures.push_back(v);
  f.contact = {true, false};
  SceneObstacle target{7, ObstacleKind::StrawTarget, 1000.0 + kSpeed * 0.5 + 70.0, 150.f, 24.f};
  if (break_at && t >= *break_at) {
    target.broken = true;
    target.broken_age = static_cast<float>(t - *break_at);
  }
  f.obstacles.push_back(target);
  f.obstacles.push_back({8, ObstacleKind::Hurdle, 1000.0 + kSpeed * 0.5 + 260.0, 38.f, 10.f});
  return f;
}

// The leftmost image column holding the hurdle's red stripe, or −1.
int hurdle_column(const sf::Image& img) {
  const sf::Vector2u size = img.getSize();
  for (unsigned x = 0; x < size.x; ++x)
    for (unsigned y = size.y / 2; y < size.y; ++y)
      if (colour_distance(img.getPixel(x, y), palette::kHurdleStripe) < 40)
        return static_cast<int>(x);
  return -1;
}

int differing_pixels(const sf::Image& a, const sf::Image& b, sf::IntRect box) {
  int n = 0;
  for (int y = std::max(0, box.top); y < std::min<int>(a.getSize().y, box.top + box.height); ++y)
    for (int x = std::max(0, box.left); x < std::min<int>(a.getSize().x, box.left + box.width); ++x)
      n += colour_distance(a.getPixel(x, y), b.getPixel(x, y)) > 24 ? 1 : 0;
  return n;
}

bool same_pixels(const sf::Image& a, const sf::Image& b) {
  return differing_pixels(
             a, b, {0, 0, static_cast<int>(a.getSize().x), static_cast<int>(a.getSize().y)}) == 0;
}

TEST_F(ImpactRender, BreakHoldsTheDrawnWorldFor60To80MsThenCatchesUpWithoutAStep) {
  ImpactConfig config;
  config.kick = false;  // the kick moves the view on purpose: this is the hold alone
  ImpactPresenter presenter(config);
  const double break_at = 0.5;
  std::vector<sf::Image> frames;
  std::vector<int> columns;
  int break_frame = -1;
  for (int i = 0; i <= 60; ++i) {
    const double t = i * kDt;
    const FrameData& shown = presenter.present(run_frame(t, break_at), t, i == 0 ? 0.0 : kDt);
    if (break_frame < 0 && shown.obstacles[0].broken) break_frame = i;
    frames.push_back(draw(shown));
    columns.push_back(hurdle_column(frames.back()));
    ASSERT_GE(columns.back(), 0) << "frame " << i << ": no hurdle drawn";
  }
  ASSERT_GT(break_frame, 0);
  // The frame that shows the break stays on screen, pixel for pixel, for 60–80 ms.
  const auto at_break = static_cast<std::size_t>(break_frame);
  std::size_t held = 1;
  while (at_break + held < frames.size() && same_pixels(frames[at_break], frames[at_break + held]))
    ++held;
  const double held_ms = static_cast<double>(held) * kDt * 1000.0;
  EXPECT_GE(held_ms, 60.0) << held << " frames";
  EXPECT_LE(held_ms, 80.0) << held << " frames";
  // Before the break the world scrolls evenly; after the hold it never jumps: no frame moves it
  // more than the catch-up rate allows (1.35 × a normal frame, plus a pixel of rounding).
  const int normal = columns[static_cast<std::size_t>(break_frame - 1)] -
                     columns[static_cast<std::size_t>(break_frame)];
  ASSERT_GT(normal, 2);
  for (std::size_t i = at_break + held; i < columns.size(); ++i) {
    const int step = columns[i - 1] - columns[i];
    EXPECT_GE(step, 0) << "frame " << i << " went back";
    EXPECT_LE(step, std::lround(normal * (1.0 + config.hit_stop.catch_up)) + 1)
        << "frame " << i << " jumped";
  }
  // And it has caught up: the last frame is the world of now.
  EXPECT_EQ(columns.back(), hurdle_column(draw(run_frame(60 * kDt, break_at))));
}

TEST_F(ImpactRender, BreakKicksTheCameraAndItSettles) {
  ImpactPresenter presenter;
  const double break_at = 0.2;
  std::optional<sf::Image> kicked;
  for (int i = 0; i <= 40; ++i) {
    const double t = i * kDt;
    const FrameData& shown = presenter.present(run_frame(t, break_at), t, i == 0 ? 0.0 : kDt);
    if (std::abs(t - break_at - kDt) < 1e-6) {
      EXPECT_GT(std::hypot(shown.camera_offset.x, shown.camera_offset.y), 2.f);
      FrameData still = shown;
      still.camera_offset = {};
      kicked = draw(shown);
      EXPECT_FALSE(same_pixels(*kicked, draw(still))) << "the kick moved nothing";
    }
    if (i == 40) {
      EXPECT_EQ(shown.camera_offset, sf::Vector2f{});  // settled 0.45 s later
    }
  }
  EXPECT_TRUE(kicked.has_value());
}

// A foot that comes down: the frame before it in the air, then planted.
FrameData step_frame(double t, bool planted) {
  FrameData f = run_frame(t, std::nullopt);
  f.obstacles.clear();
  rig::Pose& p = f.figures[0].pose;
  p[Joint::FootNear].y = planted ? 0.f : -12.f;
  p[Joint::KneeNear].y += planted ? 0.f : -8.f;
  f.contact = {planted, false};
  return f;
}

TEST_F(ImpactRender, DustAtAFootContactAndNoneUnderReducedMotion) {
  ImpactPresenter effects, reduced(ImpactConfig{false});
  sf::Image with, without, plain;
  for (int i = 0; i <= 8; ++i) {
    const double t = i * kDt;
    const bool planted = i >= 4;  // touches down at frame 4
    const FrameData live = step_frame(t, planted);
    const FrameData& a = effects.present(live, t, i == 0 ? 0.0 : kDt);
    const FrameData& b = reduced.present(live, t, i == 0 ? 0.0 : kDt);
    if (i == 3) {
      EXPECT_TRUE(a.dust.empty()) << "dust before the foot came down";
    }
    if (i == 7) {  // 50 ms after the contact
      EXPECT_FALSE(a.dust.empty());
      EXPECT_TRUE(b.dust.empty());
      with = draw(a);
      without = draw(b);
      plain = draw(live);
    }
  }
  // Around the foot's ground point: dust pixels with effects, exactly the plain frame without.
  const rig::Vec2 foot = testing::running_pose()[Joint::FootNear];
  const sf::Vector2i at = pixel_of({foot.x, 0.f});
  const sf::IntRect box{at.x - 40, at.y - 20, 80, 24};
  EXPECT_GT(differing_pixels(with, plain, box), 12) << "no dust at the foot";
  EXPECT_TRUE(same_pixels(without, plain)) << "reduced motion drew something";
  // Nowhere else: the dust stays near the ground by the foot.
  EXPECT_EQ(differing_pixels(with, plain, {0, 0, static_cast<int>(kW), at.y - 30}), 0);
}

// A thrust: the spear shoots forward 14 units a frame relative to the runner.
FrameData thrust_frame(double t, int i, net::RunnerMode mode) {
  FrameData f = run_frame(t, std::nullopt);
  f.obstacles.clear();
  f.followed_mode = mode;
  rig::Pose& p = f.figures[0].pose;
  const rig::Vec2 shift{-40.f + 14.f * static_cast<float>(i), 0.f};
  for (Joint j : {Joint::SpearTail, Joint::SpearTip, Joint::HandNear, Joint::HandFar})
    p[j] = p[j] + shift;
  return f;
}

TEST_F(ImpactRender, SmearBehindTheSpearDuringAThrustOnly) {
  ImpactPresenter thrusting, running, reduced(ImpactConfig{false});
  sf::Image smeared, plain, not_thrusting, reduced_image;
  for (int i = 0; i <= 4; ++i) {
    const double t = i * kDt;
    const double dt = i == 0 ? 0.0 : kDt;
    const FrameData live = thrust_frame(t, i, net::RunnerMode::Thrusting);
    const FrameData& a = thrusting.present(live, t, dt);
    const FrameData& b = running.present(thrust_frame(t, i, net::RunnerMode::Running), t, dt);
    const FrameData& c = reduced.present(live, t, dt);
    if (i == 4) {
      EXPECT_GE(a.smear.size(), 3u);
      EXPECT_TRUE(b.smear.empty());
      smeared = draw(a);
      plain = draw(live);
      not_thrusting = draw(b);
      reduced_image = draw(c);
    }
  }
  // Between where the tip was two frames ago and where it is: the swept area, lighter.
  const rig::Vec2 tip_now =
      thrust_frame(0.0, 4, net::RunnerMode::Thrusting).figures[0].pose[Joint::SpearTip];
  const sf::Vector2i a = pixel_of({tip_now.x - 40.f, tip_now.y - 6.f});
  const sf::Vector2i b = pixel_of({tip_now.x - 14.f, tip_now.y + 6.f});
  const sf::IntRect swept{a.x, a.y, b.x - a.x, b.y - a.y};
  EXPECT_GT(differing_pixels(smeared, plain, swept), 8) << "no smear behind the spear";
  EXPECT_TRUE(same_pixels(not_thrusting, plain)) << "a smear without a thrust";
  EXPECT_TRUE(same_pixels(reduced_image, plain)) << "a smear under reduced motion";
}

TEST_F(ImpactRender, ReducedMotionLaysAToppledHurdleFlatAtOnce) {
  FrameData live = run_frame(0.0, std::nullopt);
  live.obstacles[1].broken = true;
  live.obstacles[1].broken_age = 0.01f;  // just hit: it would be tipping over
  ImpactPresenter reduced(ImpactConfig{false}), effects;
  EXPECT_FLOAT_EQ(reduced.present(live, 0.0, 0.0).obstacles[1].broken_age, kHurdleTipSeconds);
  EXPECT_FLOAT_EQ(effects.present(live, 0.0, 0.0).obstacles[1].broken_age, 0.01f);
}

// A hurdle toppled by a crash tips over and lies on the ground: its striped top board, up at
// its height while it stands, is drawn low along the ground once it has fallen.
TEST_F(ImpactRender, AToppledHurdleIsDrawnLyingOnTheGround) {
  const auto stripe_rows = [&](bool toppled, float age) {
    FrameData f = run_frame(0.0, std::nullopt);
    f.obstacles.erase(f.obstacles.begin());  // the hurdle alone
    f.obstacles[0].broken = toppled;
    f.obstacles[0].broken_age = age;
    const sf::Image img = draw(f);
    int top = static_cast<int>(kH), right = -1;
    // From just before its near face on (the figure's hair tie shares the stripes' red).
    const int from = pixel_of({static_cast<float>(f.obstacles[0].x - 1000.0) - 6.f, 0.f}).x;
    for (unsigned y = 0; y < kH; ++y)
      for (unsigned x = static_cast<unsigned>(std::max(0, from)); x < kW; ++x)
        if (colour_distance(img.getPixel(x, y), palette::kHurdleStripe) < 40) {
          top = std::min(top, static_cast<int>(y));
          right = std::max(right, static_cast<int>(x));
        }
    return std::pair{top, right};
  };
  const SceneObstacle& hurdle = run_frame(0.0, std::nullopt).obstacles[1];
  const int ground = pixel_of({0.f, 0.f}).y;
  const float far_face = static_cast<float>(hurdle.x + hurdle.width - 1000.0);
  const int pivot = pixel_of({far_face, 0.f}).x;
  const auto [standing_top, standing_right] = stripe_rows(false, 0.f);
  const auto [tipping_top, tipping_right] = stripe_rows(true, kHurdleTipSeconds * 0.3f);
  const auto [lying_top, lying_right] = stripe_rows(true, 2.f);
  const int px_per_10 = ground - pixel_of({0.f, -10.f}).y;
  EXPECT_LT(standing_top, ground - 3 * px_per_10);  // up at its 38 units
  EXPECT_LE(standing_right, pivot);
  EXPECT_GT(tipping_top, standing_top);           // on its way down
  EXPECT_GT(lying_top, ground - px_per_10);       // flat on the ground
  EXPECT_GT(lying_right, pivot + 2 * px_per_10);  // fallen forwards, past its far foot
}

}  // namespace
}  // namespace spear::client
