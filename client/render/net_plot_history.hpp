#pragma once
// The samples the net graph (F3) plots: plain data in a fixed ring of the newest samples. The app
// pushes one each time its own net statistics close a sample period.
#include <array>
#include <cstddef>

namespace spear::client {

struct NetPlotSample {
  float ping_ms = -1.f;         // round trip, milliseconds; < 0 when unknown (spectators)
  float snapshots_per_s = 0.f;  // snapshots arriving per second
  float snapshot_gap_ms = 0.f;  // longest wait between two arrivals in the period, ms
  float loss_percent = 0.f;     // snapshots lost over the last second, 0..100
  float bytes_in_per_s = 0.f;   // received, bytes per second
  float bytes_out_per_s = 0.f;  // sent, bytes per second
  float interp_delay_ms = 0.f;  // how far behind the newest snapshot the view is drawn, ms
};

// Which series of a sample, in the order the graph draws them.
enum class NetPlotSeries { Ping, SnapshotGap, Loss, BytesIn, BytesOut, InterpDelay, Count };
inline constexpr std::size_t kNetPlotSeriesCount = static_cast<std::size_t>(NetPlotSeries::Count);
float series_value(const NetPlotSample& s, NetPlotSeries series);

// Newest kCapacity samples; push one a frame (or a few times a second).
class NetPlotHistory {
 public:
  static constexpr std::size_t kCapacity = 120;

  void push(const NetPlotSample& s);
  void clear() {
    count_ = 0;
    head_ = 0;
  }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  // i = 0 is the oldest kept sample, size() − 1 the newest. i must be < size().
  const NetPlotSample& at(std::size_t i) const;
  const NetPlotSample& newest() const { return at(count_ - 1); }
  // Largest value of a series over the kept samples (0 when empty).
  float max_of(NetPlotSeries series) const;

 private:
  std::array<NetPlotSample, kCapacity> ring_{};
  std::size_t head_ = 0;  // where the next sample goes
  std::size_t count_ = 0;
};

}  // namespace spear::client
