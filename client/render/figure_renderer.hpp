#pragma once
// Draws one stickman from its pose (rig.md §11): rubber-hose limbs from the shared limb geometry,
// far side first (thinner, darker, 42% opacity), spine, neck, the sprung head, the verlet hair and
// the spear. Knows nothing of how the pose was made.
#include <SFML/Graphics/Color.hpp>
#include <array>

#include "render/limb_geometry.hpp"
#include "render/vertex_batch.hpp"
#include "rig/figure_shape.hpp"
#include "rig/pose.hpp"
#include "rig/secondary.hpp"

namespace spear::client {

struct FigureStyle {
  sf::Color ink;                                    // near limbs, body, head, hair
  sf::Color ink_far;                                // far limbs, before far_opacity
  float far_opacity = 0.42f;                        // rig.md §11
  float far_width_scale = rig::kFarLimbWidthScale;  // far limbs are thinner
  sf::Color shaft;
  sf::Color spear_head;
  sf::Color spear_edge;
  sf::Color hair_tie;      // the band round the ponytail
  sf::Color head_outline;  // the thin ring round the head (the sky's colour)
};

// The followed runner: dark ink, far limbs at 42%.
FigureStyle player_style();
// Other runners: render/frame_renderer.hpp's rival_style (a tint per runner id).

// Widths in units (full width). The body's own (limbs, torso, neck, head) are
// rig/figure_shape.hpp's, shared with the sim, which crashes a runner on exactly what is drawn;
// these are decoration.
// The ponytail: this wide where it leaves the head, tapering to kHairTipWidth at its end
// (readable at 720p, where a unit is 1.6 pixels).
inline constexpr float kHairRootWidth = 8.f;
inline constexpr float kHairTipWidth = 1.8f;
inline constexpr float kHeadOutlineWidth = 1.4f;  // the ring keeping the head apart from an arm
inline constexpr float kShaftWidth = 2.8f;
inline constexpr float kSpearHeadLength = 16.f;  // the leaf, ending at the SpearTip joint
inline constexpr float kSpearHeadWidth = 6.5f;

// Appends the figure's triangles. `place` maps anchor-relative pose units to view coordinates;
// `secondary` carries the sprung head centre and the hair (rig::step_secondary).
class FigureBuilder {
 public:
  void append(VertexBatch& out, const rig::Pose& pose, const rig::SecondaryPose& secondary,
              const Placement& place, const FigureStyle& style);

 private:
  void limb(VertexBatch& out, rig::Vec2 a, rig::Vec2 b, rig::Vec2 c, const LimbStyle& ls,
            const Placement& place, sf::Color colour);
  void spear(VertexBatch& out, const rig::Pose& pose, const Placement& place,
             const FigureStyle& style);
  void ponytail(VertexBatch& out, rig::Vec2 head, const rig::SecondaryPose& secondary,
                const Placement& place, const FigureStyle& style);
  // A ring round the head, open for ±0.55 rad around each angle in `gaps` (the joins).
  void head_ring(VertexBatch& out, rig::Vec2 head, float head_r, std::array<float, 2> gaps,
                 const Placement& place, sf::Color colour);

  LimbGeometry geometry_;  // reused between limbs: no allocation per frame
  std::vector<rig::Vec2> polyline_;
  std::vector<float> lengths_;
};

}  // namespace spear::client
