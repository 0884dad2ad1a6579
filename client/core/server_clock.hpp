#pragma once
// Estimate of the server's clock from snapshot arrivals (net.md "Client interpolation").
//
// Each arrival gives one sample s = server_time − local_arrival_time = clock offset − latency.
// The estimate follows the *earliest* arrivals (fast upwards, slow downwards), so it reads the
// server clock minus the smallest recent one-way latency; how late the other arrivals come is the
// jitter, which the interpolation delay must cover.
namespace spear::client {

class ServerClock {
 public:
  // server_time: the snapshot's tick in seconds; local_time: monotonic seconds when it arrived.
  void on_snapshot(double server_time, double local_time);

  bool valid() const { return valid_; }
  // Estimated server time at the local time (seconds); 0 before the first sample.
  double server_time_at(double local_time) const { return valid_ ? local_time + offset_ : 0.0; }
  double offset() const { return offset_; }
  // Mean lateness of arrivals behind the earliest ones, seconds (an EWMA, ≥ 0).
  double jitter() const { return jitter_; }
  void reset() { *this = ServerClock{}; }

 private:
  bool valid_ = false;
  double offset_ = 0.0;
  double jitter_ = 0.0;
};

}  // namespace spear::client
