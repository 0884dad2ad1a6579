#pragma once
// The world around the runners: a parallax dusk (sky, sun, clouds, hills, trees), the track with
// its ghost lanes, the ground dots that scroll with the followed runner, the obstacles and the
// straw bursts. Everything is drawn in the camera-relative world view (see view.hpp).
#include <SFML/Graphics/RenderTarget.hpp>
#include <SFML/Graphics/View.hpp>
#include <span>
#include <vector>

#include "render/scene_obstacle.hpp"
#include "render/straw_burst.hpp"
#include "render/vertex_batch.hpp"

namespace spear::client {

// Ghost lanes: every runner but the followed one is drawn in a lane of its own behind the front
// lane (core/lane_slots.hpp), kGhostDepths of them. The first is kFirstLaneRise above the lane
// line, so a rival's head stands clear of the followed runner's; each further one is
// kGhostLaneStep higher (farther away), kLaneShift to the left (the track seen from a little in
// front: the lanes recede up and to the left, so runners side by side stand apart, their heads
// and spearheads too) ...
inline constexpr int kGhostDepths = 8;
inline constexpr float kFirstLaneRise = 24.f;
inline constexpr float kGhostLaneStep = 11.f;
inline constexpr float kLaneShift = 16.f;
// ... and this much smaller (little: a smaller figure's head is lower, and the heads of runners
// side by side would close up).
inline constexpr float kGhostScaleStep = 0.025f;
// The far edge of the track, units above the ground line: the ghost lanes lie between.
inline constexpr float kTrackDepth =
    kFirstLaneRise + kGhostLaneStep * static_cast<float>(kGhostDepths - 1) + 10.f;
// Ground dots spacing, units (the row along the lane line moves exactly with the runner).
inline constexpr float kGroundDotSpacing = 26.f;

// Depth slot 1..kGhostDepths of another runner's lane, seen from the followed runner's lane, when
// no lane was assigned (FigureView::depth): by the difference of their ids.
int ghost_depth(int lane, int followed_lane);
// How far the lane line of depth slot `depth` (0: the front lane) lies above the ground line.
float lane_rise(int depth);
// Where a figure in a ghost lane stands: offset up and scale, relative to the lane line.
Placement lane_placement(float view_x, int depth);

// The angle (rad, 0 standing .. π/2 lying flat, turning towards +x about its far foot) a hurdle
// is drawn at: 0 unless toppled, then easeOut over kHurdleTipSeconds.
float hurdle_tip_angle(const SceneObstacle& o);

class SceneRenderer {
 public:
  // Sky, sun, clouds, hills, trees, the track and the ground dots. `ground_x` is where the
  // ground stands under the followed figure, course units (its distance while it runs, the lab's
  // treadmill position in the lab): the dots on the lane line are drawn at k·spacing − ground_x,
  // so they move exactly as the ground does, and the far layers by their parallax share of it;
  // `time` (s) only drifts the clouds.
  void append_background(VertexBatch& out, const sf::View& view, double ground_x, float time);
  // Which obstacles a pass draws. The followed figure is drawn between the two: hurdles (jumped
  // over, toppled) and the stumps of broken targets behind it, standing straw targets in front,
  // so that a spear held into an unbroken sheaf goes into the straw instead of across it.
  enum class ObstaclePass { BehindFigure, InFrontOfFigure };
  // Hurdles and straw targets on the lane line (broken targets keep a stump).
  void append_obstacles(VertexBatch& out, std::span<const SceneObstacle> obstacles, double camera_x,
                        const sf::View& view, ObstaclePass pass);
  // The straw flying off broken targets.
  void append_bursts(VertexBatch& out, std::span<const SceneObstacle> obstacles, double camera_x,
                     const sf::View& view);
  // A soft shadow under a figure whose lowest foot is `lift` units above its lane.
  void append_shadow(VertexBatch& out, const Placement& place, float pelvis_x, float lift);

 private:
  void append_hills(VertexBatch& out, const sf::View& view, double camera_x, float parallax,
                    float base_y, float low, float high, float scale, std::uint64_t seed,
                    sf::Color colour);
  void append_trees(VertexBatch& out, const sf::View& view, double camera_x);
  void append_dots(VertexBatch& out, const sf::View& view, double camera_x, float y, float spacing,
                   float radius, sf::Color colour, double phase_offset);
  void append_hurdle(VertexBatch& out, const SceneObstacle& o, float x);
  void append_target(VertexBatch& out, const SceneObstacle& o, float x);

  std::vector<StrawParticle> particles_;
  std::vector<rig::Vec2> polyline_;
};

}  // namespace spear::client
