#pragma once
// The server's running counters: what the metrics endpoint, the log and the summary report.
// Plain data owned by the server's thread.
#include <array>
#include <cstdint>
#include <string_view>

#include "server/drop_reason.hpp"
#include "server/input_counts.hpp"
#include "server/tick_timings.hpp"

namespace spear::server {

// How a handshake step ended (a label of spear_handshakes_total).
enum class HandshakeOutcome : std::uint8_t {
  Challenged,  // a Hello got a Challenge
  Accepted,    // a Response got a Welcome (a new session)
  Rewelcomed,  // a repeated Response from an address already in: Welcome again
  RefusedServerFull,
  RefusedSpectatorsFull,
  RefusedSpectatorsOff,
  RefusedWrongPassword,
  RefusedWrongVersion,
  RefusedBadName,
  RefusedShuttingDown,
  RefusedAddressFull,        // the address already holds its share of player/spectator slots
  RefusedPasswordThrottled,  // too many password attempts: refused without checking the proof
  Count
};
inline constexpr std::size_t kHandshakeOutcomeCount =
    static_cast<std::size_t>(HandshakeOutcome::Count);
std::string_view handshake_outcome_name(HandshakeOutcome o);  // "challenged", "server_full", ...

struct ServerStats {
  TickTimings tick_timings;
  DropCounters drops;
  std::array<std::uint64_t, kHandshakeOutcomeCount> handshakes{};
  InputCounts inputs;  // every player's input frames (the sum of the summary's per-client counts)

  std::uint64_t datagrams_in = 0, datagrams_out = 0;
  std::uint64_t bytes_in = 0, bytes_out = 0;  // UDP payload bytes
  std::uint64_t snapshots_sent = 0;
  std::uint64_t send_errors = 0;
  std::uint64_t timeouts = 0;      // sessions freed for silence
  std::uint64_t disconnects = 0;   // sessions ended by the client
  std::uint64_t tick_resyncs = 0;  // times the loop fell too far behind

  void count_handshake(HandshakeOutcome o) { ++handshakes[static_cast<std::size_t>(o)]; }
};

}  // namespace spear::server
