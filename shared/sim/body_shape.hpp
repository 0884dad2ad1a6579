#pragma once
// The runner's body as the obstacles see it: exactly the parts the client draws at full
// strength — torso (pelvis–chest), neck, head, near arm, near leg — with the widths it draws them
// with (rig/figure_shape.hpp), as round-capped segments ("capsules") in pose space (anchor-
// relative units, y down). Limbs follow the same Catmull-Rom centre line the renderer fills
// (rig/catmull_rom.hpp), split into its samples, each capsule as wide as the hose is at the
// wider of its two ends, so the capsules cover the drawn hose and exceed it by a fraction of a
// unit at most. The far arm and far leg (drawn thin at 42 %, as depth) and the spear are not body.
//
// The head is the rig's head (Pose::head): the client draws it on a spring that may turn it about
// the neck base by up to rig::kHeadMaxTurn after a jolt; the sim cannot know that cosmetic offset.
#include <array>
#include <cstdint>
#include <string_view>

#include "rig/catmull_rom.hpp"
#include "rig/figure_shape.hpp"
#include "rig/pose.hpp"
#include "sim/collision.hpp"

namespace spear::sim {

enum class BodyPart : std::uint8_t { Torso, Neck, Head, NearArm, NearLeg, Count };
std::string_view body_part_name(BodyPart part);  // "torso", "neck", "head", "near_arm", ...

// Every point within r of the segment a–b.
struct Capsule {
  rig::Vec2 a{}, b{};
  float r = 0.f;
  BodyPart part = BodyPart::Torso;
};

inline constexpr int kHosePoints = rig::catmull_rom_size(3, rig::kLimbSamplesPerSegment);
inline constexpr int kHoseCapsules = kHosePoints - 1;
inline constexpr int kBodyCapsules = 4 * kHoseCapsules + 1;  // torso, neck, arm, leg, head

struct BodyShape {
  std::array<Capsule, kBodyCapsules> capsules{};
  int count = 0;
  float x_min = 0.f, x_max = 0.f;  // bounds of all capsules, radii included (pose space)
  float y_min = 0.f, y_max = 0.f;
};

// The full-strength body of `pose`.
BodyShape body_shape(const rig::Pose& pose);

// How far the drawn hoses reach from the straight lines between their joints, at most: the
// widest half width (the chest's) plus the Catmull-Rom centre line's bulge past a bent knee or
// elbow (a few units; tests/unit/sim/body_shape_test.cpp measures it over every motion).
inline constexpr float kHoseReach = rig::kTorsoChestWidth / 2.f + 6.f;
// A cheap, conservative first look: false when no part of body_shape(pose) can touch the box
// (its joints' straight lines and the head disc are all farther than kHoseReach from it).
bool may_touch_box(const rig::Pose& pose, double distance, const WorldBox& box);

// True when the capsule, placed with its anchor at course distance `distance`, touches the box
// (world space: x from the course start, y down). Distances in double: long runs keep precision.
bool capsule_touches_box(const Capsule& c, double distance, const WorldBox& box);
// The first part of the shape that touches the box, or BodyPart::Count when none does.
BodyPart shape_touches_box(const BodyShape& shape, double distance, const WorldBox& box);
// Distance (≥ 0, units) between the capsule and the box; 0 when they overlap.
double capsule_box_gap(const Capsule& c, double distance, const WorldBox& box);

}  // namespace spear::sim
