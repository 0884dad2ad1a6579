#pragma once
// Figures drawn without poses (PROTOCOL.md "Rig cue"). A big race sends full poses only for the
// runners the view needs most (the own runner, the followed one, its neighbours); every other
// runner comes as a roll-call entry (mode, distance) with a rig cue (gait phase, when its mode
// began, when a thrust started). The rig is a pure function of those inputs, so the client runs
// it per runner, tick by tick, and draws the pose the server's rig made: the figure is in step,
// leaps when the runner leaps and falls where it falls. Its anchor moves with the rig's own
// ground speed (as the server's runner does) and keeps within half a unit of the roll call's
// distance.
//
// Snapshots go in as they arrive. Each steps the rigs of the runners it cues (those with a pose
// too, so a runner that loses its pose goes on from where its rig stands) up to its tick, and
// hands back a frame for each runner near the view it lists without a pose: the interpolation
// buffer takes them as it takes poses. A snapshot older than the newest taken steps nothing and
// gets no frames (its runners are drawn across it). A cue's place holder (net::RigCue::empty)
// counts as none; a runner no snapshot has cued for kForgetTicks is forgotten.
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "core/runner_frame.hpp"
#include "net/messages.hpp"
#include "rig/rig.hpp"

namespace spear::client {

// Where figures are drawn: within `reach` course units of `centre` (the followed runner's
// distance in the snapshot); everywhere when `centre` is none.
struct CrowdZone {
  std::optional<double> centre;
  double reach = 0.0;
};

class CrowdRigs {
 public:
  // Steps the rigs `s` cues to its tick and appends to `frames` a frame for every runner in
  // `zone` it lists without a pose whose rig is running (given its phase and timing once);
  // `drawn` gets their ids, ascending.
  void on_snapshot(const net::Snapshot& s, std::vector<RunnerFrame>& frames,
                   std::vector<std::uint32_t>& drawn, const CrowdZone& zone = {});
  void reset();
  // Seconds a tick lasts (from Welcome's tick rate): the rigs step by it.
  void set_tick_rate(double tick_rate);

  std::size_t size() const { return figures_.size(); }

  static constexpr net::Tick kForgetTicks = 120;
  // New figures a snapshot starts at most (a server sends 64 cues in full a snapshot): what a
  // snapshot costs stays bounded whatever it says.
  static constexpr std::size_t kMaxNewFigures = 128;

 private:
  struct Figure {
    rig::RigState rig{};
    rig::Pose pose{};
    net::Tick tick = 0;                     // the tick the rig stands at
    rig::Motion motion = rig::Motion::Run;  // the motion it was cued to play
    double distance = 0.0;                  // the anchor at `tick`
    std::int16_t pace = 0;                  // ‰: its cadence is sim::runner_cadence
    std::int32_t best = 0;
    net::Tick seen = 0;  // the last snapshot that cued it
  };
  // What a roll-call entry (or a posed runner) says at the snapshot's tick.
  struct Entry {
    std::uint32_t id = 0;
    net::RunnerMode mode = net::RunnerMode::Running;
    double distance = 0.0;
    const net::RigCue* cue = nullptr;
    std::int16_t pace = 0;
    std::uint8_t pace_ticks = 0;  // with a new pace: the steps the server ran at it
  };
  // A figure for a runner first cued in full at tick `t`; false when the cue lacks its phase or
  // motion (it came against a baseline this client holds no rig for).
  bool start(Figure& f, const Entry& e, net::Tick t) const;
  void advance(Figure& f, const Entry& e, net::Tick t) const;
  // One tick of `f`'s rig in `motion`, the anchor travelling with its ground.
  void step(Figure& f, rig::Motion motion, bool start_thrust) const;

  float dt_ = 1.f / 60.f;
  std::unordered_map<std::uint32_t, Figure> figures_;
  std::optional<net::Tick> newest_;
};

// The zone a client draws figures in: the server's near rule (PROTOCOL.md "Roll call") around
// runner `followed` (else `own`, else the first by id) as snapshot `s` has it, for a view
// `view_width` course units wide.
CrowdZone crowd_zone(const net::Snapshot& s, std::optional<std::uint32_t> followed,
                     std::optional<std::uint32_t> own, double view_width);

// A decoded snapshot as the interpolation buffer takes it: `frames` its runners with a pose and
// those `crowd` draws from their rigs in `zone` (their ids in `drawn`, ascending), `others` the
// runners it lists without either (held across their turns for a pose).
void buffer_input(const net::Snapshot& s, CrowdRigs& crowd, const CrowdZone& zone,
                  std::vector<RunnerFrame>& frames, std::vector<std::uint32_t>& drawn,
                  std::vector<std::uint32_t>& others);

}  // namespace spear::client
