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
//
// Three lost in a row leave the first of them with no chord to rebuild against (its start was
// lost too). A client guesses it as the value that bends the motion least (bridge_guess), and
// the carrier sends the truth's residual against that same guess where the guess misses: a
// thrust or a landing in the middle of the gap, which no smooth guess can know.
//
// Four lost in a row leave the one before those three to be guessed with them
// (bridge_guess_hidden). Its residual against that guess goes only to a client that may be in
// such a run: one whose newest acknowledged snapshot is older than it (the encoder's choice,
// net/snapshot_encoder.hpp), so that a path losing a tenth of its snapshots pays for it in about
// a third of them instead of all.
#include <array>
#include <cstdint>
#include <optional>
#include <span>

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
inline constexpr std::size_t kBridgeDepth = 2;        // snapshots back a chord residual rebuilds
// The residual against the guess of the first of three lost, above 8 units (a miss shows as an
// error step of about half of it a frame; at 6 units a running stride's plant and lift-off
// would send one in half the snapshots, at 8 in a fifth of them).
inline constexpr std::int32_t kBridgeGuessThresholdQ = 16;
// The same for the one before the first of three (four lost in a row): 6 units. The first of
// three is then guessed from the rebuilt one and adds its own 8 (at 8 here, four lost in every
// seventeen of a bot's run stepped 8.1 units a frame; at 6, 5.7–7.2). Sent only to clients that
// may need it (net/snapshot_encoder.hpp), so the finer step costs little.
inline constexpr std::int32_t kBridgeHiddenThresholdQ = 12;

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
// one before it (each against a chord), guess the one before that against bridge_guess (gap
// kBridgeDepth + 1 strides, chord_gap one stride), hidden the one before that against
// bridge_guess_hidden (gap kBridgeDepth + 2 strides, chord_gap one stride).
struct RunnerBridge {
  std::array<std::optional<BridgeResidual>, kBridgeDepth> back{};
  std::optional<BridgeResidual> guess;
  std::optional<BridgeResidual> hidden;
  bool empty() const { return !back[0] && !back[1] && !guess && !hidden; }
  friend bool operator==(const RunnerBridge&, const RunnerBridge&) = default;
};
static_assert(kBridgeDepth == 2, "RunnerBridge::empty names each level");

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

// One value of a sequence as a·x + b of one unknown x.
struct AffineValue {
  double a = 0.0, b = 0.0;
};
// The x that bends the sequence least (the smallest sum of squared second differences
// (v[k−1] − 2·v[k] + v[k+1])² over its inner values): −Σ a·b / Σ a² of those differences, in
// IEEE double; `fallback` when none depends on x.
double least_bending(std::span<const AffineValue> seq, double fallback);

// The first of kBridgeDepth + 1 snapshots lost in a row, `stride` ticks apart, between `from`
// (the one before it) and the carrier `to` that sent `carried`: per coordinate, the value that
// bends the motion least (the smallest sum of squared second differences over `before` (one
// stride before `from`, if known), `from`, it, the others as the carrier's chord residuals
// rebuild them against it, `to` and `after` (one stride past `to`, if known)). A carrier's
// residual counts only at its level's gaps (level + 1 strides back, a chord of one stride).
// Server and client compute it with this one function, so the guess residual rebuilds it.
BridgePoint bridge_guess(const BridgePoint* before, const BridgePoint& from, const BridgePoint& to,
                         const BridgePoint* after, const RunnerBridge& carried,
                         std::uint32_t stride);

// Four lost in a row: h, the one before the first of three, one stride after `from`. The
// carrier's guess of the first of three was made from `from` and the true h (plus
// `guess_residual`, when it applies): per coordinate it is affine in h, and so are the two the
// chord residuals rebuild after it. h is the value that bends `before`, `from`, h, the first of
// three, those two, `to` (and `after`) least; the first of three then follows from it
// (bridge_guess from `from` and h, plus the residual).
BridgePoint bridge_guess_hidden(const BridgePoint* before, const BridgePoint& from,
                                const BridgePoint& to, const BridgePoint* after,
                                const RunnerBridge& carried, const BridgeResidual* guess_residual,
                                std::uint32_t stride);

// The residual of `truth` against the guess (bridge_guess with `before`, without `after`: the
// carrier cannot know it), for the snapshot kBridgeDepth + 1 strides before the carrier;
// nullopt when every part is within the threshold or out of range.
std::optional<BridgeResidual> make_guess_residual(
    const BridgePoint& truth, const BridgePoint& guess, std::uint32_t stride,
    std::int32_t threshold_q = kBridgeGuessThresholdQ);

// The residual of `truth` against bridge_guess_hidden (with `before`, without `after`; the
// carrier's own levels and guess residual as sent), for the snapshot kBridgeDepth + 2 strides
// before the carrier; nullopt when every part is within the threshold or out of range.
std::optional<BridgeResidual> make_hidden_residual(
    const BridgePoint& truth, const BridgePoint& guess, std::uint32_t stride,
    std::int32_t threshold_q = kBridgeHiddenThresholdQ);

// The guess plus the residual (either guess: the first of three, or the one before it).
BridgePoint apply_guess_residual(const BridgePoint& guess, const BridgeResidual& residual);

void write_bridge(BitWriter& out, const RunnerBridge& bridge);
// False on a corrupt stream (a gap or a value out of range, truncation).
[[nodiscard]] bool read_bridge(BitReader& in, RunnerBridge& bridge);

}  // namespace spear::net
