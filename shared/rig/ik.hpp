#pragma once
// Two-bone IK by the law of cosines (rig.md §3).
#include "rig/vec2.hpp"

namespace spear::rig {

// The middle joint (knee, elbow) of a chain root → mid → end with bone lengths l1, l2 reaching for
// `target`. The distance is clamped to [|l1 − l2| + 0.01, l1 + l2 − 0.01] (an unreachable target
// is reached for along the line) and the cosine to [−1, 1]: never NaN for finite input.
// sign (+1 / −1) picks one of the two mirror solutions; in y-down coordinates +1 turns the first
// bone clockwise on screen from the root→target line.
Vec2 two_bone_ik(Vec2 root, Vec2 target, float l1, float l2, float sign);

// The leg's safety net: a foot target farther than kLegReach (THIGH + SHIN − 1.5) from the hip is
// pulled back along the same line, so the leg nearly straightens but never snaps straight.
Vec2 clamp_leg_target(Vec2 hip, Vec2 target);

// A solved two-bone chain: the middle joint and the end actually reached (end = mid + l2 · dir).
struct Chain {
  Vec2 mid;
  Vec2 end;
};
Chain solve_chain(Vec2 root, Vec2 target, float l1, float l2, float sign);

}  // namespace spear::rig
