#pragma once
// Round trip measured with the player's own inputs: the local time an input tick was first sent,
// and the local time the first snapshot said the server had applied it. It includes the wait
// for the next snapshot (up to one snapshot interval), so it reads a little above a bare ping.
#include <cstdint>
#include <deque>
#include <optional>

#include "net/protocol.hpp"

namespace spear::client {

class InputRoundTrip {
 public:
  void on_sent(net::Tick tick, double now);
  // The server's newest applied input tick, as seen in a snapshot that arrived at `now`.
  void on_applied(net::Tick tick, double now);
  // Smoothed round trip, seconds.
  std::optional<double> round_trip() const { return rtt_; }

 private:
  struct Sent {
    net::Tick tick;
    double at;
  };
  std::deque<Sent> sent_;  // ascending ticks
  std::optional<double> rtt_;
};

}  // namespace spear::client
