#pragma once
// The whole client session's side of the fuzz fixture: what a real server sent a real client
// session (a player on autopilot, prediction on) over its first seconds, as the run of records
// fuzz_client_session reads:
//   record = length (2 bytes, little-endian) ‖ wait (1 byte: ms of session time after the
//            previous record) ‖ that many bytes of one Packet from the server
// A hostile server holds the session's keys: once the session has sent its Response, each record
// is sealed with them (fuzz::server_key_pair() and the session's Hello) before it is delivered.
// The server is the real MatchLoop with bots, on injected time; nothing is lost or late.
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "core/client_session.hpp"

namespace spear::fuzz {

// The records of `seconds` of a session from its first Hello.
std::vector<std::uint8_t> recorded_session(double seconds);

// The session fuzz_client_session drives.
client::SessionConfig fuzzed_session_config();

// Feeds `records` to `session` as fuzz_client_session does: each datagram arrives after its
// wait and is taken in by an update (at most kMaxRecords of them; a record cut short by the end
// of the input is delivered as far as it goes). Returns the session time at the end.
inline constexpr std::size_t kMaxRecords = 400;
double feed_records(client::ClientSession& session, std::span<const std::uint8_t> records);

}  // namespace spear::fuzz
