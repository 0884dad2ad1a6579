#pragma once
// Which sounds a frame asks for, from what the frame shows of the followed runner: fed once per
// frame with the frame's time, the followed runner as drawn and the obstacles around it.
//   footstep: a foot touching down as drawn (core/drawn_foot_contact.hpp: its joint coming
//             within a unit of the ground line), heard on the frame it is drawn landing —
//             the frame trace's contact turning on. One per touch-down, so the rate follows
//             the cadence; louder with speed, the far foot a little softer.
//   whoosh:   the mode becoming Thrusting.
//   crunch:   a target showing broken with broken_age under kFreshBreak s, once per break.
//   thud:     the body of a falling (or fallen) runner drawn hitting the ground
//             (core/drawn_foot_contact.hpp drawn_body_down turning on), on that frame; once
//             a fall.
//   take_off: in a jump, the frame both feet are first drawn off the ground.
//   landing:  after a take-off, the first foot drawn touching down (in place of its footstep).
// The first frame of a runner (the run's start, Tab to another one) only takes its state in,
// so switching never plays what had already happened. Pure: no clock, no device.
#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <vector>

#include "audio/sound_event.hpp"
#include "core/client_session.hpp"
#include "core/drawn_foot_contact.hpp"

namespace spear::audio {

class SoundEventDetector {
 public:
  static constexpr float kFreshBreak = 0.25f;  // s: older breaks are not news

  // `followed` null: nobody is shown (connecting, between runners): nothing plays.
  std::vector<SoundEvent> update(double t, const client::RunnerView* followed,
                                 std::span<const client::ObstacleView> obstacles);

 private:
  void take_in(const client::RunnerView& r, std::span<const client::ObstacleView> obstacles);

  std::optional<std::uint32_t> runner_;
  net::RunnerMode mode_ = net::RunnerMode::Running;
  std::array<bool, 2> contact_{};          // [near, far] as drawn in the last frame
  bool body_landed_ = false;               // this fall's body has been drawn on the ground
  bool in_air_ = false;                    // a jump took off and has not landed yet
  std::map<std::uint32_t, float> breaks_;  // obstacle index → broken_age last seen
};

}  // namespace spear::audio
