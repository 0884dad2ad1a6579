#pragma once
// One frame, everything in it, to any sf::RenderTarget (a window or a RenderTexture): the app,
// the headless screenshot, the tests and the benchmark call the same code.
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/RenderTexture.hpp>
#include <array>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>

#include "core/tag_layout.hpp"
#include "render/dust_puff.hpp"
#include "render/figure_renderer.hpp"
#include "render/font_locator.hpp"
#include "render/hud_renderer.hpp"
#include "render/hud_state.hpp"
#include "render/scene_obstacle.hpp"
#include "render/scene_renderer.hpp"
#include "render/spear_smear.hpp"
#include "render/view.hpp"
#include "rig/pose.hpp"
#include "rig/rig.hpp"
#include "rig/secondary.hpp"

namespace spear::client {

// A runner to draw: its pose (anchor-relative) and the client's secondary motion for it.
struct FigureView {
  rig::Pose pose;
  rig::SecondaryPose secondary;  // from rig::step_secondary: sprung head, hair
  double x = 0.0;                // course distance of the anchor, units
  int lane = 0;
  // The lane it is drawn in behind the followed runner's, 1..kGhostDepths (core/lane_slots.hpp);
  // 0 or less: from `lane` (ghost_depth). The followed runner is always in the front lane.
  int depth = 0;
  int id = 0;             // runner id: the rival's tint (palette::runner_tint)
  std::string name;       // drawn in a small tag above a rival (clipped)
  bool followed = false;  // the runner the view follows; all others are rivals
  bool ghost = false;     // a recorded run raced beside the player's (a golden outline)
  bool held = false;      // the own runner held, the server silent: drawn greyed
};

struct FrameInputs {
  double camera_x = 0.0;  // course distance the view follows (the followed runner's x), units
  // Where the drawn ground (dots, track, trees, hills, clouds) stands under the followed figure,
  // course units: camera_x while it runs; in the motion lab the treadmill's position, which moves
  // at the rig's ground speed while the figure stays. Unset: camera_x.
  std::optional<double> ground_x;
  // The motion lab is its own stage: no obstacles, no straw, no other runners, only the
  // followed figure on its treadmill.
  bool lab_stage = false;
  float time = 0.f;       // seconds; only cosmetic drift (clouds). Hold it still for a static frame
  int followed_lane = 0;  // ghosts are placed in depth relative to this lane
  std::span<const FigureView> runners;
  std::span<const SceneObstacle> obstacles;
  const HudState* hud = nullptr;  // no HUD when null
  bool skeleton_overlay = false;  // lab: bones, joints, IK targets of the followed runner
  const rig::RigDebug* rig_debug = nullptr;
  // Impact, all of it client-side presentation (app/impact_effects.hpp; none under reduced
  // motion): the camera kick moves the world view by this many units (not the HUD); dust puffs
  // at the followed figure's feet (ground coordinates, see DustPuff); the smear of its thrust
  // (relative to its anchor).
  sf::Vector2f camera_offset{};
  std::span<const DustPuff> dust;
  std::span<const SmearSample> smear;
};

// Rivals closer than this to the followed runner along the course (units) are drawn faded down,
// and fade back in over the next kRivalFadeUnits, so the followed figure stays clean.
inline constexpr float kRivalNearUnits = 40.f;
inline constexpr float kRivalFadeUnits = 30.f;
// Opacity steps between palette::kRivalNearOpacity and palette::kRivalOpacity: each step is one
// composite of the rival layer (a figure is faded as a whole, its overlaps do not darken).
inline constexpr int kRivalFadeLevels = 4;
// The step a rival `gap` units (course distance) from the followed runner is drawn at.
int rival_fade_level(double gap);
float rival_fade_opacity(int level);
// A rival's look: its tint (by runner id) on limbs and body, darker far limbs and shaft.
FigureStyle rival_style(int id);
// A rival `depth` lanes back: its tint a little hazier the farther (smaller and fainter).
FigureStyle rival_style(int id, int depth);
// The ghost (FigureView::ghost): the rivals' style in gold, drawn as an outline kGhostOutline
// units wide round where the figure would be (it never covers what is behind it) at
// kGhostOpacity.
FigureStyle ghost_style();
// The own runner held while the server is silent (FigureView::held): the rivals' style in grey.
FigureStyle held_style();
inline constexpr float kGhostOutline = 1.6f;
inline constexpr float kGhostOpacity = 0.9f;
// Name tags hold at most this many characters (code points), longer names end in "…".
inline constexpr std::size_t kTagChars = 10;
// A rival's tag rises at most this many tags above its head to clear the tags of rivals tagged
// before it (core/tag_layout.hpp); in a denser crowd it is left out.
inline constexpr int kMaxTagRise = 2;
// No rival's tag covers the followed runner's head or the column above it, this many units
// either side of its head's edge (the ghost's tag neither).
inline constexpr float kHeadClearUnits = 6.f;

class FrameRenderer {
 public:
  FrameRenderer();
  ~FrameRenderer();
  FrameRenderer(const FrameRenderer&) = delete;
  FrameRenderer& operator=(const FrameRenderer&) = delete;

  // Finds and loads the shipped font (font_search_dirs). Returns a warning, empty on success.
  // Without a font the frame still draws, minus the text.
  std::string load_fonts(
      const std::vector<std::filesystem::path>& dirs = font_search_dirs(executable_dir()));
  bool has_font() const { return fonts_.has_regular; }

  // Clears the target and draws the frame: prepare() then submit().
  void draw_frame(sf::RenderTarget& target, const FrameInputs& in);
  // The two halves, apart for measuring: all geometry on the CPU for a target of `size` pixels,
  // then the draw calls. submit() needs the same inputs (the HUD is laid out there).
  void prepare(sf::Vector2u size, const FrameInputs& in);
  void submit(sf::RenderTarget& target, const FrameInputs& in);

  // Vertices submitted by the last frame (world and HUD shapes), for the benchmark.
  std::size_t last_vertex_count() const { return last_vertices_; }

 private:
  bool ensure_ghost_layer(sf::Vector2u size);
  // The world view for a target of `size` pixels, moved by the camera kick.
  static sf::View scene_view(sf::Vector2u size, const FrameInputs& in);
  void append_dust(const FrameInputs& in, double ground);

  FontSet fonts_;
  SceneRenderer scene_;
  FigureBuilder figures_;
  HudRenderer hud_;
  struct NameTag {
    sf::Vector2f world;  // bottom centre of the tag, world view
    std::string text;
    sf::Color tint;
    float opacity;
    double from_followed = 0.0;  // units along the course from the followed runner (|Δx|)
    std::uint32_t runner = 0;    // whose (the ghost: a key of its own)
  };
  void draw_tags(sf::RenderTarget& target, const sf::View& world);
  void draw_ghost(sf::RenderTarget& target, const sf::View& world, const Letterbox& box);

  VertexBatch background_, world_, overlay_;
  std::array<VertexBatch, kRivalFadeLevels> rivals_;
  std::vector<NameTag> tags_;
  std::vector<const FigureView*> rival_order_;  // far lanes first
  std::vector<DustParticle> dust_particles_;
  // The followed runner's head (world view, radius in units): tags keep clear of it.
  std::optional<std::pair<sf::Vector2f, float>> followed_head_;
  TagLayout tag_layout_;
  std::vector<TagWish> tag_wishes_;
  std::vector<const NameTag*> tag_of_wish_;  // the tag of each wish
  std::vector<TagBox> tag_clear_;
  // The ghost: its outline as copies of the figure round where it stands, and the figure itself
  // cut out of them (drawn in its own layer).
  VertexBatch ghost_rim_, ghost_cut_;
  VertexBatch tag_shapes_;
  TextQueue tag_texts_;
  std::unique_ptr<sf::RenderTexture> ghost_layer_;
  sf::Vector2u ghost_layer_size_{0, 0};
  bool ghost_layer_failed_ = false;
  std::size_t last_vertices_ = 0;
};

}  // namespace spear::client
