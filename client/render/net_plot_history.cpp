#include "render/net_plot_history.hpp"

#include <algorithm>
#include <stdexcept>

namespace spear::client {

float series_value(const NetPlotSample& s, NetPlotSeries series) {
  switch (series) {
    case NetPlotSeries::Ping:
      return std::max(s.ping_ms, 0.f);
    case NetPlotSeries::SnapshotGap:
      return s.snapshot_gap_ms;
    case NetPlotSeries::Loss:
      return s.loss_percent;
    case NetPlotSeries::BytesIn:
      return s.bytes_in_per_s;
    case NetPlotSeries::BytesOut:
      return s.bytes_out_per_s;
    case NetPlotSeries::InterpDelay:
      return s.interp_delay_ms;
    case NetPlotSeries::Count:
      break;
  }
  return 0.f;
}

void NetPlotHistory::push(const NetPlotSample& s) {
  ring_[head_] = s;
  head_ = (head_ + 1) % kCapacity;
  count_ = std::min(count_ + 1, kCapacity);
}

const NetPlotSample& NetPlotHistory::at(std::size_t i) const {
  if (i >= count_) throw std::out_of_range("NetPlotHistory::at: index past the newest sample");
  return ring_[(head_ + kCapacity - count_ + i) % kCapacity];
}

float NetPlotHistory::max_of(NetPlotSeries series) const {
  float m = 0.f;
  for (std::size_t i = 0; i < count_; ++i) m = std::max(m, series_value(at(i), series));
  return m;
}

}  // namespace spear::client
