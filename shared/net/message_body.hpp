#pragma once
// The bit-packed bodies of the two frequent messages, Input (60 Hz from every player) and
// Snapshot (30 Hz to every client): everything but the roster's names travels as one byte
// vector, so the FlatBuffers framing is paid once per datagram (PROTOCOL.md, "Input body" and
// "Snapshot body"). codec.cpp wraps these bytes in the Packet.
#include <cstdint>
#include <span>
#include <vector>

#include "net/messages.hpp"

namespace spear::net {

// Frames whose tick is not after the previous frame's are left out; of the rest, the newest
// kMaxInputFrames are written.
std::vector<std::uint8_t> write_input_body(const Input& input);
// False when the body is malformed: truncated, too many frames, ticks not ascending or past
// 2^32, an ack further than 2^31 from the frames, or bytes left over.
[[nodiscard]] bool read_input_body(std::span<const std::uint8_t> body, Input& out);

// The snapshot's header bits (baseline, runner count, own runner, broken targets), padded to
// a byte, then the runner block as it is. The roster travels beside the body.
std::vector<std::uint8_t> write_snapshot_body(const SnapshotMessage& snapshot);
// Reads everything but `tick` (set it first: the body is relative to it) and the roster.
[[nodiscard]] bool read_snapshot_body(std::span<const std::uint8_t> body, SnapshotMessage& out);

}  // namespace spear::net
