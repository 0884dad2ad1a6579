#include "render/hud_renderer.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numbers>

#include "render/net_graph_renderer.hpp"
#include "render/palette.hpp"
#include "render/view.hpp"

namespace spear::client {
namespace {

unsigned px(float size, float s) {
  return static_cast<unsigned>(std::max(8.f, std::round(size * s)));
}

std::string fixed(float v, int decimals) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.*f", decimals, static_cast<double>(v));
  return buf;
}

// Names longer than this are cut with an ellipsis so the scoreboard keeps its width.
constexpr std::size_t kNameChars = 14;

// The name cut (kNameChars at most) until it is no wider than `max_width` pixels.
std::string fitted_name(TextQueue& texts, const std::string& name, unsigned size, bool bold,
                        float max_width) {
  std::string out = clip_name(name, kNameChars);
  for (std::size_t points = kNameChars;
       points > 1 && texts.has_font() && texts.measure(out, size, bold) > max_width;) {
    out = clip_name(name, --points);
  }
  return out;
}

}  // namespace

constexpr float kLabPanelHeight = 112.f;  // the lab's bottom readout panel, HUD pixels at scale 1

std::string clip_name(const std::string& name, std::size_t max_points) {
  // Count UTF-8 code points, cut at a code point boundary.
  std::size_t points = 0;
  for (std::size_t i = 0; i < name.size(); ++i) {
    if ((static_cast<unsigned char>(name[i]) & 0xC0) != 0x80) {
      if (points == max_points) return name.substr(0, i) + "\u2026";
      ++points;
    }
  }
  return name.empty() ? std::string("runner") : name;
}

sf::FloatRect race_strip_box(sf::Vector2f area, float s) {
  // Along the bottom edge over the soil, below the runners' feet; as wide as the area minus
  // margins, capped so that it stays a strip on ultra-wide windows.
  const float w = std::min(area.x - 32.f * s, 900.f * s);
  const float h = 16.f * s;
  return {(area.x - w) / 2.f, area.y - h - 8.f * s, w, h};
}

float race_strip_x(const sf::FloatRect& box, double distance, double lo, double hi) {
  const float inset = box.height / 2.f + 2.f;
  const float x0 = box.left + inset, x1 = box.left + box.width - inset;
  if (!std::isfinite(distance) || !std::isfinite(lo) || !std::isfinite(hi)) return (x0 + x1) / 2.f;
  // A race closer than kRaceStripMinSpan is drawn about its middle at that span, so runners a
  // stride apart stay together instead of being spread over the whole strip.
  if (hi - lo < kRaceStripMinSpan) {
    const double mid = (lo + hi) / 2.0;
    lo = mid - kRaceStripMinSpan / 2.0;
    hi = mid + kRaceStripMinSpan / 2.0;
  }
  const double u = std::clamp((distance - lo) / (hi - lo), 0.0, 1.0);
  return x0 + (x1 - x0) * static_cast<float>(u);
}

std::string group_thousands(long long value) {
  const bool negative = value < 0;
  std::string digits = std::to_string(negative ? -value : value);
  std::string out;
  const std::size_t n = digits.size();
  for (std::size_t i = 0; i < n; ++i) {
    out += digits[i];
    const std::size_t left = n - 1 - i;
    if (left > 0 && left % 3 == 0) out += ",";
  }
  return negative ? "-" + out : out;
}

HudFrame hud_frame(sf::Vector2u window_px) {
  const Letterbox box = letterbox(window_px);
  HudFrame f;
  f.scale = std::max(hud_scale(window_px), kMinHudScale);
  f.tall = static_cast<float>(box.pixels.top) >= kTallBarMin * f.scale;
  if (f.tall) {
    const sf::Vector2f w{static_cast<float>(std::max(window_px.x, 1u)),
                         static_cast<float>(std::max(window_px.y, 1u))};
    f.view = sf::View(sf::FloatRect(0.f, 0.f, w.x, w.y));
    f.game_top = static_cast<float>(box.pixels.top);
  } else {
    f.view = hud_view(window_px);
  }
  f.game_height = static_cast<float>(box.pixels.height);
  return f;
}

float HudRenderer::scoreboard_height(const HudState& hud, float s) const {
  const std::size_t rows = std::min<std::size_t>(hud.scoreboard.size(), 8);
  const bool more = hud.scoreboard.size() > 8;
  return (38.f + 8.f + (more ? 16.f : 0.f)) * s + 24.f * s * static_cast<float>(rows);
}

void HudRenderer::draw(sf::RenderTarget& target, const HudState& hud, const FontSet* fonts) {
  const sf::Vector2u size = target.getSize();
  const HudFrame frame = hud_frame(size);
  const sf::View& view = frame.view;
  const sf::Vector2f area = view.getSize();
  const float s = frame.scale;
  game_top_ = frame.game_top;
  game_h_ = frame.game_height;
  strip_floor_ = game_top_ + game_h_;
  top_ = 0.f;
  if (frame.tall) {
    // The panels in the bar above the scene, the strip just under it.
    const float block =
        std::max(hud.show_run ? 126.f * s : 0.f,
                 hud.scoreboard.empty() ? 0.f : 14.f * s + scoreboard_height(hud, s)) +
        (hud.follow_label.empty() ? 0.f : 26.f * s) + 14.f * s;
    top_ = std::max(0.f, game_top_ - block);
    strip_floor_ = std::min(area.y, game_top_ + game_h_ + 32.f * s);
  }
  shapes_.clear();
  net_graph_box_ = {};
  texts_.begin(fonts ? fonts->regular_or_null() : nullptr,
               fonts ? fonts->bold_or_regular() : nullptr);

  // The lab is its own stage: its readouts replace the run's panel and the race's scoreboard.
  if (hud.show_run && !hud.lab.active) run_panel(hud, s);
  if (!hud.scoreboard.empty() && !hud.lab.active) scoreboard(hud, area, s);
  if (!hud.follow_label.empty()) {
    const float fy = top_ + (frame.tall && top_ > 0.f ? 0.f : 16.f * s);
    texts_.add(hud.follow_label, {area.x / 2.f, fy}, px(15, s), palette::kHudDim, Align::Centre);
  }
  if (hud.lab.active) lab(hud, area, s);
  if (!hud.race.empty() && !hud.lab.active) race_strip(hud, area, s);
  if (hud.net_graph != nullptr) {
    sf::Vector2f origin;
    float gs = s;
    if (hud.lab.active) {
      // In the lab the readout panel takes the bottom edge and the figure stands left of centre:
      // the graph goes to the right, above the panel.
      const sf::Vector2f g = net_graph_size(s);
      origin = {area.x - g.x - 16.f * s,
                game_top_ + game_h_ - g.y - 16.f * s - (kLabPanelHeight + 12.f) * s};
    } else if (frame.tall &&
               strip_floor_ + 8.f * s +
                       net_graph_size(std::min(s, (area.x - 32.f * s) / net_graph_size(1.f).x)).y <=
                   area.y) {
      // Portrait: in the bar under the scene and the race strip.
      gs = std::min(s, (area.x - 32.f * s) / net_graph_size(1.f).x);
      const sf::Vector2f g = net_graph_size(gs);
      origin = {(area.x - g.x) / 2.f, strip_floor_ + 8.f * s};
    } else {
      // In a race: at the top, between the run's panel and the scoreboard, above the runners'
      // heads and clear of the ground line and the obstacles arriving; shrunk to fit the gap.
      const float left = (hud.show_run ? 16.f + 330.f + 12.f : 16.f) * s;
      const float right = area.x - (hud.scoreboard.empty() ? 16.f : 16.f + 250.f + 12.f) * s;
      gs = std::clamp((right - left) / net_graph_size(1.f).x, 0.25f, s);
      const sf::Vector2f g = net_graph_size(gs);
      const float top = game_top_ + (hud.follow_label.empty() ? 14.f : 40.f) * s;
      origin = {std::max(left, (left + right - g.x) / 2.f), top};
    }
    // Too small to read (a small window): the graph is the first panel left out.
    if (gs >= kMinNetGraphScale) {
      append_net_graph(shapes_, texts_, *hud.net_graph, origin, gs);
      net_graph_box_ = {origin, net_graph_size(gs)};
    }
  }
  if (hud.races.active && !hud.lab.active) race_banner(hud, area, s);
  if (hud.message != StateMessage::None)
    message(hud, area, s);
  else if (hud.races.show_results)
    results(hud, area, s);
  else if (hud.countdown > 0 || hud.races.go)
    countdown(hud, area, s);
  if (!hud.controls.empty() && hud.message == StateMessage::None && !hud.races.show_results &&
      !hud.lab.active)
    controls(hud, area, s);

  const sf::View previous = target.getView();
  target.setView(view);
  shapes_.draw(target);
  texts_.draw(target);
  target.setView(previous);
}

std::vector<sf::FloatRect> HudRenderer::text_boxes() const {
  std::vector<sf::FloatRect> out;
  for (std::size_t i = 0; i < texts_.queued(); ++i) out.push_back(texts_.bounds(i));
  return out;
}

std::vector<std::string> HudRenderer::texts() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < texts_.queued(); ++i) out.push_back(texts_.text(i));
  return out;
}

void HudRenderer::run_panel(const HudState& hud, float s) {
  const float x = 16.f * s, y = top_ + (top_ > 0.f ? 0.f : 14.f * s);
  shapes_.rounded_rect({x, y, 330.f * s, 112.f * s}, 12.f * s, palette::kHudPanel);
  texts_.add("SCORE", {x + 16.f * s, y + 10.f * s}, px(12, s), palette::kHudDim);
  const float w = texts_.add(group_thousands(hud.score), {x + 14.f * s, y + 22.f * s}, px(40, s),
                             palette::kHudText, Align::Left, true);
  if (hud.combo >= 2) {
    texts_.add("\u00d7" + std::to_string(hud.combo) + " combo", {x + 28.f * s + w, y + 40.f * s},
               px(17, s), palette::kHudAccent, Align::Left, true);
  }
  struct Stat {
    const char* label;
    std::string value;
  };
  const Stat stats[3] = {
      {"DISTANCE", group_thousands(std::lround(std::floor(hud.distance_m))) + " m"},
      {"SPEED", fixed(hud.speed_mps, 1) + " m/s"},
      {"BEST", group_thousands(hud.best)}};
  for (int i = 0; i < 3; ++i) {
    const float sx = x + (16.f + 104.f * static_cast<float>(i)) * s;
    texts_.add(stats[i].label, {sx, y + 74.f * s}, px(11, s), palette::kHudDim);
    texts_.add(stats[i].value, {sx, y + 88.f * s}, px(16, s),
               i == 2 ? palette::kHudAccent : palette::kHudText, Align::Left, true);
  }
}

void HudRenderer::scoreboard(const HudState& hud, sf::Vector2f area, float s) {
  constexpr std::size_t kRows = 8;
  const std::size_t rows = std::min(hud.scoreboard.size(), kRows);
  const float w = 250.f * s, row_h = 24.f * s;
  const float x = area.x - w - 16.f * s, y = top_ + (top_ > 0.f ? 0.f : 14.f * s);
  const bool more = hud.scoreboard.size() > kRows;
  const float h = (38.f + 8.f + (more ? 16.f : 0.f)) * s + row_h * static_cast<float>(rows);
  shapes_.rounded_rect({x, y, w, h}, 12.f * s, palette::kHudPanel);
  texts_.add("RUNNERS", {x + 16.f * s, y + 12.f * s}, px(12, s), palette::kHudDim);
  texts_.add(std::to_string(hud.scoreboard.size()), {x + w - 16.f * s, y + 12.f * s}, px(12, s),
             palette::kHudDim, Align::Right);
  for (std::size_t i = 0; i < rows; ++i) {
    const ScoreRow& r = hud.scoreboard[i];
    const float ry = y + 36.f * s + row_h * static_cast<float>(i);
    if (r.followed)
      shapes_.rounded_rect({x + 8.f * s, ry - 2.f * s, w - 16.f * s, row_h}, 6.f * s,
                           palette::kHudHighlight);
    const sf::Color c = r.down       ? palette::kHudDim
                        : r.followed ? palette::kHudAccent
                                     : palette::kHudText;
    texts_.add(std::to_string(i + 1), {x + 26.f * s, ry}, px(15, s), palette::kHudDim,
               Align::Right);
    // The name keeps clear of the score (and of "away"): cut to the room left.
    const std::string score = group_thousands(r.score);
    float room = w - 16.f * s - texts_.measure(score, px(15, s), true) - 8.f * s;
    if (r.away) room = std::min(room, w - 76.f * s - texts_.measure("away", px(11, s)) - 6.f * s);
    texts_.add(fitted_name(texts_, r.name, px(15, s), r.followed, room - 38.f * s),
               {x + 38.f * s, ry}, px(15, s), c, Align::Left, r.followed);
    texts_.add(score, {x + w - 16.f * s, ry}, px(15, s), c, Align::Right, true);
    if (r.down)
      shapes_.rect({x + 38.f * s, ry + 10.f * s, 6.f * s, 2.f * s}, palette::kHurdleStripe);
    if (r.away)  // small and dim, between the name and the score
      texts_.add("away", {x + w - 76.f * s, ry + 3.f * s}, px(11, s), palette::kHudDim,
                 Align::Right);
  }
  if (hud.scoreboard.size() > kRows) {
    texts_.add("+" + std::to_string(hud.scoreboard.size() - kRows) + " more",
               {x + w / 2.f, y + h - 22.f * s}, px(11, s), palette::kHudDim, Align::Centre);
  }
}

void HudRenderer::race_strip(const HudState& hud, sf::Vector2f area, float s) {
  const sf::FloatRect box = race_strip_box({area.x, strip_floor_}, s);
  double lo = hud.race.front().distance, hi = lo;
  for (const RaceMark& m : hud.race) {
    if (!std::isfinite(m.distance)) continue;
    lo = std::min(lo, m.distance);
    hi = std::max(hi, m.distance);
  }
  const float cy = box.top + box.height / 2.f;
  shapes_.rounded_rect(box, box.height / 2.f, palette::kHudPanel);
  shapes_.rect({box.left + box.height / 2.f, cy - 0.75f * s, box.width - box.height,
                std::max(1.f, 1.5f * s)},
               with_opacity(palette::kHudDim, 0.5f));
  // Rivals first, each a dot in its tint with a light rim; the followed runner on top, larger,
  // in the accent colour with a ring.
  const float r = std::max(2.f, 4.f * s);
  for (const RaceMark& m : hud.race) {
    if (m.followed) continue;
    const sf::Vector2f c{race_strip_x(box, m.distance, lo, hi), cy};
    shapes_.disc(c, r + std::max(1.f, s), with_opacity(palette::kHudText, 0.8f), 14);
    shapes_.disc(c, r, palette::runner_tint(m.id), 14);
  }
  for (const RaceMark& m : hud.race) {
    if (!m.followed) continue;
    const sf::Vector2f c{race_strip_x(box, m.distance, lo, hi), cy};
    shapes_.disc(c, r * 1.6f + std::max(1.f, s), palette::kHudText, 16);
    shapes_.disc(c, r * 1.6f, palette::kHudAccent, 16);
  }
}

void HudRenderer::message(const HudState& hud, sf::Vector2f area, float s) {
  const std::string_view text = message_headline(hud);
  const unsigned size = px(34, s);
  const float tw =
      std::max(texts_.measure(text, size, true), texts_.measure(hud.message_detail, px(17, s)));
  const float w = std::max(tw + 64.f * s, 360.f * s);
  const float h = (hud.message_detail.empty() ? 78.f : 108.f) * s;
  const float x = (area.x - w) / 2.f, y = game_top_ + game_h_ * 0.36f - h / 2.f;
  shapes_.rounded_rect({x, y, w, h}, 16.f * s, sf::Color(28, 20, 40, 190));
  shapes_.rect({x + 24.f * s, y + h - 6.f * s, w - 48.f * s, 2.f * s},
               with_opacity(palette::kHudAccent, 0.7f));
  texts_.add(text, {area.x / 2.f, y + 16.f * s}, size, palette::kHudText, Align::Centre, true);
  if (!hud.message_detail.empty()) {
    texts_.add(hud.message_detail, {area.x / 2.f, y + 64.f * s}, px(17, s), palette::kHudDim,
               Align::Centre);
  }
}

void HudRenderer::countdown(const HudState& hud, sf::Vector2f area, float s) {
  const float cx = area.x / 2.f, y = game_top_ + game_h_ * 0.22f;
  shapes_.disc({cx, y + 86.f * s}, 64.f * s, sf::Color(28, 20, 40, 170), 48);
  const bool go = hud.countdown <= 0 && hud.races.go;
  texts_.add(go ? std::string("race on") : hud.countdown_caption, {cx, y}, px(20, s),
             palette::kHudText, Align::Centre, true);
  texts_.add(go ? std::string("GO!") : std::to_string(hud.countdown), {cx, y + 30.f * s},
             px(go ? 64 : 84, s), palette::kHudAccent, Align::Centre, true);
}

void HudRenderer::controls(const HudState& hud, sf::Vector2f area, float s) {
  // Low in the middle, above the race strip and below the runners' feet: the keys to press.
  const unsigned size = px(18, s);
  const float w = texts_.measure(hud.controls, size, true) + 40.f * s;
  const float h = 34.f * s;
  const float bottom = hud.race.empty() ? game_top_ + game_h_ - 16.f * s
                                        : race_strip_box({area.x, strip_floor_}, s).top - 10.f * s;
  const float x = (area.x - w) / 2.f, y = bottom - h;
  shapes_.rounded_rect({x, y, w, h}, 12.f * s, sf::Color(28, 20, 40, 190));
  texts_.add(hud.controls, {area.x / 2.f, y + 7.f * s}, size, palette::kHudAccent, Align::Centre,
             true);
}

static std::string clock_text(int seconds) {
  seconds = std::max(0, seconds);
  char buf[16];
  std::snprintf(buf, sizeof buf, "%d:%02d", seconds / 60, seconds % 60);
  return buf;
}

void HudRenderer::race_banner(const HudState& hud, sf::Vector2f area, float s) {
  // Top centre, under the follow label: which race, its phase and the time that matters now.
  const RaceHud& r = hud.races;
  std::string line = "RACE " + std::to_string(r.race) + "  \u00b7  ";
  if (!r.replay.empty())
    line = r.replay;
  else if (r.phase == "race")
    line += clock_text(r.seconds_left) + " left";
  else if (r.phase == "results")
    line += "results  \u00b7  next race in " + std::to_string(std::max(0, r.seconds_left)) + " s";
  else
    line += r.phase + "  \u00b7  starts in " + std::to_string(std::max(0, r.seconds_left)) + " s";
  const float w = std::max(380.f * s, texts_.measure(line, px(15, s), true) + 32.f * s);
  const float x = (area.x - w) / 2.f;
  const float y = game_top_ + (hud.follow_label.empty() ? 14.f : 40.f) * s;
  shapes_.rounded_rect({x, y, w, 30.f * s}, 10.f * s, palette::kHudPanel);
  texts_.add(line, {area.x / 2.f, y + 6.f * s}, px(15, s), palette::kHudText, Align::Centre, true);
}

void HudRenderer::results(const HudState& hud, sf::Vector2f area, float s) {
  // The results screen: the race's places, then the all-time best when the server keeps them.
  const RaceHud& r = hud.races;
  const std::size_t rows = std::min<std::size_t>(r.results.size(), 10);
  const std::size_t top = std::min<std::size_t>(r.all_time.size(), 10);
  const float row = 22.f * s;
  const float w = std::min(area.x - 32.f * s, 620.f * s), x = (area.x - w) / 2.f;
  const float h = (96.f + static_cast<float>(std::max<std::size_t>(rows, 1)) * 22.f +
                   (top > 0 ? 40.f + static_cast<float>(top) * 22.f : 0.f)) *
                  s;
  const float y = std::max(game_top_ + 50.f * s, game_top_ + (game_h_ - h) / 2.f);
  shapes_.rounded_rect({x, y, w, h}, 14.f * s, sf::Color(28, 20, 40, 215));
  texts_.add("RACE " + std::to_string(r.race) + " RESULTS", {area.x / 2.f, y + 10.f * s}, px(24, s),
             palette::kHudAccent, Align::Centre, true);
  texts_.add("next race in " + std::to_string(std::max(0, r.seconds_left)) + " s",
             {area.x / 2.f, y + 42.f * s}, px(14, s), palette::kHudDim, Align::Centre);
  // Columns: place, name, score, metres, targets, crashes, best combo.
  const float cols[] = {x + 16.f * s,      x + 56.f * s,     x + w - 290.f * s, x + w - 215.f * s,
                        x + w - 140.f * s, x + w - 80.f * s, x + w - 24.f * s};
  const auto header = [&](float hy) {
    const char* names[] = {"#", "runner", "score", "m", "targets", "crashes", "combo"};
    for (int i = 0; i < 7; ++i)
      texts_.add(names[i], {cols[i], hy}, px(11, s), palette::kHudDim,
                 i < 2 ? Align::Left : Align::Right);
  };
  const auto line = [&](const BoardLine& b, float ly) {
    if (b.own) shapes_.rect({x + 8.f * s, ly - 2.f * s, w - 16.f * s, row}, palette::kHudHighlight);
    const auto c = b.own ? palette::kHudAccent : palette::kHudText;
    texts_.add(std::to_string(b.place), {cols[0], ly}, px(15, s), c, Align::Left, true);
    texts_.add(clip_name(b.name, 18) + (b.bot ? " (bot)" : ""), {cols[1], ly}, px(15, s), c,
               Align::Left);
    texts_.add(group_thousands(b.score), {cols[2], ly}, px(15, s), c, Align::Right, true);
    char m[16];
    std::snprintf(m, sizeof m, "%.0f", static_cast<double>(b.distance_m));
    texts_.add(m, {cols[3], ly}, px(15, s), c, Align::Right);
    texts_.add(std::to_string(b.targets), {cols[4], ly}, px(15, s), c, Align::Right);
    texts_.add(std::to_string(b.crashes), {cols[5], ly}, px(15, s), c, Align::Right);
    texts_.add(std::to_string(b.best_combo), {cols[6], ly}, px(15, s), c, Align::Right);
  };
  float ly = y + 66.f * s;
  header(ly);
  ly += 18.f * s;
  if (rows == 0)
    texts_.add(r.results_missing > 0 ? "results on their way\u2026" : "nobody ran",
               {area.x / 2.f, ly}, px(15, s), palette::kHudDim, Align::Centre);
  for (std::size_t i = 0; i < rows; ++i, ly += row) line(r.results[i], ly);
  if (top == 0) return;
  ly += (rows == 0 ? row : 0.f) + 14.f * s;
  texts_.add("ALL-TIME TOP 10", {area.x / 2.f, ly}, px(13, s), palette::kHudAccent, Align::Centre,
             true);
  ly += 22.f * s;
  for (std::size_t i = 0; i < top; ++i, ly += row) line(r.all_time[i], ly);
}

void HudRenderer::lab(const HudState& hud, sf::Vector2f area, float s) {
  const LabReadout& lab = hud.lab;
  // Banner: the mode, the motion playing, and the lab's list with its keys (the one playing
  // highlighted).
  const bool list = !lab.motions.empty();
  const float bw = 360.f * s, bx = (area.x - bw) / 2.f, by = game_top_ + 44.f * s;
  shapes_.rounded_rect({bx, by, bw, (list ? 94.f : 66.f) * s}, 12.f * s, palette::kHudPanel);
  texts_.add("MOTION LAB", {area.x / 2.f, by + 8.f * s}, px(12, s), palette::kHudAccent,
             Align::Centre, true);
  texts_.add(lab.motion.empty() ? std::string("\u2014") : lab.motion, {area.x / 2.f, by + 24.f * s},
             px(28, s), palette::kHudText, Align::Centre, true);
  if (list) {
    const float cell = (bw - 16.f * s) / static_cast<float>(lab.motions.size());
    for (std::size_t i = 0; i < lab.motions.size(); ++i) {
      const bool playing = static_cast<int>(i) == lab.motion_index;
      const float cx = bx + 8.f * s + cell * (static_cast<float>(i) + 0.5f);
      if (playing)
        shapes_.rounded_rect({cx - cell / 2.f + 2.f * s, by + 64.f * s, cell - 4.f * s, 22.f * s},
                             6.f * s, palette::kHudHighlight);
      texts_.add(std::to_string(i + 1) + " " + lab.motions[i], {cx, by + 67.f * s}, px(13, s),
                 playing ? palette::kHudAccent : palette::kHudDim, Align::Centre, playing);
    }
  }

  // Readouts at the bottom: a phase dial, the walk–run gait bar (walk, run) or the spear form's
  // pose playing, pause state, the keys.
  const float pw = 460.f * s, ph = kLabPanelHeight * s;
  const float px0 = (area.x - pw) / 2.f, py0 = game_top_ + game_h_ - ph - 16.f * s;
  shapes_.rounded_rect({px0, py0, pw, ph}, 12.f * s, palette::kHudPanel);
  const sf::Vector2f dial{px0 + 44.f * s, py0 + 40.f * s};
  const float r = 22.f * s;
  shapes_.ring(dial, r - 2.f * s, r + 1.f * s, sf::Color(255, 255, 255, 60),
               sf::Color(255, 255, 255, 60), 40);
  const float phase = std::clamp(lab.phase, 0.f, 1.f);
  const int steps = std::max(1, static_cast<int>(std::lround(phase * 40.f)));
  for (int i = 0; i < steps; ++i) {
    const float a0 = -std::numbers::pi_v<float> / 2.f + 2.f * std::numbers::pi_v<float> * phase *
                                                            static_cast<float>(i) /
                                                            static_cast<float>(steps);
    const float a1 = -std::numbers::pi_v<float> / 2.f + 2.f * std::numbers::pi_v<float> * phase *
                                                            static_cast<float>(i + 1) /
                                                            static_cast<float>(steps);
    const sf::Vector2f d0{std::cos(a0), std::sin(a0)}, d1{std::cos(a1), std::sin(a1)};
    shapes_.quad(dial + d0 * (r - 3.f * s), dial + d1 * (r - 3.f * s), dial + d1 * (r + 2.f * s),
                 dial + d0 * (r + 2.f * s), palette::kHudAccent);
  }
  const float ad = -std::numbers::pi_v<float> / 2.f + 2.f * std::numbers::pi_v<float> * phase;
  shapes_.disc(dial + sf::Vector2f{std::cos(ad), std::sin(ad)} * r, 4.f * s, palette::kHudText, 12);
  texts_.add("phase", {dial.x, py0 + 70.f * s}, px(11, s), palette::kHudDim, Align::Centre);
  texts_.add(fixed(phase, 2), {dial.x, dial.y - 8.f * s}, px(13, s), palette::kHudText,
             Align::Centre, true);

  const float gx = px0 + 92.f * s, gy = py0 + 18.f * s, gw = 170.f * s;
  if (lab.gait_shown) {
    texts_.add("gait", {gx, gy - 4.f * s}, px(11, s), palette::kHudDim);
    texts_.add(fixed(lab.gait, 2), {gx + gw, gy - 4.f * s}, px(11, s), palette::kHudText,
               Align::Right, true);
    shapes_.rounded_rect({gx, gy + 14.f * s, gw, 8.f * s}, 4.f * s, sf::Color(255, 255, 255, 40));
    shapes_.rounded_rect(
        {gx, gy + 14.f * s, std::max(8.f * s, gw * std::clamp(lab.gait, 0.f, 1.f)), 8.f * s},
        4.f * s, palette::kHudAccent);
    texts_.add("walk", {gx, gy + 26.f * s}, px(11, s), palette::kHudDim);
    texts_.add("run", {gx + gw, gy + 26.f * s}, px(11, s), palette::kHudDim, Align::Right);
  } else if (!lab.pose.empty()) {
    texts_.add(lab.pose_hold ? "pose \u00b7 hold" : "pose", {gx, gy - 4.f * s}, px(11, s),
               palette::kHudDim);
    texts_.add(lab.pose, {gx, gy + 12.f * s}, px(20, s), palette::kHudText, Align::Left, true);
  }

  const float sx = px0 + 290.f * s;
  texts_.add(lab.paused ? "PAUSED" : "PLAYING", {sx, py0 + 12.f * s}, px(16, s),
             lab.paused ? palette::kHudAccent : palette::kHudText, Align::Left, true);
  texts_.add(lab.skeleton ? "skeleton on" : "skeleton off", {sx, py0 + 36.f * s}, px(13, s),
             palette::kHudDim);
  // The treadmill's speed: the rig's ground speed (0 when the motion does not travel).
  texts_.add("treadmill " + fixed(lab.ground_speed_mps, 1) + " m/s", {sx, py0 + 56.f * s},
             px(13, s), palette::kHudDim);
  shapes_.rect({px0 + 16.f * s, py0 + 84.f * s, pw - 32.f * s, std::max(1.f, s)},
               sf::Color(255, 255, 255, 30));
  texts_.add(
      "\u2190/\u2192 or 1\u20135 motion \u00b7 S skeleton \u00b7 P pause \u00b7 . step \u00b7 M "
      "run",
      {area.x / 2.f, py0 + 90.f * s}, px(12, s), palette::kHudDim, Align::Centre);
}

}  // namespace spear::client
