#pragma once
// What the impact effects remember between frames, from the frames as they are drawn: targets
// the followed runner broke (they start the hit-stop and the camera kick), its feet meeting the
// ground (a puff of dust; a bigger one landing from a jump) and its spear's front during a thrust
// (the smear). Everything is timed by the display clock (the world's, which stands still during
// a hit-stop, so its dust and smear stand still too), the kick by real time (the jolt plays
// while the world holds). Presentation only: nothing here reaches the sim.
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "app/frame_assembly.hpp"

namespace spear::client {

inline constexpr float kBreakFreshSeconds = 0.15f;  // a target this recently broken is news
inline constexpr float kLandingAirSeconds = 0.2f;   // in the air this long: a landing, not a step
inline constexpr float kStepStrength = 0.8f;        // a step's puff: small, it comes every stride
inline constexpr float kLandingStrength = 3.f;      // a landing from a jump throws up more

class ImpactEffects {
 public:
  // The frame drawn at display time `display_t` (s) and real time `wall_t` (s). Returns true
  // when it shows a target broken by the followed runner since the last frame.
  bool observe(const FrameData& shown, double display_t, double wall_t);
  // Writes the effects into the frame drawn: dust and smear aged to `display_t`, the kick at
  // `wall_t`.
  void decorate(FrameData& shown, double display_t, double wall_t) const;
  void reset() { *this = ImpactEffects(); }

 private:
  struct Puff {
    double x;  // ground coordinates (DustPuff::x)
    double t;  // display time it started
    float strength;
    std::uint32_t seed;
  };
  struct Smear {
    SmearSample sample;  // age unused here
    double t;
  };
  void start_puff(const FrameData& f, const FigureView& fig, rig::Vec2 foot, double t,
                  float strength);

  bool seen_ = false;
  int followed_ = -1;
  bool lab_ = false;
  std::vector<std::uint32_t> broken_;  // straw targets already broken in the last frame
  std::array<bool, 2> contact_{};
  std::optional<double> airborne_since_;
  double last_t_ = 0.0;
  std::deque<Puff> puffs_;
  std::deque<Smear> smear_;
  std::optional<double> kick_at_;
  std::uint32_t puff_count_ = 0;
};

}  // namespace spear::client
