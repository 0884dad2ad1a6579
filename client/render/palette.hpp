#pragma once
// The colours of Spear Run: a warm dusk over a plum-coloured track, the figure in dark ink.
// One place, so the drawing style can change without touching any drawing code.
#include <SFML/Graphics/Color.hpp>

namespace spear::client::palette {

// Sky, top to horizon (a four-stop gradient).
inline const sf::Color kSkyTop{43, 36, 82};
inline const sf::Color kSkyHigh{122, 70, 120};
inline const sf::Color kSkyLow{232, 128, 112};
inline const sf::Color kSkyHorizon{250, 200, 140};
inline const sf::Color kSun{255, 232, 176};
inline const sf::Color kSunGlow{255, 214, 150, 90};
inline const sf::Color kCloud{255, 196, 180, 70};

// Background silhouettes, far to near: hazier (closer to the sky) the farther they are.
inline const sf::Color kFarHills{198, 120, 130};
inline const sf::Color kMidHills{150, 86, 116};
inline const sf::Color kTrees{104, 60, 98};

// Ground: the far part of the track (ghost lanes), the lane line, the near soil.
inline const sf::Color kTrackFar{122, 74, 104};
inline const sf::Color kTrackEdge{248, 186, 128};
inline const sf::Color kSoilTop{70, 44, 72};
inline const sf::Color kSoilBottom{36, 24, 42};
inline const sf::Color kGroundDot{150, 108, 136, 150};
inline const sf::Color kShadow{20, 12, 28, 90};

// The figure.
inline const sf::Color kInk{30, 26, 46};
inline const sf::Color kInkFar{18, 14, 30};  // darker, drawn at kFarOpacity
inline constexpr float kFarOpacity = 0.42f;  // rig.md §11
inline const sf::Color kShaft{58, 40, 30};
inline const sf::Color kSpearHead{214, 222, 230};
inline const sf::Color kSpearEdge{120, 130, 146};
// Impact (client-side presentation): the smear of a thrust, the dust of a step or a landing,
// and the thin ring in the sky's colour that keeps the head apart from an arm crossing it.
inline const sf::Color kSmear{255, 238, 214};
inline const sf::Color kDust{214, 170, 160};
inline const sf::Color kHeadOutline{250, 206, 160};
inline const sf::Color kHairTie{200, 62, 78};

// Rivals: one tint per runner id, chosen to read against the dusk sky, the hills and the plum
// soil (mid-dark and saturated, none close to the ink of the followed figure nor to the hills'
// mauve). runner_tint picks by id, so a runner keeps its colour for the whole session.
inline const sf::Color kRivalTints[] = {
    {24, 128, 136},  // teal
    {196, 60, 40},   // vermilion
    {46, 84, 176},   // cobalt
    {64, 132, 52},   // moss
    {176, 120, 16},  // ochre
    {150, 40, 120},  // magenta
    {56, 158, 196},  // sky cyan
    {110, 70, 30},   // umber
};
inline constexpr int kRivalTintCount = static_cast<int>(sizeof kRivalTints / sizeof kRivalTints[0]);
inline sf::Color runner_tint(int id) {
  const int n = kRivalTintCount;
  return kRivalTints[((id % n) + n) % n];
}
// A rival drawn in full, and one within kRivalNearUnits of the followed runner (faded down so
// the followed figure stays clean); between near and near + kRivalFadeUnits it ramps.
inline constexpr float kRivalOpacity = 0.82f;
// A ghost (a recorded run raced beside the player's): gold, in the rivals' layer.
inline const sf::Color kGhost{255, 200, 84};
// The own runner held while the server is silent (FigureView::held): greyed out.
inline const sf::Color kHeld{128, 126, 138};
inline constexpr float kRivalNearOpacity = 0.22f;

// Obstacles.
inline const sf::Color kHurdleBar{244, 234, 214};
inline const sf::Color kHurdleStripe{200, 62, 78};
inline const sf::Color kStraw{236, 196, 106};
inline const sf::Color kStrawDark{184, 136, 60};
inline const sf::Color kTwine{122, 78, 45};
inline const sf::Color kPost{74, 50, 40};

// HUD.
inline const sf::Color kHudText{255, 244, 226};
inline const sf::Color kHudDim{230, 206, 196};
inline const sf::Color kHudAccent{255, 190, 110};
inline const sf::Color kHudShadow{20, 12, 28, 160};
inline const sf::Color kHudPanel{28, 20, 40, 150};
inline const sf::Color kHudHighlight{255, 190, 110, 60};
inline const sf::Color kLetterboxBars{16, 12, 22};

// Lab overlay.
inline const sf::Color kBoneNear{92, 225, 230};
inline const sf::Color kBoneFar{92, 160, 230, 170};
inline const sf::Color kJoint{255, 255, 255};
inline const sf::Color kIkTarget{255, 220, 90};

}  // namespace spear::client::palette
