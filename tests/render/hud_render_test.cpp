// The HUD draws its text where it says (pixels change there), and without a font it still draws
// its panels and never crashes.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "render/font_locator.hpp"
#include "render/hud_renderer.hpp"
#include "render/offscreen.hpp"
#include "render/view.hpp"
#include "render_fixtures.hpp"

namespace spear::client {
namespace {

using testing::colour_distance;

constexpr unsigned kW = 1280, kH = 720;
// HUD rectangles at 1280×720 (scale 1): the run's panel, the lab's banner and readout panel.
const sf::IntRect kRunPanel{16, 14, 330, 112};
const sf::IntRect kLabBanner{460, 44, 360, 94};
const sf::IntRect kLabPanel{410, 592, 460, 112};
const sf::Color kClear{90, 60, 100};

HudState sample_hud() {
  HudState hud;
  hud.score = 12345;
  hud.best = 20480;
  hud.distance_m = 1180.f;
  hud.speed_mps = 38.2f;
  hud.scoreboard = {{"ada", 20480, 20480, false, false},
                    {"you", 12345, 15000, true, false},
                    {"bot-3", 800, 900, false, true}};
  return hud;
}

// Pixels differing between two images inside a rectangle.
int changed(const sf::Image& a, const sf::Image& b, sf::IntRect r) {
  int n = 0;
  for (int y = r.top; y < r.top + r.height; ++y) {
    for (int x = r.left; x < r.left + r.width; ++x) {
      if (colour_distance(a.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y)),
                          b.getPixel(static_cast<unsigned>(x), static_cast<unsigned>(y))) > 40) {
        ++n;
      }
    }
  }
  return n;
}

class HudRender : public ::testing::Test {
 protected:
  void SetUp() override {
    off_ = create_offscreen(kW, kH, 4);
    ASSERT_TRUE(off_.texture) << off_.error;
  }
  sf::Image draw(const HudState* hud, const FontSet* fonts) {
    sf::RenderTexture& t = *off_.texture;
    t.clear(kClear);
    if (hud != nullptr) renderer_.draw(t, *hud, fonts);
    t.display();
    return t.getTexture().copyToImage();
  }
  Offscreen off_;
  HudRenderer renderer_;
};

TEST_F(HudRender, ScoreTextIsDrawn) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  const HudState hud = sample_hud();
  const sf::Image with_text = draw(&hud, &fonts);
  EXPECT_GT(renderer_.texts_drawn(), 10u);
  const sf::Image without_text = draw(&hud, nullptr);
  EXPECT_EQ(renderer_.texts_drawn(), 0u);
  // The score's big digits sit in the top-left panel; the scoreboard names at the top right.
  const sf::IntRect score_area{30, 30, 250, 50};
  const sf::IntRect board_area{static_cast<int>(kW) - 250, 40, 234, 80};
  EXPECT_GT(changed(with_text, without_text, score_area), 400);
  EXPECT_GT(changed(with_text, without_text, board_area), 200);
  // Nothing changes where there is no HUD at all (centre of the screen, no message).
  EXPECT_EQ(changed(with_text, without_text, {500, 300, 280, 120}), 0);
}

TEST_F(HudRender, DifferentScoresDrawDifferentPixels) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  HudState a = sample_hud();
  HudState b = a;
  b.score = 98760;
  const sf::Image ia = draw(&a, &fonts);
  const sf::Image ib = draw(&b, &fonts);
  EXPECT_GT(changed(ia, ib, {30, 30, 250, 50}), 100);
}

TEST_F(HudRender, StateMessageAppearsInTheCentre) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  HudState quiet = sample_hud();
  HudState lost = quiet;
  lost.message = StateMessage::ConnectionLost;
  lost.message_detail = "retrying localhost:27600 in 2 s";
  const sf::IntRect centre{440, 200, 400, 100};
  EXPECT_GT(changed(draw(&lost, &fonts), draw(&quiet, &fonts), centre), 1000);
}

TEST_F(HudRender, MissingFontDrawsShapesAndDoesNotCrash) {
  FontSet fonts;
  const std::string warning = load_fonts(fonts, {"/nonexistent/spear-run/fonts"});
  EXPECT_FALSE(warning.empty());
  EXPECT_FALSE(fonts.has_regular);
  HudState hud = sample_hud();
  hud.message = StateMessage::Connecting;
  hud.lab.active = true;
  hud.lab.motion = "run";
  NetPlotHistory history;
  for (int i = 0; i < 50; ++i)
    history.push({40.f + static_cast<float>(i), 30.f, 40.f, 0.f, 9000.f, 1200.f, 100.f});
  hud.net_graph = &history;
  const sf::Image with_hud = draw(&hud, &fonts);
  EXPECT_EQ(renderer_.texts_drawn(), 0u);
  const sf::Image bare = draw(nullptr, nullptr);
  // Panels are still there: the lab's banner and readouts, and out of the lab the run's.
  EXPECT_GT(changed(with_hud, bare, kLabBanner), 1000);
  EXPECT_GT(changed(with_hud, bare, kLabPanel), 1000);
  hud.lab.active = false;
  EXPECT_GT(changed(draw(&hud, &fonts), bare, kRunPanel), 1000);
}

TEST_F(HudRender, LabHudShowsTheLabsReadoutsAndNoRunScore) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  HudState lab = sample_hud();  // a score, a distance, a speed and a scoreboard: none drawn
  lab.lab.active = true;
  lab.lab.motion = "run";
  lab.lab.motions = {"walk", "run", "throw", "jump", "form"};
  lab.lab.motion_index = 1;
  lab.lab.phase = 0.3f;
  lab.lab.gait = 1.f;
  lab.lab.gait_shown = true;
  lab.lab.ground_speed_mps = 38.3f;
  const sf::Image drawn = draw(&lab, &fonts);
  const sf::Image bare = draw(nullptr, nullptr);
  // No run panel (score, distance, speed, best), no scoreboard: nothing drawn there at all.
  EXPECT_EQ(changed(drawn, bare, kRunPanel), 0);
  EXPECT_EQ(changed(drawn, bare, {static_cast<int>(kW) - 266, 14, 250, 130}), 0);
  // Another run score changes no pixel anywhere.
  HudState other = lab;
  other.score = 98760;
  other.best = 99999;
  other.distance_m = 3.f;
  other.speed_mps = 0.f;
  other.scoreboard.clear();
  const sf::Image again = draw(&other, &fonts);
  EXPECT_EQ(changed(drawn, again, {0, 0, static_cast<int>(kW), static_cast<int>(kH)}), 0);
  // The lab's own: its banner with the motion list, its readouts with the treadmill's speed.
  EXPECT_GT(changed(drawn, bare, kLabBanner), 1000);
  EXPECT_GT(changed(drawn, bare, kLabPanel), 1000);
  HudState walking = lab;
  walking.lab.motion_index = 0;  // another motion highlighted in the list
  EXPECT_GT(changed(drawn, draw(&walking, &fonts), {460, 108, 360, 30}), 50);
  HudState slower = lab;
  slower.lab.ground_speed_mps = 10.6f;
  EXPECT_GT(changed(drawn, draw(&slower, &fonts), kLabPanel), 20);
}

bool has_text(const std::vector<std::string>& texts, const std::string& what) {
  return std::find(texts.begin(), texts.end(), what) != texts.end();
}

// The spear form names the pose playing where walk and run show their gait: the gait (a walk–run
// blend the form has no use for) is not shown, and another pose draws other words.
TEST_F(HudRender, LabFormShowsThePoseNameNotAGait) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  HudState form;
  form.lab.active = true;
  form.lab.motion = "form";
  form.lab.motions = {"walk", "run", "throw", "jump", "form"};
  form.lab.motion_index = 4;
  form.lab.phase = 0.38f;
  form.lab.gait = 0.14f;
  form.lab.pose = "low sweep";
  const sf::Image sweep = draw(&form, &fonts);
  const std::vector<std::string> texts = renderer_.texts();
  EXPECT_TRUE(has_text(texts, "low sweep"));
  EXPECT_FALSE(has_text(texts, "gait"));
  EXPECT_FALSE(has_text(texts, "0.14"));
  HudState guard = form;
  guard.lab.pose = "high guard";
  EXPECT_GT(changed(sweep, draw(&guard, &fonts), kLabPanel), 50);
  EXPECT_TRUE(has_text(renderer_.texts(), "high guard"));
  // Running, the gait bar is back and no pose is named.
  HudState run = form;
  run.lab.motion = "run";
  run.lab.pose.clear();
  run.lab.gait_shown = true;
  draw(&run, &fonts);
  EXPECT_TRUE(has_text(renderer_.texts(), "gait"));
}

TEST_F(HudRender, RaceStripShowsOneMarkPerRunner) {
  for (int count : {2, 5, 8}) {
    HudState hud = sample_hud();
    for (int i = 0; i < count; ++i) {
      // Spread out along the course, out of order; runner 1 followed.
      hud.race.push_back({static_cast<double>((i * 7919) % count) * 400.0 + 100.0, i, i == 1});
    }
    const sf::Image img = draw(&hud, nullptr);
    const sf::FloatRect box = race_strip_box({static_cast<float>(kW), static_cast<float>(kH)}, 1.f);
    // A row through the dots, above the strip's line: count the runs of marked pixels.
    const auto y = static_cast<unsigned>(box.top + box.height / 2.f - 2.5f);
    const sf::Color empty = img.getPixel(static_cast<unsigned>(box.left + 3.f), y);
    int runs = 0;
    bool in_run = false;
    for (unsigned x = static_cast<unsigned>(box.left); static_cast<float>(x) < box.left + box.width;
         ++x) {
      const bool marked = colour_distance(img.getPixel(x, y), empty) > 60;
      if (marked && !in_run) ++runs;
      in_run = marked;
    }
    EXPECT_EQ(runs, count) << count << " runners";
  }
}

// A full race HUD: the run's panel with a combo, eight runners (one with a 24-glyph name), the
// race strip.
HudState crowded_hud() {
  HudState hud = sample_hud();
  hud.combo = 4;
  hud.score = 123456;
  hud.distance_m = 12345.f;
  hud.scoreboard.push_back({std::string(24, 'W'), 99999, 99999, false, false});
  for (int i = 0; i < 4; ++i) hud.scoreboard.push_back({"bot-" + std::to_string(i), 10, 10});
  hud.scoreboard.back().away = true;
  for (int i = 0; i < 8; ++i) hud.race.push_back({100.0 * i, i, i == 1});
  return hud;
}

std::string overlap_report(const std::vector<sf::FloatRect>& boxes, sf::Vector2f area) {
  std::string out;
  for (std::size_t i = 0; i < boxes.size(); ++i) {
    const sf::FloatRect& a = boxes[i];
    if (a.left < -0.5f || a.top < -0.5f || a.left + a.width > area.x + 0.5f ||
        a.top + a.height > area.y + 0.5f)
      out += "text " + std::to_string(i) + " leaves the area; ";
    for (std::size_t j = i + 1; j < boxes.size(); ++j) {
      if (a.intersects(boxes[j]))
        out += "texts " + std::to_string(i) + " and " + std::to_string(j) + " overlap; ";
    }
  }
  return out;
}

TEST(HudLayout, TextBoxesDoNotOverlapAtAnyWindowSize) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  NetPlotHistory history;
  for (int i = 0; i < 60; ++i) history.push({40.f, 30.f, 33.f, 0.f, 14000.f, 1800.f, 100.f});
  const sf::Vector2u sizes[] = {{320, 180},  {480, 270},  {640, 360},
                                {1280, 720}, {600, 1400}, {900, 1200}};
  for (const sf::Vector2u size : sizes) {
    Offscreen off = create_offscreen(size.x, size.y, 0);
    ASSERT_TRUE(off.texture) << off.error;
    const HudFrame frame = hud_frame(size);
    const sf::Vector2f area = frame.view.getSize();
    for (bool graph : {false, true}) {
      HudState hud = crowded_hud();
      if (graph) hud.net_graph = &history;
      HudRenderer renderer;
      off.texture->clear(kClear);
      renderer.draw(*off.texture, hud, &fonts);
      const std::vector<sf::FloatRect> boxes = renderer.text_boxes();
      ASSERT_GT(boxes.size(), 20u);
      // Every text legible, the net graph's values too: where the graph cannot fit readably
      // (a small window) it is left out rather than drawn over the scoreboard.
      EXPECT_EQ(overlap_report(boxes, area), "")
          << size.x << "x" << size.y << (graph ? " with the net graph" : "");
      if (graph && size.y >= 720 && size.x >= 1280) {
        EXPECT_GT(renderer.net_graph_box().width, 0.f)
            << "no net graph at " << size.x << "x" << size.y;
      }
      if (frame.tall) {  // portrait: the score and the board above the scene, not over it
        EXPECT_LT(boxes[0].top + boxes[0].height, frame.game_top) << "SCORE";
        EXPECT_LT(boxes[1].top + boxes[1].height, frame.game_top) << "the score";
      }
      // The net graph stays clear of the followed runner (its anchor, feet to head, and a
      // stride either side) and of the ground line.
      if (graph && renderer.net_graph_box().width > 0.f) {
        const sf::FloatRect g = renderer.net_graph_box();
        const sf::View world = world_view(size);
        const auto hud_px = [&](sf::Vector2f w) {
          return off.texture->mapPixelToCoords(off.texture->mapCoordsToPixel(w, world), frame.view);
        };
        const sf::Vector2f a = hud_px({-70.f, -175.f}), b = hud_px({90.f, 4.f});
        EXPECT_FALSE(g.intersects({a.x, a.y, b.x - a.x, b.y - a.y}))
            << "the net graph covers the runner at " << size.x << "x" << size.y;
        // Above the ground line, or (portrait) in the bar below the whole scene.
        const bool above_ground = g.top + g.height < hud_px({0.f, 0.f}).y;
        const bool under_scene = frame.tall && g.top >= frame.game_top + frame.game_height;
        EXPECT_TRUE(above_ground || under_scene)
            << "over the ground at " << size.x << "x" << size.y;
        EXPECT_LE(g.left + g.width, area.x + 0.5f);
      }
    }
  }
}

TEST(StateMessages, EveryMessageHasWords) {
  EXPECT_EQ(state_message_text(StateMessage::None), "");
  EXPECT_EQ(state_message_text(StateMessage::Connecting), "connecting\u2026");
  EXPECT_EQ(state_message_text(StateMessage::ServerFull), "server full");
  EXPECT_EQ(state_message_text(StateMessage::WrongPassword), "wrong password");
  EXPECT_EQ(state_message_text(StateMessage::ConnectionLost), "connection lost");
  EXPECT_EQ(state_message_text(StateMessage::PressSpaceToRun), "press Space to run again");
}

TEST(GroupThousands, SeparatesEveryThreeDigits) {
  EXPECT_EQ(group_thousands(0), "0");
  EXPECT_EQ(group_thousands(999), "999");
  EXPECT_EQ(group_thousands(1000), "1,000");
  EXPECT_EQ(group_thousands(1234567), "1,234,567");
  EXPECT_EQ(group_thousands(-4200), "-4,200");
}

TEST_F(HudRender, RaceCountdownAndGoAreDrawnInTheMiddle) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  HudState quiet = sample_hud();
  HudState three = quiet;
  three.races.active = true;
  three.races.race = 2;
  three.races.phase = "countdown";
  three.races.seconds_left = 3;
  three.countdown = 3;
  three.countdown_caption = "race starts in";
  HudState go = three;
  go.countdown = 0;
  go.races.phase = "race";
  go.races.go = true;
  const sf::IntRect middle{540, 140, 200, 200};
  const sf::Image iq = draw(&quiet, &fonts), i3 = draw(&three, &fonts), igo = draw(&go, &fonts);
  EXPECT_GT(changed(i3, iq, middle), 1500);
  EXPECT_GT(changed(igo, i3, middle), 500);  // "GO!" is not "3"
  // The banner (race number, time) at the top centre.
  EXPECT_GT(changed(i3, iq, {450, 10, 380, 40}), 200);
}

TEST_F(HudRender, ResultsScreenListsThePlacesAndTheAllTimeBoard) {
  FontSet fonts;
  ASSERT_EQ(load_fonts(fonts, font_search_dirs(executable_dir())), "");
  HudState quiet = sample_hud();
  HudState results = quiet;
  RaceHud& r = results.races;
  r.active = true;
  r.race = 3;
  r.phase = "results";
  r.seconds_left = 7;
  r.show_results = true;
  for (int i = 0; i < 4; ++i)
    r.results.push_back({i + 1, "runner " + std::to_string(i), i == 3, 400 - i * 50,
                         380.f - static_cast<float>(i) * 40.f, 3 - i, i, 2, i == 1});
  HudState with_top = results;
  for (int i = 0; i < 3; ++i)
    with_top.races.all_time.push_back(
        {i + 1, "legend " + std::to_string(i), false, 900 - i, 800.f, 9, 0, 5, false});
  const sf::IntRect centre{340, 200, 600, 200};
  const sf::Image iq = draw(&quiet, &fonts), ir = draw(&results, &fonts);
  EXPECT_GT(changed(ir, iq, centre), 3000);
  EXPECT_GT(renderer_.texts_drawn(), 4u * 7u);  // a line of seven columns per place
  const sf::Image it = draw(&with_top, &fonts);
  EXPECT_GT(changed(it, ir, {340, 100, 600, 620}), 500);  // the all-time lines below
}

}  // namespace
}  // namespace spear::client
