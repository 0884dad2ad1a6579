#pragma once

#include <cstdint>
#include <string>

namespace spear::netsim {

// Counts of one direction through the relay. received = lost + overflowed + (delivered copies
// minus duplicated), once the queue has drained.
struct DirectionStats {
  std::uint64_t received = 0;  // datagrams that entered the relay
  std::uint64_t bytes_received = 0;
  std::uint64_t lost = 0;        // dropped by --loss
  std::uint64_t duplicated = 0;  // datagrams sent twice by --dup
  std::uint64_t reordered = 0;   // datagrams held back by --reorder
  std::uint64_t overflowed = 0;  // copies refused because the delay line was full
  std::uint64_t orphaned = 0;    // copies whose client flow expired before they were due
  std::uint64_t sent = 0;        // copies handed to the kernel
  std::uint64_t bytes_sent = 0;
  std::uint64_t send_errors = 0;
};

struct RelayStats {
  DirectionStats to_server;
  DirectionStats to_client;
  std::uint64_t flows_opened = 0;   // client addresses given their own upstream socket
  std::uint64_t flows_refused = 0;  // datagrams from new clients beyond --max-clients
  std::uint64_t flows_expired = 0;  // flows closed after going idle
  std::uint64_t stray = 0;          // datagrams on an upstream socket not from the server
};

// One line, key=value pairs, for logs and scripts.
std::string format_stats_line(const RelayStats& stats);

}  // namespace spear::netsim
