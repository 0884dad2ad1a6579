#pragma once
// The smear behind a thrusting spear: the area the spear's front swept over the last few frames,
// drawn as translucent quads between consecutive positions, brightest at the newest position
// and at the tip, fading with age and towards the shaft. It makes the fast strike read as one
// motion at 60 Hz. The app keeps the samples (app/impact_effects.hpp); drawing is pure.
#include <span>

#include "render/vertex_batch.hpp"

namespace spear::client {

inline constexpr float kSmearSeconds = 0.1f;  // how far back the smear reaches, s
inline constexpr float kSmearReach = 34.f;    // units of the spear behind the tip that smear
// Positions closer than this (units) are not drawn between: a held spear leaves no smear.
inline constexpr float kSmearMinStep = 1.5f;

// The spear's front at one moment, relative to the followed figure's anchor (pose units, y
// down): the camera follows the figure, so this is the motion the eye sees. The spear carried
// along at a run leaves no smear; the strike does.
struct SmearSample {
  rig::Vec2 tip;
  rig::Vec2 back;   // kSmearReach behind the tip, along the shaft
  float age = 0.f;  // s before the frame drawn
};

// Appends the smear of `samples` (oldest first), placed like the figure. Samples older than
// kSmearSeconds and steps shorter than kSmearMinStep add nothing.
void append_smear(VertexBatch& out, std::span<const SmearSample> samples, const Placement& place);

}  // namespace spear::client
