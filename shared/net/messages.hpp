#pragma once
// Every message of the protocol as plain C++ data. The wire form (schemas/spear.fbs) is produced
// and read only by net/codec.hpp; the rest of the code sees these structs.
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "net/bridge_residual.hpp"
#include "net/protocol.hpp"
#include "rig/pose.hpp"
#include "rig/rig.hpp"

namespace spear::net {

using Cookie = std::array<std::uint8_t, 32>;         // see net/cookie.hpp
using PasswordProof = std::array<std::uint8_t, 16>;  // see net/password_proof.hpp
using PublicKey = std::array<std::uint8_t, 32>;      // X25519 (net/session_crypto.hpp)

enum class Role : std::uint8_t { Player, Spectator };

// Client -> server, first datagram. The codec pads it to kHelloBytes.
struct Hello {
  Role role = Role::Player;
  PublicKey client_key{};  // fresh for this connection
};

// Server -> client: answer to a Hello, holds no server state (net/cookie.hpp).
struct Challenge {
  Cookie cookie{};         // bound to the address and the Hello's client_key
  PublicKey server_key{};  // the server's lasting public key (--server-key checks it)
};

// Client -> server: proves the client receives at its address; asks to join. What it asks
// travels sealed (net::ResponseSecret: role, name, password proof).
struct Response {
  Cookie cookie{};
  PublicKey client_key{};            // the Hello's
  std::vector<std::uint8_t> sealed;  // ≤ kMaxResponseSealedBytes
};

// Server -> client, sealed: the client is in. Everything later is sealed with the session's keys.
struct Welcome {
  ClientId client_id = 0;
  SessionKey session_key = 0;    // random, never 0: names the session (a new one is a new join)
  Tick server_tick = 0;          // tick of the match when this was sent
  std::uint16_t tick_rate = 60;  // simulation ticks per second
  std::uint16_t snapshot_rate = 30;
  std::uint64_t course_seed = 0;
  Role role = Role::Player;
  std::optional<RunnerId> runner_id;  // the runner this player steers; none for spectators
};

enum class RefusalReason : std::uint8_t {
  ServerFull,      // no player slot left
  SpectatorsFull,  // no spectator slot left
  SpectatorsOff,   // the server takes no spectators
  WrongPassword,
  WrongVersion,  // the client's kProtocolVersion differs from the server's
  BadName,       // empty, too long or not UTF-8
  ShuttingDown,
  Count
};

struct Refusal {
  RefusalReason reason = RefusalReason::ServerFull;
  std::string text;  // for people, ≤ kMaxRefusalTextBytes
};

// Bits of InputFrame::buttons. Each frame is one client tick; a set bit means "pressed during
// this tick" (an edge), so applying every frame exactly once gives every press exactly once.
namespace buttons {
inline constexpr std::uint8_t kJump = 1u << 0;
inline constexpr std::uint8_t kThrust = 1u << 1;
inline constexpr std::uint8_t kToggleLab = 1u << 2;  // runner <-> motion lab (M)
inline constexpr std::uint8_t kToggleSkeleton = 1u << 3;
inline constexpr std::uint8_t kTogglePause = 1u << 4;
inline constexpr std::uint8_t kStep = 1u << 5;  // lab: advance one step while paused
inline constexpr std::uint8_t kAway = 1u << 6;  // the window went to the background (online)
inline constexpr std::uint8_t kBack = 1u << 7;  // the window is back in focus (online)
}  // namespace buttons

struct InputFrame {
  Tick tick = 0;                // the server tick this input is meant for
  std::uint8_t buttons = 0;     // net::buttons bits
  std::uint8_t lab_motion = 0;  // 0: no change; 1 + rig::Motion: pick that motion in the lab
  friend bool operator==(const InputFrame&, const InputFrame&) = default;
};

// Client -> server at the client's tick rate (spectators: ack only, at least at snapshot rate).
// What a client shows: the runner its view follows and how many course units its window shows
// across. The server sends the runners nearest the followed one first (PROTOCOL.md "View").
struct InputView {
  std::optional<RunnerId> followed;         // none: a spectator with no runner in view yet
  std::uint16_t width = kDefaultViewWidth;  // 1..kMaxViewWidth
  friend bool operator==(const InputView&, const InputView&) = default;
};

struct Input {
  std::optional<Tick> ack_tick;    // newest snapshot tick received and decoded
  std::vector<InputFrame> frames;  // ascending ticks, newest last, ≤ kMaxInputFrames
  std::optional<InputView> view;   // when it changed lately, and now and then (it may be lost)
};

// 3 bits on the wire: Count (8) leaves no room for another mode without widening the field.
enum class RunnerMode : std::uint8_t {
  Running,
  Jumping,
  Thrusting,
  Falling,
  Down,
  Lab,
  Parked,     // away: standing still where it stopped
  Countdown,  // standing, runs when RunnerSnapshot::countdown_ticks reach 0
  Count
};

namespace runner_flags {
inline constexpr std::uint8_t kLab = 1u << 0;
inline constexpr std::uint8_t kSkeleton = 1u << 1;  // lab skeleton overlay on
inline constexpr std::uint8_t kPaused = 1u << 2;    // lab time paused
inline constexpr std::uint8_t kBot = 1u << 3;
inline constexpr std::uint8_t kAway = 1u << 4;  // its player is away (any mode: parked, down...)
inline constexpr std::uint8_t kAll = 0x1f;
}  // namespace runner_flags

// A runner's rig as the server has it (RunnerSnapshot::rig_values): the values a rig cue is made
// of (net/rig_cue.hpp).
struct CueValues {
  float phase = 0.f;               // gait phase 0..1 (rig::RigState::phase)
  std::uint8_t motion = 0;         // rig::Motion playing
  std::uint32_t motion_ticks = 0;  // ticks the rig has stepped in it
  std::int32_t thrust_ticks = -1;  // ticks since the thrust overlay started; -1 none
  friend bool operator==(const CueValues&, const CueValues&) = default;
};

// A rig cue as decoded (net/rig_cue.hpp): what it says of the runner at the snapshot's tick.
struct RigCue {
  bool runs_on = false;                // nothing new since the baseline's cue
  std::optional<std::uint16_t> phase;  // gait phase in 1/4096 cycles
  std::optional<std::uint8_t> motion;  // rig::Motion playing, with
  std::uint16_t motion_ticks = 0;      // the ticks stepped in it (kMaxCueMotionTicks: or more)
  std::optional<std::uint8_t> thrust_ticks;  // ticks since a thrust started
  // The place holder of a cue not sent yet: it says nothing (not even "runs on").
  bool empty() const { return !runs_on && !phase && !motion && !thrust_ticks; }
  friend bool operator==(const RigCue&, const RigCue&) = default;
};

// One runner as a client sees it (decoded; the pose within 0.25 units of the server's).
struct RunnerSnapshot {
  RunnerId id = 0;
  RunnerMode mode = RunnerMode::Running;
  std::uint8_t flags = 0;       // runner_flags bits
  std::uint8_t lab_motion = 0;  // rig::Motion playing in the lab (meaningful with kLab)
  std::uint32_t score = 0;
  std::uint32_t best = 0;  // best score of this runner in the match
  double distance = 0.0;   // units travelled along the course (wire: 1/16 unit steps)
  std::uint8_t combo = 0;  // targets broken in a row this run (wire: 0..kMaxWireCombo)
  // Earned pace, ‰ over the course's cadence (sim::RunnerState::pace): the runner's cadence and
  // ground speed are sim::runner_cadence / runner_speed of its distance and this.
  std::int16_t pace = 0;
  // Steps the runner has run at `pace` since it was set (saturating; sim::RunnerState::
  // pace_ticks): the roll call says it with a changed pace, so a client's rig switches on the
  // server's tick.
  std::uint8_t pace_ticks = 0;
  // Countdown only (0 otherwise): ticks until it runs, the tick it starts counting
  // (sim::countdown_ticks_left). Wire: exact, ≤ kMaxWireCountdown.
  std::uint16_t countdown_ticks = 0;
  rig::Pose pose;  // relative to the runner's anchor
  // Lab readouts, carried only with kLab (a running runner costs no bytes for them):
  float lab_phase = 0.f;  // 0..1, wraps: gait phase (walk, run); loop progress (throw, jump,
                          // spear form). Wire: 1/256 steps
  float lab_gait = 0.f;   // 0 walk .. 1 run (wire: 1/255 steps)
  // The rig's total ground travel (rig::RigState::scroll) modulo kLabScrollSpan, units: the
  // lab's treadmill. Clients unwrap it into a continuous ground position that moves exactly with
  // the rig's own ground speed, blends and switches included (wire: 1/16 units).
  float lab_scroll = 0.f;
  // The rig's IK targets, anchor-relative like the pose (wire: 1/16 unit steps), carried only
  // with kLab and kSkeleton.
  std::optional<rig::RigDebug> ik;
  // What rebuilds this runner in the one or two snapshots before this one, for a client that
  // lost them (net/bridge_residual.hpp). Servers fill it in per frame (net/snapshot_frame).
  RunnerBridge bridge;
  // The rig's state for a roll call's cue (servers fill it in; decoded snapshots leave it).
  CueValues rig_values;
  // Decoded: the roll call's cue for this runner, when the roll call carried one.
  std::optional<RigCue> cue;
};
inline constexpr std::int16_t kMinWirePace = -128, kMaxWirePace = 255;  // ‰
inline constexpr std::uint8_t kMaxWireCombo = 7;          // 3 bits; the sim's multiplier stops at 5
inline constexpr std::uint16_t kMaxWireCountdown = 4095;  // ticks: 3 s at 1000 Hz fits
// Span the lab's ground travel wraps at, units (16 bits of 1/16 units): over 10 s of running, so
// between two snapshots (or many lost ones) the short way round is always the true one.
inline constexpr float kLabScrollSpan = 4096.f;

// What the own runner's prediction needs (issue "prediction"): sent to its player only.
struct OwnRunnerState {
  RunnerId id = 0;
  Tick state_tick = 0;                  // the tick sim_state belongs to (the snapshot's tick)
  Tick last_input_tick = 0;             // newest input tick the server has applied to this runner
  std::vector<std::uint8_t> sim_state;  // opaque, written by the sim, ≤ kMaxSimStateBytes
};

// A straw target broken or a hurdle toppled (schemas/PROTOCOL.md "broken").
struct BrokenTarget {
  RunnerId runner = 0;
  std::uint32_t obstacle = 0;  // index of the obstacle in the course
  Tick tick = 0;               // when it broke (a target) or toppled (a hurdle)
  friend bool operator==(const BrokenTarget&, const BrokenTarget&) = default;
};

struct RosterEntry {
  RunnerId runner = 0;
  bool bot = false;
  std::string name;
  friend bool operator==(const RosterEntry&, const RosterEntry&) = default;
};

// Races (schemas/PROTOCOL.md "Race status" and "Race board"). The phase of the server's race
// cycle: warm-up (players join; the runners stand at the coming course's start line), the
// 3-2-1 countdown, the race, the results (the runners already at the next course's line).
enum class RacePhase : std::uint8_t { Warmup, Countdown, Race, Results, Count };

// In every snapshot of a racing server: where the cycle stands at the snapshot's tick.
struct RaceStatus {
  RacePhase phase = RacePhase::Warmup;
  std::uint32_t race = 1;     // race number, 1 .. kMaxWireRace
  Tick ticks_left = 0;        // ticks of the phase after the snapshot's tick (≤ kMaxPhaseTicks)
  Tick match_first_tick = 0;  // first tick of the sim match the snapshot shows (≤ its tick)
  // Ticks a match's runners stand at the start line before they run (≤ kMaxPhaseTicks): in
  // the race phase the next race's match's (it begins when this phase ends), else the current
  // one's, so the race begins at match_first_tick + wait.
  Tick wait = 0;
  friend bool operator==(const RaceStatus&, const RaceStatus&) = default;
};
inline constexpr std::uint32_t kMaxWireRace = 1u << 24;
inline constexpr Tick kMaxPhaseTicks = 1u << 30;

// One line of a results board: a place of the race just run, or one of the all-time best.
struct BoardEntry {
  std::uint16_t place = 0;  // 1 = first (all-time: the rank)
  std::string name;         // ≤ kMaxNameBytes
  bool bot = false;
  std::uint32_t score = 0;
  double distance_m = 0.0;  // wire: decimetres
  std::uint32_t targets_broken = 0;
  std::uint32_t crashes = 0;
  std::uint32_t best_combo = 0;
  friend bool operator==(const BoardEntry&, const BoardEntry&) = default;
};
enum class BoardKind : std::uint8_t { Results, AllTime, Count };
// A page of a board: during the results phase each snapshot carries one page, round robin, so
// a client has every page a few times a second (net/race_board.hpp assembles them).
struct BoardPage {
  BoardKind kind = BoardKind::Results;
  std::uint32_t race = 1;           // the race the results are of (all-time: as of that race)
  std::uint16_t total = 0;          // entries of the whole board, ≤ kMaxBoardEntries
  std::uint16_t first = 0;          // index of entries[0] in the board
  std::vector<BoardEntry> entries;  // ≤ kMaxBoardPageEntries
  friend bool operator==(const BoardPage&, const BoardPage&) = default;
};
inline constexpr std::size_t kMaxBoardEntries = 32;     // places sent of one race
inline constexpr std::size_t kMaxAllTimeEntries = 10;   // the all-time top 10
inline constexpr std::size_t kMaxBoardPageEntries = 4;  // per snapshot

// A whole snapshot, decoded. On the server it is the input of SnapshotEncoder (roster: every
// runner's name; the encoder sends each client only the names it has not confirmed).
// A runner a snapshot lists in its roll call without a pose (PROTOCOL.md "Roll call"): a big
// race sends full poses only for the runners near what the client's view follows, and this for
// every other one, so race strips and scoreboards hold every runner.
struct RunnerSummary {
  RunnerId id = 0;
  RunnerMode mode = RunnerMode::Running;
  std::uint8_t flags = 0;  // runner_flags
  std::uint32_t score = 0;
  double distance = 0.0;        // course units, to the unit
  std::optional<RigCue> cue;    // when the roll call carried one (PROTOCOL.md "Rig cue")
  std::int16_t pace = 0;        // ‰ (RunnerSnapshot::pace)
  std::uint8_t pace_ticks = 0;  // with a pace changed since the baseline: steps run at it
  friend bool operator==(const RunnerSummary&, const RunnerSummary&) = default;
};

struct Snapshot {
  Tick tick = 0;
  std::optional<Tick> baseline_tick;  // decoded snapshots: the baseline it was a delta against
  std::vector<RunnerSnapshot> runners;
  std::optional<OwnRunnerState> own;
  std::vector<BrokenTarget> broken;  // recently broken straw targets and toppled hurdles
  std::vector<RosterEntry> roster;
  std::optional<RaceStatus> race;  // a racing server's phase (none: an endless match)
  std::optional<BoardPage> board;  // during the results: one page of the boards
  // Runners of the roll call that `runners` does not hold (no pose this snapshot), ascending
  // ids. Empty when the snapshot carries every runner's pose.
  std::vector<RunnerSummary> others;
};

// The snapshot as it travels: runners are one bit-packed block (net/runner_block.hpp),
// possibly delta-coded against the snapshot at baseline_tick.
struct SnapshotMessage {
  Tick tick = 0;
  std::optional<Tick> baseline_tick;
  std::uint16_t runner_count = 0;
  std::uint16_t roll_count = 0;  // entries of the roll call after the runners in the block
  std::vector<std::uint8_t> runner_block;
  std::optional<OwnRunnerState> own;
  std::vector<BrokenTarget> broken;
  std::vector<RosterEntry> roster;
  std::optional<RaceStatus> race;  // net/message_body.cpp: in the body's header bits
  std::optional<BoardPage> board;  // the Snapshot table's `board`
};

enum class DisconnectReason : std::uint8_t { ClientQuit, ServerShutdown, TimedOut, Kicked, Count };

struct Disconnect {
  DisconnectReason reason = DisconnectReason::ClientQuit;
};

using Message =
    std::variant<Hello, Challenge, Response, Welcome, Refusal, Input, SnapshotMessage, Disconnect>;

// One datagram's Packet buffer. Sealed ones (net/session_crypto.hpp) carry their sequence in the
// seal: their Packet's sequence and key are 0.
struct Packet {
  Sequence sequence = 0;  // per-sender counter (replay window); 0 inside a seal
  SessionKey key = 0;     // always 0 since protocol 6 (sessions are told apart by their keys)
  Message message;
};

}  // namespace spear::net
