#pragma once
// One client that had a session, as the summary reports it: who it was, how long it stayed,
// what became of its input frames and why it left. The session table keeps a record for every
// session it ever accepted (sessions, their client ids and wire runner ids are reused; records
// stay; past a cap the oldest finished ones are folded into FoldedClients), so operators can
// account for every player's inputs after the match.
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "net/messages.hpp"
#include "server/input_counts.hpp"

namespace spear::server {

enum class LeaveReason : std::uint8_t {
  Disconnected,  // the client said goodbye
  TimedOut,      // freed after the timeout of silence
};
// "disconnected", "timed_out": the summary's "left" values.
std::string_view leave_reason_name(LeaveReason reason);

struct ClientRecord {
  net::ClientId client = 0;
  std::string name;
  net::Role role = net::Role::Player;
  std::optional<std::uint32_t> runner;  // players: the sim's runner id (the summary's runner id)
  std::optional<net::RunnerId>
      wire_runner;                    // players: the runner id its Welcome and snapshots used
  double joined_at = 0.0;             // server time, seconds
  double left_at = 0.0;               // server time it left; while connected, the latest time known
  std::uint64_t input_datagrams = 0;  // authenticated Input datagrams (acks included)
  InputCounts inputs;                 // its frames (players; a spectator's are ignored)
  // Why it left; nullopt while connected, and for a client still connected when the server stopped.
  std::optional<LeaveReason> left;

  std::uint64_t join_order = 0;  // 1 for the first session the server accepted, then 2, ...

  double connected_seconds() const { return left_at > joined_at ? left_at - joined_at : 0.0; }
};

// Finished sessions folded into totals (the summary's "earlier_clients"), so a server that has
// seen a million sessions keeps a bounded number of records.
struct FoldedClients {
  std::uint64_t count = 0;
  std::uint64_t players = 0;
  std::uint64_t spectators = 0;
  std::uint64_t disconnected = 0;
  std::uint64_t timed_out = 0;
  double connected_seconds = 0.0;
  std::uint64_t input_datagrams = 0;
  InputCounts inputs;

  void add(const ClientRecord& r);
};

}  // namespace spear::server
