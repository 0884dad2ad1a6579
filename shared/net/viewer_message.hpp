#pragma once
// The browser viewer's stream (schemas/viewer.fbs) <-> plain structs: what spear-web writes once
// per snapshot for every browser it serves, and what its tests and load tool read back. Runners,
// summaries, races and names are the wire structs of net/messages.hpp; obstacles the sim's.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <variant>
#include <vector>

#include "net/messages.hpp"
#include "sim/obstacle.hpp"

namespace spear::net::viewer {

inline constexpr std::uint16_t kVersion = 1;
// Joints travel in 1/16 units as 16-bit integers: poses beyond this many units from their
// anchor are clamped (a pose stays within about 200).
inline constexpr float kJointUnit = 1.f / 16.f;
// Bounds a decoder holds a message to (a page applies the same).
inline constexpr std::size_t kMaxRunners = 1024;
inline constexpr std::size_t kMaxObstacles = 256;
inline constexpr std::size_t kMaxBroken = 1024;
inline constexpr std::size_t kMaxNames = 1024;
inline constexpr std::size_t kMaxTextBytes = 200;

struct Hello {
  std::uint16_t version = kVersion;
  std::uint16_t tick_rate = 0;  // 0: not connected to the game server yet
  std::uint16_t snapshot_rate = 0;
  std::string server;  // how the gateway names its server
  bool connected = false;
  std::string status;  // for people
  friend bool operator==(const Hello&, const Hello&) = default;
};

struct Frame {
  Tick tick = 0;
  // With a pose; only id, mode, flags, score, distance, countdown_ticks and the pose travel.
  std::vector<RunnerSnapshot> runners;
  std::vector<RunnerSummary> others;
  std::optional<RaceStatus> race;  // phase, race, ticks_left travel
  std::uint64_t course = 0;        // the course's seed
  std::vector<sim::Obstacle> obstacles;
  std::vector<BrokenTarget> broken;
};

struct Roster {
  std::vector<RosterEntry> names;
};

using Message = std::variant<Hello, Frame, Roster>;

std::vector<std::uint8_t> encode(const Hello& hello);
std::vector<std::uint8_t> encode(const Frame& frame);
std::vector<std::uint8_t> encode(const Roster& roster);

// A message that verifies (FlatBuffers verifier, identifier, the bounds above, 30 joints a
// runner, finite numbers), else nullopt.
std::optional<Message> decode(std::span<const std::uint8_t> bytes);

}  // namespace spear::net::viewer
