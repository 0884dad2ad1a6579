#pragma once
// The HUD, in pixels of the letterboxed area (crisp text at any window size): score, distance,
// speed and best; the scoreboard; the centred state message; the lab readouts; the net graph.
#include <SFML/Graphics/RenderTarget.hpp>

#include "render/font_locator.hpp"
#include "render/hud_state.hpp"
#include "render/text_queue.hpp"
#include "render/vertex_batch.hpp"

namespace spear::client {

// Below this the HUD is not scaled down further (HUD pixels per 720-pixel layout pixel): text
// under 8 pixels is unreadable and the font's minimum sizes would overrun a smaller layout.
inline constexpr float kMinHudScale = 0.5f;

// Where the HUD is laid out in a window: the letterboxed area, or in a portrait window with bars
// above and below of kTallBarMin (layout pixels) or more, the whole window, so the panels sit in
// the bar above the scene and the race strip and the net graph in the bar below it.
inline constexpr float kTallBarMin = 90.f;
struct HudFrame {
  sf::View view;         // HUD pixels (origin at the top left of what it covers)
  float scale = 1.f;     // layout pixels → HUD pixels
  bool tall = false;     // the whole window (portrait)
  float game_top = 0.f;  // the scene's top and height in HUD pixels
  float game_height = 0.f;
};
HudFrame hud_frame(sf::Vector2u window_px);

class HudRenderer {
 public:
  // `fonts` may be null or hold no font: then the HUD draws its panels and plots without text.
  void draw(sf::RenderTarget& target, const HudState& hud, const FontSet* fonts);
  // Texts queued by the last draw (0 without a font).
  std::size_t texts_drawn() const { return texts_.queued(); }
  // The boxes of the texts drawn by the last draw, HUD pixels; and the net graph's (empty
  // when it was not drawn).
  std::vector<sf::FloatRect> text_boxes() const;
  sf::FloatRect net_graph_box() const { return net_graph_box_; }
  // The words of the texts drawn by the last draw, in the order of text_boxes().
  std::vector<std::string> texts() const;

 private:
  void run_panel(const HudState& hud, float s);
  float scoreboard_height(const HudState& hud, float s) const;
  void scoreboard(const HudState& hud, sf::Vector2f area, float s);
  void message(const HudState& hud, sf::Vector2f area, float s);
  void lab(const HudState& hud, sf::Vector2f area, float s);
  void countdown(const HudState& hud, sf::Vector2f area, float s);
  void controls(const HudState& hud, sf::Vector2f area, float s);
  void race_banner(const HudState& hud, sf::Vector2f area, float s);
  void results(const HudState& hud, sf::Vector2f area, float s);
  void race_strip(const HudState& hud, sf::Vector2f area, float s);

  VertexBatch shapes_;
  sf::FloatRect net_graph_box_;
  float top_ = 0.f;       // y of the top panels' band, HUD pixels
  float game_top_ = 0.f;  // the scene within the HUD's view, HUD pixels
  float game_h_ = 0.f;
  float strip_floor_ = 0;  // the race strip's box ends 8·s above this
  TextQueue texts_;
};

// `name` cut to at most `max_points` UTF-8 code points, ending in "…" when cut ("runner" when
// empty): names stay inside their box.
std::string clip_name(const std::string& name, std::size_t max_points);

// The race strip's box in HUD pixels (bottom edge, clear of the other panels), for a HUD area
// of `area` pixels at scale `s`; and the x of a runner at `distance` on it, the runners spanning
// [lo, hi] course units (the leader at the right end when they span kRaceStripMinSpan or more;
// a closer race is centred at that span).
inline constexpr double kRaceStripMinSpan = 400.0;  // course units (40 m)
sf::FloatRect race_strip_box(sf::Vector2f area, float s);
float race_strip_x(const sf::FloatRect& box, double distance, double lo, double hi);

// "12,345": thousands separated, easier to read at a glance.
std::string group_thousands(long long value);

}  // namespace spear::client
