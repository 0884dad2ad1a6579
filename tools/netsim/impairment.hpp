#pragma once

#include <cstdint>
#include <string>

#include "seeded_random.hpp"

namespace spear::netsim {

// How one direction of the link misbehaves. Probabilities are per datagram in [0, 1]; times are
// milliseconds.
struct ImpairmentConfig {
  double loss = 0.0;            // chance a datagram is dropped
  double delay_ms = 0.0;        // one-way base latency
  double jitter_ms = 0.0;       // latency varies uniformly in [delay - jitter, delay + jitter]
  double duplicate = 0.0;       // chance a delivered datagram arrives twice
  double reorder = 0.0;         // chance a datagram is held back so later ones overtake it
  double reorder_hold_ms = 50;  // extra latency of a reordered datagram; longer than the gap
                                // between datagrams, or nothing overtakes it
};

// Empty when the configuration is usable, else a sentence saying what is wrong.
std::string validate(const ImpairmentConfig& config);

// What happens to one datagram: no copy (lost), one, or two (duplicated). Times are microseconds
// on the caller's clock.
struct DatagramFate {
  int copies = 0;
  std::int64_t due_us[2] = {0, 0};
  bool reordered = false;
};

// Decides the fate of each datagram of one direction, in arrival order. Datagrams that are not
// reordered leave in the order they came (jitter alone never reorders, so --reorder is the only
// source of reordering and its rate is what was asked for). Deterministic for a given seed and
// sequence of arrival times.
class LinkImpairment {
 public:
  LinkImpairment(const ImpairmentConfig& config, std::uint64_t seed);

  DatagramFate decide(std::int64_t arrival_us);

 private:
  ImpairmentConfig config_;
  SeededRandom random_;
  std::int64_t last_in_order_due_us_ = INT64_MIN;
};

}  // namespace spear::netsim
