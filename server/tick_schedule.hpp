#pragma once
// When the next fixed tick is due, in real time. The server's loop owns the clock and passes it
// in, so the schedule can be tested with injected time. Tick k is due at origin + k / rate; when
// the loop falls more than `max_lag_ticks` behind (a stalled machine, a debugger) the schedule
// drops the backlog instead of running a burst of catch-up ticks, and counts the skip.
#include <cstdint>

namespace spear::server {

class TickSchedule {
 public:
  // rate in ticks per second (> 0); `start` is the time of tick 0 (seconds, monotonic).
  TickSchedule(double rate, double start, std::uint32_t max_lag_ticks = 15);

  // Ticks due at `now` that have not been run yet (call consume() for each one run).
  std::uint64_t due(double now);
  void consume() { ++next_; }
  // Time at which the next tick is due.
  double next_due_time() const;

  std::uint64_t ticks_run() const { return next_; }
  std::uint64_t resyncs() const { return resyncs_; }
  double interval() const { return 1.0 / rate_; }

 private:
  double rate_;
  double origin_;  // time of tick `origin_tick_`
  std::uint64_t origin_tick_ = 0;
  std::uint64_t next_ = 0;  // the next tick to run
  std::uint32_t max_lag_;
  std::uint64_t resyncs_ = 0;
};

}  // namespace spear::server
