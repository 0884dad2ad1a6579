// Whole frames through FrameRenderer::draw_frame, the entry point the app uses: the followed
// runner is inked where its pose says, ghosts are fainter, bars fill the letterbox, a frame is a
// pure function of its inputs. Writes screenshots of the main situations for review.
#include <gtest/gtest.h>

#include <cstring>

#include "core/lane_slots.hpp"
#include "render/frame_renderer.hpp"
#include "render/offscreen.hpp"
#include "render/palette.hpp"
#include "render/view.hpp"
#include "render_fixtures.hpp"
#include "rig/skeleton.hpp"
#include "rig_scene.hpp"

#ifndef SPEAR_RENDER_SCREENSHOT_DIR
#define SPEAR_RENDER_SCREENSHOT_DIR "screenshots"
#endif

namespace spear::client {
namespace {

using rig::Joint;
using testing::colour_distance;
using testing::darkest_near;
using testing::luminance;

const std::filesystem::path kShots = SPEAR_RENDER_SCREENSHOT_DIR;

class FrameRender : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    renderer_ = std::make_unique<FrameRenderer>();
    font_warning_ = renderer_->load_fonts();
  }
  static void TearDownTestSuite() { renderer_.reset(); }

  sf::RenderTexture& target(unsigned w, unsigned h) {
    off_ = create_offscreen(w, h, 4);
    EXPECT_TRUE(off_.texture) << off_.error;
    return *off_.texture;
  }
  sf::Image draw(sf::RenderTexture& t, const FrameInputs& in) {
    renderer_->draw_frame(t, in);
    t.display();
    return t.getTexture().copyToImage();
  }
  void save(sf::RenderTexture& t, const std::string& name) {
    EXPECT_EQ(save_png(t, kShots / name), "");
  }
  // Saves the part of the frame between two world points (a close-up for review).
  void save_crop(sf::RenderTexture& t, sf::Vector2f world_a, sf::Vector2f world_b,
                 const std::string& name) {
    t.display();
    const sf::Image full = t.getTexture().copyToImage();
    const sf::View view = world_view(t.getSize());
    const sf::Vector2i a = t.mapCoordsToPixel(world_a, view), b = t.mapCoordsToPixel(world_b, view);
    sf::Image crop;
    crop.create(static_cast<unsigned>(b.x - a.x), static_cast<unsigned>(b.y - a.y));
    crop.copy(full, 0, 0, {a.x, a.y, b.x - a.x, b.y - a.y});
    std::filesystem::create_directories(kShots);
    EXPECT_TRUE(crop.saveToFile((kShots / name).string()));
  }

  static inline std::unique_ptr<FrameRenderer> renderer_;
  static inline std::string font_warning_;
  Offscreen off_;
};

HudState run_hud(const std::vector<FigureView>& views) {
  HudState hud;
  hud.score = 1284;
  hud.best = 2310;
  hud.combo = 3;
  hud.distance_m = 100.f;
  hud.speed_mps = 38.3f;
  const char* names[] = {"you", "ada", "bjorn", "chidi", "dara", "emeka", "fumiko", "gus"};
  for (std::size_t i = 0; i < views.size(); ++i) {
    hud.scoreboard.push_back({i < 8 ? names[i] : "bot-" + std::to_string(i),
                              static_cast<int>(2400 - 130 * i), static_cast<int>(2500 - 100 * i),
                              views[i].followed, i == 5});
    hud.race.push_back({views[i].x, views[i].id, views[i].followed});
  }
  return hud;
}

TEST_F(FrameRender, FontIsFound) { EXPECT_EQ(font_warning_, ""); }

TEST_F(FrameRender, FollowedRunnerIsInkedWhereItsPoseSays) {
  sf::RenderTexture& t = target(1280, 720);
  const auto runners = testing::animate_runners(1, rig::Motion::Run, 1.3f);
  const auto views = testing::views_of(runners);
  FrameInputs in;
  in.camera_x = views[0].x;
  in.runners = views;
  const sf::Image frame = draw(t, in);
  FrameInputs empty = in;
  empty.runners = {};
  const sf::Image bare = draw(t, empty);

  const sf::View view = world_view(t.getSize());
  const rig::Pose& pose = views[0].pose;
  for (Joint j : {Joint::Pelvis, Joint::Chest, Joint::KneeNear, Joint::FootNear, Joint::HandNear}) {
    const sf::Vector2i p = t.mapCoordsToPixel({pose[j].x, pose[j].y}, view);
    const sf::Color ink = darkest_near(frame, p.x, p.y, 1);
    EXPECT_LT(luminance(ink), 70.f) << rig::joint_name(j);
    EXPECT_GT(colour_distance(ink, darkest_near(bare, p.x, p.y, 1)), 60) << rig::joint_name(j);
  }
  const rig::Vec2 head = views[0].secondary.head;
  const sf::Vector2i hp = t.mapCoordsToPixel({head.x, head.y}, view);
  EXPECT_LT(luminance(frame.getPixel(static_cast<unsigned>(hp.x), static_cast<unsigned>(hp.y))),
            70.f);
  // Far from the runner (high in the sky ahead) the frame is the same with or without it.
  const sf::Vector2i sky = t.mapCoordsToPixel({300.f, -300.f}, view);
  EXPECT_EQ(frame.getPixel(static_cast<unsigned>(sky.x), static_cast<unsigned>(sky.y)),
            bare.getPixel(static_cast<unsigned>(sky.x), static_cast<unsigned>(sky.y)));
}

TEST_F(FrameRender, GhostsAreFainterThanTheFollowedRunner) {
  sf::RenderTexture& t = target(1280, 720);
  auto runners = testing::animate_runners(2, rig::Motion::Run, 1.0f, 0.f);
  std::vector<FigureView> views = testing::views_of(runners);
  views[1].x = views[0].x + 220.0;  // clear of the followed runner
  FrameInputs in;
  in.camera_x = views[0].x;
  in.runners = views;
  const sf::Image frame = draw(t, in);
  const sf::View view = world_view(t.getSize());
  const sf::Vector2i own =
      t.mapCoordsToPixel({views[0].pose[Joint::Chest].x, views[0].pose[Joint::Chest].y}, view);
  const Placement ghost = lane_placement(220.f, ghost_depth(1, 0));
  const sf::Vector2f gc = ghost(views[1].pose[Joint::Chest]);
  const sf::Vector2i other = t.mapCoordsToPixel(gc, view);
  FrameInputs alone = in;
  const std::vector<FigureView> only_own{views[0]};
  alone.runners = only_own;
  const sf::Image without_ghost = draw(t, alone);
  const float l_own = luminance(darkest_near(frame, own.x, own.y, 1));
  const float l_ghost = luminance(darkest_near(frame, other.x, other.y, 1));
  const float l_behind = luminance(darkest_near(without_ghost, other.x, other.y, 1));
  EXPECT_GT(l_ghost, l_own + 40.f);     // fainter
  EXPECT_LT(l_ghost, l_behind - 15.f);  // but drawn
}

// Issue 38: the ghost is a gold outline: inside its torso the scene behind shows unchanged, on
// its edge the gold is drawn; its lane is the one right behind the followed runner's.
TEST_F(FrameRender, TheGhostIsAnOutlineThatHidesNothingBehindIt) {
  sf::RenderTexture& t = target(1280, 720);
  auto runners = testing::animate_runners(2, rig::Motion::Run, 1.0f, 0.f);
  std::vector<FigureView> views = testing::views_of(runners);
  views[1].x = views[0].x + 300.0;  // clear of the followed runner
  views[1].ghost = true;
  views[1].depth = 1;
  FrameInputs in;
  in.camera_x = views[0].x;
  in.runners = views;
  const sf::Image frame = draw(t, in);
  save(t, "ghost_outline_1280x720.png");
  const std::vector<FigureView> only_own{views[0]};
  FrameInputs alone = in;
  alone.runners = only_own;
  const sf::Image without = draw(t, alone);
  const sf::View view = world_view(t.getSize());
  const Placement place = lane_placement(300.f, 1);
  const rig::Pose& pose = views[1].pose;
  // Mid-torso: between pelvis and chest, on the spine, clear of the near arm's reach.
  const rig::Vec2 mid = rig::lerp(pose[Joint::Pelvis], pose[Joint::Chest], 0.35f);
  const sf::Vector2i inside = t.mapCoordsToPixel(place(mid), view);
  EXPECT_LE(colour_distance(
                frame.getPixel(static_cast<unsigned>(inside.x), static_cast<unsigned>(inside.y)),
                without.getPixel(static_cast<unsigned>(inside.x), static_cast<unsigned>(inside.y))),
            12)
      << "the ghost's torso is filled";
  // Its outline: somewhere across the torso, left and right of the spine, gold is drawn.
  int gold = 0;
  for (int dx = -14; dx <= 14; ++dx) {
    const sf::Vector2i p = t.mapCoordsToPixel(place({mid.x + static_cast<float>(dx), mid.y}), view);
    const sf::Color c = frame.getPixel(static_cast<unsigned>(p.x), static_cast<unsigned>(p.y));
    if (colour_distance(
            c, without.getPixel(static_cast<unsigned>(p.x), static_cast<unsigned>(p.y))) > 40)
      ++gold;
  }
  EXPECT_GE(gold, 2) << "no outline drawn";
}

// Mean colour change, over the pixels the followed figure covers (where `alone` differs from
// `bare`), between `alone` and `with`; and the share of those pixels changed by more than 40.
struct FigureChange {
  double mean = 0.0;
  double share_changed = 0.0;
  int pixels = 0;
};
FigureChange change_on_figure(const sf::Image& bare, const sf::Image& alone,
                              const sf::Image& with) {
  FigureChange c;
  int changed = 0;
  double sum = 0.0;
  const sf::Vector2u size = alone.getSize();
  for (unsigned y = 0; y < size.y; ++y) {
    for (unsigned x = 0; x < size.x; ++x) {
      const sf::Color a = alone.getPixel(x, y);
      if (colour_distance(a, bare.getPixel(x, y)) <= 60) continue;
      ++c.pixels;
      const int d = colour_distance(a, with.getPixel(x, y));
      sum += d;
      changed += d > 40 ? 1 : 0;
    }
  }
  if (c.pixels > 0) {
    c.mean = sum / c.pixels;
    c.share_changed = static_cast<double>(changed) / c.pixels;
  }
  return c;
}

TEST_F(FrameRender, RivalNextToYouLeavesYourFigureClean) {
  sf::RenderTexture& t = target(1280, 720);
  auto runners = testing::animate_runners(2, rig::Motion::Run, 1.0f, 0.23f);
  std::vector<FigureView> views = testing::views_of(runners);
  FrameInputs in;
  in.camera_x = views[0].x;
  const sf::Image bare = draw(t, in);
  const std::vector<FigureView> only_own{views[0]};
  in.runners = only_own;
  const sf::Image alone = draw(t, in);
  views[1].x = views[0].x + 5.0;  // right next to you, one lane behind
  in.runners = views;
  const sf::Image with_near = draw(t, in);
  save(t, "rival_next_to_you_1280x720.png");
  const FigureChange near = change_on_figure(bare, alone, with_near);
  ASSERT_GT(near.pixels, 2000);         // the followed figure is there
  EXPECT_LT(near.mean, 6.0);            // measured 3.2 faded
  EXPECT_LT(near.share_changed, 0.02);  // 0.0014 faded, 0.115 unfaded

  // The same rival well clear of you is drawn strongly: the fade is what keeps you clean.
  views[1].x = views[0].x + 5.0 + kRivalNearUnits + kRivalFadeUnits;
  const sf::Image with_far = draw(t, in);
  const sf::View view = world_view(t.getSize());
  const auto rival_chest = [&](double dx) {
    const Placement p = lane_placement(static_cast<float>(dx), ghost_depth(1, 0));
    return t.mapCoordsToPixel(p(views[1].pose[Joint::Chest]), view);
  };
  const sf::Vector2i far_px = rival_chest(5.0 + kRivalNearUnits + kRivalFadeUnits);
  const sf::Color far_c =
      with_far.getPixel(static_cast<unsigned>(far_px.x), static_cast<unsigned>(far_px.y));
  const sf::Color far_bg =
      bare.getPixel(static_cast<unsigned>(far_px.x), static_cast<unsigned>(far_px.y));
  EXPECT_GT(colour_distance(far_c, far_bg), 120) << "a rival clear of you is drawn in full";
}

TEST_F(FrameRender, RivalsHaveTheirOwnTints) {
  sf::RenderTexture& t = target(1280, 720);
  auto runners = testing::animate_runners(3, rig::Motion::Run, 1.0f, 0.f);
  std::vector<FigureView> views = testing::views_of(runners);
  views[1].x = views[0].x + 180.0;
  views[2].x = views[0].x + 380.0;
  FrameInputs in;
  in.camera_x = views[0].x;
  in.runners = views;
  const sf::Image frame = draw(t, in);
  const sf::View view = world_view(t.getSize());
  const auto chest_colour = [&](std::size_t i) {
    const Placement p =
        lane_placement(static_cast<float>(views[i].x - views[0].x), ghost_depth(views[i].lane, 0));
    const sf::Vector2i px = t.mapCoordsToPixel(p(views[i].pose[Joint::Chest]), view);
    return frame.getPixel(static_cast<unsigned>(px.x), static_cast<unsigned>(px.y));
  };
  const sf::Color a = chest_colour(1), b = chest_colour(2);
  EXPECT_GT(colour_distance(a, b), 90) << "two rivals drawn in the same colour";
  // Each reads as its own tint (closer to it than to the other's).
  EXPECT_LT(colour_distance(a, palette::runner_tint(1)),
            colour_distance(a, palette::runner_tint(2)));
  EXPECT_LT(colour_distance(b, palette::runner_tint(2)),
            colour_distance(b, palette::runner_tint(1)));
  // Stable per id, and different for every id of a race of eight.
  EXPECT_EQ(palette::runner_tint(3), palette::runner_tint(3 + palette::kRivalTintCount));
  for (int i = 0; i < 8; ++i) {
    for (int j = i + 1; j < 8; ++j) {
      EXPECT_GT(colour_distance(palette::runner_tint(i), palette::runner_tint(j)), 60) << i << j;
    }
  }
  save(t, "rival_tints_1280x720.png");
}

// Rivals far behind, off screen, leave no trace on it: their name tags are not stacked at the
// edge (the race strip says where they are).
TEST_F(FrameRender, RivalsOffScreenHaveNoTagAtTheEdge) {
  sf::RenderTexture& t = target(1280, 720);
  auto runners = testing::animate_runners(5, rig::Motion::Run, 1.0f, 0.f);
  std::vector<FigureView> views = testing::views_of(runners);
  for (std::size_t i = 1; i < views.size(); ++i) {
    views[i].x = views[0].x - 500.0 - 50.0 * static_cast<double>(i);
    views[i].name = "rival-" + std::to_string(i);
  }
  const std::vector<FigureView> you = {views[0]};
  FrameInputs alone;
  alone.camera_x = views[0].x;
  alone.runners = you;
  const sf::Image only_you = draw(t, alone);
  FrameInputs with_rivals = alone;
  with_rivals.runners = views;
  const sf::Image behind = draw(t, with_rivals);
  ASSERT_EQ(only_you.getSize(), behind.getSize());
  const std::size_t bytes = 4u * only_you.getSize().x * only_you.getSize().y;
  EXPECT_EQ(0, std::memcmp(only_you.getPixelsPtr(), behind.getPixelsPtr(), bytes))
      << "something of the rivals off screen was drawn";
}

// A crowd (a big race's start): tags rise at most kMaxTagRise tags above a head to clear each
// other, nearest rivals first, and the rest go untagged. The sky above the crowd stays as it is
// with one tagged rival there; a column of 30 tags would climb over it to the HUD.
TEST_F(FrameRender, ACrowdsTagsDoNotClimbIntoTheSky) {
  sf::RenderTexture& t = target(1280, 720);
  auto runners = testing::animate_runners(31, rig::Motion::Run, 1.0f, 0.f);
  std::vector<FigureView> views = testing::views_of(runners);
  for (std::size_t i = 1; i < views.size(); ++i) {
    views[i].x = views[0].x + 200.0 + 2.0 * static_cast<double>(i);  // one clump, opaque
    views[i].lane = 1;
    views[i].name = "rival-" + std::to_string(i);
  }
  const std::vector<FigureView> pair = {views[0], views[1]};
  FrameInputs one;
  one.camera_x = views[0].x;
  one.runners = pair;
  FrameInputs crowd = one;
  crowd.runners = views;
  const sf::Image a = draw(t, one);
  const sf::Image b = draw(t, crowd);
  ASSERT_EQ(a.getSize(), b.getSize());
  const std::size_t row = 4u * a.getSize().x;
  const std::size_t fifth = row * (a.getSize().y / 5);  // bytes of a fifth of the frame
  EXPECT_EQ(0, std::memcmp(a.getPixelsPtr(), b.getPixelsPtr(), fifth))
      << "the crowd's tags climbed into the top fifth, far above every head";
  // The crowd is tagged next to the heads: the next fifth down differs from one tag.
  EXPECT_NE(0, std::memcmp(a.getPixelsPtr() + fifth, b.getPixelsPtr() + fifth, fifth));
  save(t, "crowd_tags_1280x720.png");
}

// Issue 38, a start that reads: eight runners standing at the line (distance 0, core/lane_slots
// giving the lanes) are drawn in eight places: no two heads and no two spearheads within half a
// head of each other, none near the followed runner's, and the tags clear of its head.
TEST_F(FrameRender, AtTheLineNoTwoRunnersStandInOnePlace) {
  sf::RenderTexture& t = target(1280, 720);
  auto runners = testing::animate_runners(8, rig::Motion::Idle, 1.0f);
  std::vector<FigureView> views = testing::views_of(runners);
  std::vector<std::uint32_t> ids;
  for (FigureView& v : views) {
    v.x = 0.0;
    v.lane = v.id = static_cast<int>(ids.size()) + 1;
    ids.push_back(static_cast<std::uint32_t>(v.lane));
  }
  for (std::uint32_t followed = 1; followed <= 8; ++followed) {
    LaneSlots lanes;
    lanes.assign(ids, followed, kGhostDepths);
    std::vector<sf::Vector2f> heads, tips;
    for (FigureView& v : views) {
      v.followed = v.lane == static_cast<int>(followed);
      v.depth = lanes.slot(static_cast<std::uint32_t>(v.lane));
      const Placement p = lane_placement(0.f, v.depth);
      heads.push_back(p(v.secondary.head));
      tips.push_back(p(v.pose[Joint::SpearTip]));
    }
    const float head = rig::kHeadR;
    for (std::size_t i = 0; i < views.size(); ++i) {
      for (std::size_t j = i + 1; j < views.size(); ++j) {
        const bool with_followed = views[i].followed || views[j].followed;
        const float apart = with_followed ? 1.6f * head : 0.9f * head;
        const sf::Vector2f dh = heads[i] - heads[j], dt = tips[i] - tips[j];
        EXPECT_GE(std::hypot(dh.x, dh.y), apart)
            << "following " << followed << ": heads of " << i + 1 << " and " << j + 1;
        EXPECT_GE(std::hypot(dt.x, dt.y), apart)
            << "following " << followed << ": spearheads of " << i + 1 << " and " << j + 1;
      }
    }
  }
  // For review: the line as drawn, following runner 1.
  LaneSlots lanes;
  lanes.assign(ids, 1u, kGhostDepths);
  for (FigureView& v : views) {
    v.followed = v.lane == 1;
    v.depth = lanes.slot(static_cast<std::uint32_t>(v.lane));
    v.name = "rival-" + std::to_string(v.lane);
  }
  FrameInputs in;
  in.camera_x = 0.0;
  in.followed_lane = 1;
  in.runners = views;
  draw(t, in);
  save(t, "start_line_1280x720.png");
}

TEST(RivalFade, CloseRivalsFadeAndClearOnesDoNot) {
  EXPECT_EQ(rival_fade_level(0.0), 0);
  EXPECT_EQ(rival_fade_level(-39.0), 0);
  EXPECT_EQ(rival_fade_level(kRivalNearUnits + kRivalFadeUnits + 1.0), kRivalFadeLevels - 1);
  EXPECT_LT(rival_fade_opacity(0), 0.3f);
  EXPECT_GT(rival_fade_opacity(kRivalFadeLevels - 1), 0.7f);
}

TEST_F(FrameRender, LetterboxBarsAtPortraitSize) {
  sf::RenderTexture& t = target(600, 900);
  const auto views = testing::views_of(testing::animate_runners(1, rig::Motion::Run, 0.8f));
  FrameInputs in;
  in.camera_x = views[0].x;
  in.runners = views;
  const sf::Image frame = draw(t, in);
  EXPECT_EQ(frame.getPixel(300, 100), palette::kLetterboxBars);
  EXPECT_EQ(frame.getPixel(300, 800), palette::kLetterboxBars);
  EXPECT_NE(frame.getPixel(300, 450), palette::kLetterboxBars);
  // Exactly 440 units between the top and the bottom of the drawn area.
  const sf::View view = world_view(t.getSize());
  const sf::Vector2f top = t.mapPixelToCoords({300, 225}, view),
                     bottom = t.mapPixelToCoords({300, 675}, view);
  EXPECT_NEAR(bottom.y - top.y, 440.f, 1.5f);
  save(t, "portrait_600x900.png");
}

TEST_F(FrameRender, SameInputsDrawTheSameFrame) {
  // Reduced motion holds one static frame: redrawing must not change a pixel.
  sf::RenderTexture& t = target(800, 450);
  const auto views = testing::views_of(testing::animate_runners(4, rig::Motion::Run, 1.1f));
  const auto obstacles = testing::course_ahead();
  FrameInputs in;
  in.camera_x = views[0].x;
  in.time = 12.5f;
  in.runners = views;
  in.obstacles = obstacles;
  const sf::Image a = draw(t, in);
  const sf::Image b = draw(t, in);
  ASSERT_EQ(a.getSize(), b.getSize());
  EXPECT_TRUE(std::equal(a.getPixelsPtr(), a.getPixelsPtr() + a.getSize().x * a.getSize().y * 4,
                         b.getPixelsPtr()));
}

TEST_F(FrameRender, GroundScrollsWithTheFollowedRunner) {
  sf::RenderTexture& t = target(800, 450);
  FrameInputs in;
  in.camera_x = 1000.0;
  const sf::Image a = draw(t, in);
  in.camera_x = 1000.0 + kGroundDotSpacing / 2.0;
  const sf::Image b = draw(t, in);
  in.camera_x =
      1000.0 + kGroundDotSpacing * 7.0;  // whole dot spacings (and other rows' spacings differ)
  const sf::Image c = draw(t, in);
  const sf::View view = world_view(t.getSize());
  // The dot row just under the lane line: half a spacing moves it, a whole spacing does not.
  int moved_half = 0, moved_whole = 0;
  const sf::Vector2i row = t.mapCoordsToPixel({0.f, 7.f}, view);
  for (unsigned x = 0; x < 800; ++x) {
    const auto y = static_cast<unsigned>(row.y);
    moved_half += colour_distance(a.getPixel(x, y), b.getPixel(x, y)) > 20 ? 1 : 0;
    moved_whole += colour_distance(a.getPixel(x, y), c.getPixel(x, y)) > 20 ? 1 : 0;
  }
  EXPECT_GT(moved_half, 60);
  EXPECT_LT(moved_whole, moved_half / 10 + 1);
}

TEST_F(FrameRender, LabIsItsOwnStageWithNoObstacleNorRunScore) {
  sf::RenderTexture& t = target(1280, 720);
  const auto views = testing::views_of(testing::animate_runners(4, rig::Motion::Walk, 1.3f));
  const auto obstacles = testing::course_ahead();  // a hurdle 260 units ahead, targets, straw
  HudState hud = run_hud(views);                   // a score, a distance, the scoreboard
  hud.lab.active = true;
  hud.lab.motion = "walk";
  FrameInputs lab;
  lab.camera_x = views[0].x;
  lab.ground_x = views[0].x + 5432.1;  // the treadmill has moved on
  lab.time = 4.f;
  lab.runners = views;
  lab.obstacles = obstacles;
  lab.hud = &hud;
  lab.lab_stage = true;
  const sf::Image in_lab = draw(t, lab);

  // The same stage with nothing of the course: no obstacles, no other runners, another score.
  HudState other = hud;
  other.score = 7;
  other.best = 99999;
  other.distance_m = 0.f;
  other.scoreboard.clear();
  FrameInputs bare = lab;
  bare.runners = std::span<const FigureView>(views.data(), 1);
  bare.obstacles = {};
  bare.hud = &other;
  const sf::Image stage = draw(t, bare);
  ASSERT_EQ(in_lab.getSize(), stage.getSize());
  EXPECT_TRUE(std::equal(in_lab.getPixelsPtr(),
                         in_lab.getPixelsPtr() + in_lab.getSize().x * in_lab.getSize().y * 4,
                         stage.getPixelsPtr()))
      << "the lab frame shows something of the course or of the run";

  // Where the course has its hurdle, the course frame draws it and the lab frame does not.
  FrameInputs course = lab;
  course.lab_stage = false;
  hud.lab.active = false;
  const sf::Image on_course = draw(t, course);
  const sf::View view = world_view(t.getSize());
  const sf::Vector2i post = t.mapCoordsToPixel({260.f, -20.f}, view);  // near post of the hurdle
  const auto px = [&](const sf::Image& img) { return darkest_near(img, post.x, post.y, 2); };
  EXPECT_GT(colour_distance(px(on_course), px(in_lab)), 60);
  EXPECT_LT(colour_distance(px(on_course), palette::kPost), 60);  // the post, on the course
  save(t, "course_for_lab_1280x720.png");
}

TEST_F(FrameRender, LabGroundScrollsUnderAFigureThatStays) {
  sf::RenderTexture& t = target(800, 450);
  FrameInputs in;
  in.camera_x = 1000.0;
  in.lab_stage = true;
  in.ground_x = 1000.0;
  const sf::Image a = draw(t, in);
  in.ground_x = 1000.0 + kGroundDotSpacing / 2.0;
  const sf::Image b = draw(t, in);
  const sf::View view = world_view(t.getSize());
  int moved = 0;
  const sf::Vector2i row = t.mapCoordsToPixel({0.f, 7.f}, view);
  for (unsigned x = 0; x < 800; ++x) {
    const auto y = static_cast<unsigned>(row.y);
    moved += colour_distance(a.getPixel(x, y), b.getPixel(x, y)) > 20 ? 1 : 0;
  }
  EXPECT_GT(moved, 60);  // the treadmill moved the dots, the camera did not move
}

TEST_F(FrameRender, ASpearHeldIntoAStandingTargetGoesIntoTheStraw) {
  // The sim crashes a runner at a target's near face by its body; the spear held forward reaches
  // into the sheaf first. Drawn over the straw it would cross in front of an unbroken target;
  // the standing sheaf is drawn in front of the followed figure, so the shaft goes into it. A
  // hurdle stays behind the figure (its legs pass over it).
  sf::RenderTexture& t = target(1280, 720);
  const auto views = testing::views_of(testing::animate_runners(1, rig::Motion::Run, 1.3f));
  const rig::Pose& pose = views[0].pose;
  const rig::Vec2 tail = pose[Joint::SpearTail], tip = pose[Joint::SpearTip];
  const rig::Vec2 into = tail + (tip - tail) * 0.7f;  // where the sheaf's axis meets the shaft
  constexpr float kWidth = 24.f;
  const double near_face = views[0].x + into.x - kWidth / 2.f;
  const std::vector<SceneObstacle> target_there{
      {4, ObstacleKind::StrawTarget, near_face, 150.f, kWidth, false, 0.f}};
  FrameInputs in;
  in.camera_x = views[0].x;
  in.runners = views;
  const sf::Image spear = draw(t, in);  // no obstacle: the shaft is drawn there
  in.obstacles = target_there;
  const sf::Image into_straw = draw(t, in);
  FrameInputs no_runner = in;
  no_runner.runners = {};
  const sf::Image straw = draw(t, no_runner);
  const sf::View view = world_view(t.getSize());
  const sf::Vector2i p = t.mapCoordsToPixel({into.x, into.y}, view);
  const auto at = [&](const sf::Image& img) {
    return img.getPixel(static_cast<unsigned>(p.x), static_cast<unsigned>(p.y));
  };
  EXPECT_GT(colour_distance(at(spear), at(straw)),
            60);  // the shaft is there, and looks unlike straw
  EXPECT_LT(colour_distance(at(into_straw), at(straw)), 20);  // and inside the sheaf it is hidden
  // The same runner before a hurdle under its feet: the figure over the hurdle.
  const rig::Vec2 foot = pose[Joint::FootNear];
  const std::vector<SceneObstacle> hurdle_there{
      {5, ObstacleKind::Hurdle, views[0].x + foot.x - 10.0, 60.f, 20.f, false, 0.f}};
  in.obstacles = hurdle_there;
  const sf::Image over_hurdle = draw(t, in);
  const sf::Vector2i f = t.mapCoordsToPixel({foot.x, foot.y - 4.f}, view);
  EXPECT_LT(luminance(darkest_near(over_hurdle, f.x, f.y, 1)), 70.f);  // the foot's ink
}

TEST_F(FrameRender, BrokenTargetBurstsIntoStraw) {
  sf::RenderTexture& t = target(800, 450);
  std::vector<SceneObstacle> intact{
      {9, ObstacleKind::StrawTarget, 1150.0, 150.f, 24.f, false, 0.f}};
  std::vector<SceneObstacle> broken{
      {9, ObstacleKind::StrawTarget, 1150.0, 150.f, 24.f, true, 0.3f}};
  FrameInputs in;
  in.camera_x = 1000.0;
  in.obstacles = intact;
  const sf::Image a = draw(t, in);
  in.obstacles = broken;
  const sf::Image b = draw(t, in);
  const sf::View view = world_view(t.getSize());
  // The top of the bundle is gone, and straw is flying around it.
  const sf::Vector2i top = t.mapCoordsToPixel({162.f, -130.f}, view);  // the sheaf's axis
  EXPECT_GT(colour_distance(a.getPixel(static_cast<unsigned>(top.x), static_cast<unsigned>(top.y)),
                            b.getPixel(static_cast<unsigned>(top.x), static_cast<unsigned>(top.y))),
            60);
  int straw = 0;
  for (unsigned y = 0; y < 450; ++y) {
    for (unsigned x = 0; x < 800; ++x) {
      const sf::Color c = b.getPixel(x, y);
      if (colour_distance(c, a.getPixel(x, y)) > 40 && c.r > 180 && c.g > 130 && c.b < 140) ++straw;
    }
  }
  EXPECT_GT(straw, 80);
}

TEST_F(FrameRender, Screenshots) {
  // Sixteen runners on a course with obstacles and the HUD: what a player sees.
  auto runners = testing::animate_runners(16, rig::Motion::Run, 1.4f);
  const auto views = testing::views_of(runners);
  const auto obstacles = testing::course_ahead();
  HudState hud = run_hud(views);
  FrameInputs in;
  in.camera_x = views[0].x;
  in.time = 30.f;
  in.runners = views;
  in.obstacles = obstacles;
  in.hud = &hud;
  sf::RenderTexture& t = target(1280, 720);
  renderer_->draw_frame(t, in);
  save(t, "run_1280x720.png");

  // The net graph (F3) over the run.
  NetPlotHistory history;
  for (int i = 0; i < 120; ++i) {
    const float wobble = static_cast<float>((i * 37) % 11);
    history.push({42.f + wobble + (i > 80 && i < 86 ? 60.f : 0.f), 30.f - (i % 17 == 0 ? 4.f : 0.f),
                  33.f + wobble * 2.f + (i % 17 == 0 ? 40.f : 0.f), i % 17 == 0 ? 3.3f : 0.f,
                  14000.f + 900.f * wobble, 1800.f + 40.f * wobble, 100.f + wobble});
  }
  hud.net_graph = &history;
  renderer_->draw_frame(t, in);
  save(t, "net_graph_1280x720.png");
  hud.net_graph = nullptr;

  // A crash: the fall, and the message.
  auto fallen = testing::animate_runners(1, rig::Motion::Fall, 1.2f);
  std::vector<FigureView> fall_views = views;
  fall_views[0] = fallen[0].view;
  fall_views[0].x = views[0].x;
  fall_views[0].followed = true;
  in.runners = fall_views;
  hud.message = StateMessage::PressSpaceToRun;
  hud.message_detail = "crashed into a hurdle at 100 m";
  renderer_->draw_frame(t, in);
  save(t, "crash_1280x720.png");

  // The motion lab: spear form with the skeleton overlay.
  auto lab = testing::animate_runners(1, rig::Motion::Form, 2.6f);
  std::vector<FigureView> lab_views = testing::views_of(lab);
  HudState lab_hud = run_hud(lab_views);  // the lab hides the run's panel and the scoreboard
  lab_hud.lab.active = true;
  lab_hud.lab.motion = "form";
  lab_hud.lab.motions = {"walk", "run", "throw", "jump", "form"};
  lab_hud.lab.motion_index = 4;
  lab_hud.lab.phase = lab[0].state.phase;
  lab_hud.lab.gait = lab[0].state.gait;
  lab_hud.lab.paused = true;
  lab_hud.lab.skeleton = true;
  FrameInputs lab_in;
  lab_in.camera_x = lab_views[0].x;
  lab_in.ground_x = lab_views[0].x + 1234.5;
  lab_in.lab_stage = true;
  lab_in.obstacles = obstacles;  // not drawn: the lab is its own stage
  lab_in.runners = lab_views;
  lab_in.hud = &lab_hud;
  lab_in.skeleton_overlay = true;
  lab_in.rig_debug = &lab[0].debug;
  renderer_->draw_frame(t, lab_in);
  save(t, "lab_1280x720.png");

  // Close-ups at 1440p: one runner mid-stride, with and without its skeleton; the obstacles.
  sf::RenderTexture& big = target(2560, 1440);
  auto one = testing::animate_runners(1, rig::Motion::Run, 1.37f);
  std::vector<FigureView> one_view = testing::views_of(one);
  FrameInputs close;
  close.camera_x = one_view[0].x;
  close.runners = one_view;
  close.obstacles = obstacles;
  close.time = 30.f;
  renderer_->draw_frame(big, close);
  save_crop(big, {-110.f, -190.f}, {150.f, 20.f}, "closeup_run.png");
  close.skeleton_overlay = true;
  close.rig_debug = &one[0].debug;
  renderer_->draw_frame(big, close);
  save_crop(big, {-110.f, -190.f}, {150.f, 20.f}, "closeup_run_skeleton.png");
  close.skeleton_overlay = false;
  close.runners = {};
  renderer_->draw_frame(big, close);
  save_crop(big, {60.f, -200.f}, {480.f, 30.f}, "closeup_obstacles.png");

  // Connecting, at full HD.
  sf::RenderTexture& hd = target(1920, 1080);
  HudState connecting;
  connecting.show_run = false;
  connecting.message = StateMessage::Connecting;
  connecting.message_detail = "localhost:27600";
  FrameInputs idle;
  idle.camera_x = 0.0;
  idle.hud = &connecting;
  renderer_->draw_frame(hd, idle);
  save(hd, "connecting_1920x1080.png");
}

}  // namespace
}  // namespace spear::client
