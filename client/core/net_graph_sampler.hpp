#pragma once
// Turns the connection's running counters into the net graph's readings (F3, after Valve's
// net_graph): ping, snapshot arrival gaps, loss, bandwidth in and out and interpolation delay,
// as rates over the last second, one reading per period.
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>

namespace spear::client {

struct NetReading {
  double time = 0.0;             // local seconds the reading closed
  std::optional<float> ping_ms;  // round trip, when known (players)
  float snapshot_gap_ms = 0.f;   // longest wait between two snapshot arrivals in the period
  float snapshots_per_s = 0.f;   // over the last second
  float loss_percent = 0.f;      // snapshots lost over the last second, 0..100
  float bytes_in_per_s = 0.f;    // all datagrams, payload bytes, over the last second
  float bytes_out_per_s = 0.f;
  float interp_delay_ms = 0.f;  // interpolation delay in effect
};

// Cumulative counters, as read from the connection and the interpolation buffer.
struct NetTotals {
  std::uint64_t bytes_in = 0;
  std::uint64_t bytes_out = 0;
  std::uint64_t snapshots = 0;               // unique snapshots that arrived
  std::optional<std::uint32_t> newest_tick;  // newest snapshot tick
};

class NetGraphSampler {
 public:
  // period: seconds between readings; ticks_per_snapshot: the server's tick stride between
  // snapshots (tick rate ÷ snapshot rate), for the loss estimate.
  explicit NetGraphSampler(double period = 0.1, double ticks_per_snapshot = 2.0);
  void set_ticks_per_snapshot(double stride) { stride_ = stride > 0 ? stride : 1.0; }

  // A snapshot arrived at local time `now`.
  void on_snapshot(double now);
  // Call every frame. Returns a reading when a period closed.
  std::optional<NetReading> record(double now, const NetTotals& totals,
                                   std::optional<float> ping_ms, float interp_delay_ms);
  const std::optional<NetReading>& latest() const { return latest_; }

 private:
  struct Mark {
    double time;
    NetTotals totals;
  };
  double period_;
  double stride_;
  std::deque<Mark> window_;  // the last second of period marks
  double last_close_ = 0.0;
  bool started_ = false;
  double last_arrival_ = -1.0;
  double max_gap_ = 0.0;
  std::optional<NetReading> latest_;
};

}  // namespace spear::client
