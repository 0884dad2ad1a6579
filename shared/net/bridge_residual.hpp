#pragma once
// Loss concealment for the interpolation buffer: each runner of a snapshot may carry what a
// client that lost the snapshot before it (and the one before that) needs to rebuild it, as the
// difference between what that snapshot held and the chord a client bridges it with.
//
// Clients interpolate rebuilt joints (anchor-relative, units) and the anchor's distance
// linearly between snapshots (core/pose_blend). Over a lost snapshot they draw the chord
// between its neighbours, which misses whatever kink the lost one held: a landing's far foot
// changes speed by about 21 units a tick in one tick, a thrust's spear accelerates. The server
// knows every quantized snapshot it sent, so for snapshot n it computes, for n−1 (and n−2),
// truth − chord in the same space, quantized to kBridgeStep, and sends only the parts above
// kBridgeThresholdQ steps (6 units: a miss that size shows as an error step of about 4 units a
// frame, against 13 for a landing's plant): smooth motion costs the presence bit alone, and an
// encoder sends residuals only to clients whose acks say they lose snapshots
// (net/snapshot_encoder.hpp, BridgePolicy).
//
// The residual of a joint is predicted by its parent's (a landing shifts the whole body with
// the pelvis, a swinging shin carries the foot): each joint sends the difference to the
// residual its parent got as rebuilt, so a skipped joint inherits its parent's correction and
// every joint rebuilds within (kBridgeThresholdQ + 1/2) steps of the truth per axis whatever
// the depth of the tree. Wire layout: schemas/PROTOCOL.md "Runner block", "Bridge".
#include <array>
#include <cstdint>
#include <optional>

#include "net/bit_stream.hpp"
#include "rig/pose.hpp"

namespace spear::net {

inline constexpr float kBridgeStep = 0.5f;             // units per residual step
inline constexpr std::int32_t kBridgeThresholdQ = 12;  // steps: smaller differences are left out
// The same for the snapshot two back (its chord spans three intervals, so it misses by more and
// more often; two lost in a row are rarer): 8 units.
inline constexpr std::int32_t kBridgeDeepThresholdQ = 16;
inline constexpr std::uint32_t kMaxBridgeGap = 64;    // ticks, either gap
inline constexpr std::int32_t kMaxBridgeQ = 1 << 13;  // steps (±4096 units), anything beyond is
                                                      // not motion: nothing is sent
inline constexpr std::size_t kBridgeDepth = 2;        // snapshots back a runner can rebuild

// One rebuilt snapshot of one runner. The snapshot rebuilt is `gap` ticks before the one
// carrying it; the chord runs from `chord_gap` ticks before the rebuilt one to the carrier.
struct BridgeResidual {
  std::uint8_t gap = 0;        // 1..kMaxBridgeGap
  std::uint8_t chord_gap = 0;  // 1..kMaxBridgeGap
  std::uint16_t joints = 0;    // bit k: the k-th joint of the tree order sends its difference
  bool has_distance = false;
  // Per joint in tree order (bridge_joint_order): difference to its parent's residual, steps.
  std::array<std::array<std::int32_t, 2>, rig::kJointCount> joint{};
  std::int32_t distance = 0;  // steps
  friend bool operator==(const BridgeResidual&, const BridgeResidual&) = default;
};

// What one runner of a snapshot carries: back[0] rebuilds the previous snapshot, back[1] the
// one before it.
struct RunnerBridge {
  std::array<std::optional<BridgeResidual>, kBridgeDepth> back{};
  friend bool operator==(const RunnerBridge&, const RunnerBridge&) = default;
};

// The part of a runner the bridge rebuilds: joints (anchor-relative) and the anchor's distance.
struct BridgePoint {
  std::array<rig::Vec2, rig::kJointCount> joints{};
  double distance = 0.0;  // course units
};

BridgePoint bridge_point(const rig::Pose& pose, double distance);

// Share of the way from the chord's earlier end to the carrier at the rebuilt snapshot.
float bridge_share(std::uint32_t chord_gap, std::uint32_t gap);

// What a client bridging from `from` to `to` shows at the rebuilt snapshot (both sides compute
// it with this one function, so the residual rebuilds exactly).
BridgePoint bridge_chord(const BridgePoint& from, const BridgePoint& to, std::uint32_t chord_gap,
                         std::uint32_t gap);

// The residual of `truth` against the chord; nullopt when every part is within the threshold
// (or a gap or a value is out of range: a restart, not motion).
std::optional<BridgeResidual> make_bridge_residual(const BridgePoint& truth,
                                                   const BridgePoint& from, const BridgePoint& to,
                                                   std::uint32_t chord_gap, std::uint32_t gap,
                                                   std::int32_t threshold_q = kBridgeThresholdQ);

// The chord plus the residual: the rebuilt snapshot.
BridgePoint apply_bridge_residual(const BridgePoint& from, const BridgePoint& to,
                                  const BridgeResidual& residual);

void write_bridge(BitWriter& out, const RunnerBridge& bridge);
// False on a corrupt stream (a gap or a value out of range, truncation).
[[nodiscard]] bool read_bridge(BitReader& in, RunnerBridge& bridge);

}  // namespace spear::net
