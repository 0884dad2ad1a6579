#pragma once
// Protocol constants shared by every peer (schemas/PROTOCOL.md is the prose version of this file).
#include <cstddef>
#include <cstdint>

namespace spear::net {

using ClientId = std::uint16_t;
using RunnerId = std::uint16_t;
using Tick = std::uint32_t;        // server simulation tick (60 Hz by default)
using Sequence = std::uint32_t;    // per-sender datagram counter, starts at 1 (years at 60 Hz)
using SessionKey = std::uint64_t;  // random, never 0 once connected

// Bumped on any change of the wire format; peers with another version are refused.
inline constexpr std::uint16_t kProtocolVersion = 11;
// FlatBuffers file identifier of every datagram (4 characters, bytes 4..7 of the buffer).
inline constexpr char kFileIdentifier[] = "SPR1";
inline constexpr std::uint16_t kDefaultPort = 27600;

// Largest UDP payload anyone sends or accepts: below any path MTU, so no IP fragmentation.
inline constexpr std::size_t kMaxDatagramBytes = 1200;
// Smallest datagram worth verifying: root offset (4) + identifier (4) + a minimal table.
inline constexpr std::size_t kMinDatagramBytes = 16;
// A Hello is padded to at least this many bytes, so that every reply to an unverified
// address (Challenge, Refusal) is no larger than what it received: no amplification.
inline constexpr std::size_t kHelloBytes = 256;

// Verifier limits: the deepest legal buffer is Packet -> Snapshot -> RosterEntry.
inline constexpr unsigned kVerifierMaxDepth = 8;
inline constexpr unsigned kVerifierMaxTables = 96;

// Caps on repeated fields, checked after verification (a larger count is a decode error).
inline constexpr std::size_t kMaxInputFrames = 16;  // redundant inputs per Input
inline constexpr std::size_t kMaxRunnersPerSnapshot = 255;
// A client's view (Input's view): course units across its window. 440 high, 16:9 by default;
// the client's widest letterbox (21:9) is 1027, the wire takes up to 4096.
inline constexpr std::uint16_t kDefaultViewWidth = 782;
inline constexpr std::uint16_t kMaxViewWidth = 4096;
// When a snapshot cannot carry every runner's pose, the runners within kNearViewShare × the view
// width + kNearMargin course units of the followed one are near (they get poses first): the
// view's wider side (the followed runner is drawn 30 % from its left edge) and about 0.6 s of
// the fastest closing speed (a runner passing one that lies on the ground, ~400 units/s).
inline constexpr double kNearViewShare = 0.7;
inline constexpr double kNearMargin = 240.0;
// The near runners nearest the followed one that get their pose in every such snapshot (the
// others near it are drawn from their rig cues, and take turns for poses as room allows).
inline constexpr std::size_t kPinnedNeighbours = 2;
// A snapshot whose roll call is cued (against a baseline: clients draw the runners without a
// pose from their rigs, PROTOCOL.md "Rig cue") gives poses beyond the pinned ones, in turns,
// only while the sealed datagram stays within this many bytes (10.8 kB/s at 30 snapshots a
// second: the figures are drawn from the rigs, a pose only corrects one gone astray).
inline constexpr std::size_t kCrowdSnapshotBytes = 360;
inline constexpr std::size_t kMaxBrokenTargets = 16;
inline constexpr std::size_t kMaxRosterEntries = 32;  // names per snapshot
inline constexpr std::size_t kMaxNameBytes = 24;      // UTF-8 bytes of a player name
// A Response's name is read up to this many bytes, so that a longer one than kMaxNameBytes is
// refused with a reason (bad name) rather than dropped as malformed.
inline constexpr std::size_t kMaxResponseNameBytes = 255;
inline constexpr std::size_t kMaxPasswordBytes = 64;
inline constexpr std::size_t kMaxRefusalTextBytes = 96;
inline constexpr std::size_t kMaxSimStateBytes = 512;  // opaque own-runner state (prediction)

// Timing (seconds).
inline constexpr double kTimeoutSeconds = 5.0;          // silence after which a peer is gone
inline constexpr double kHandshakeResendSeconds = 0.1;  // Hello / Response repeat interval
inline constexpr double kCookieWindowSeconds = 10.0;    // a cookie is good for 10..20 s
inline constexpr int kDisconnectRepeats = 3;            // Disconnect is sent this many times

// A delta is made only against a baseline at most this many ticks older than the snapshot
// (1 s at 60 Hz); both sides keep at least this much history.
inline constexpr Tick kMaxBaselineAgeTicks = 60;

}  // namespace spear::net
