#include "core/net_graph_sampler.hpp"

#include <algorithm>
#include <cmath>

namespace spear::client {

namespace {
constexpr double kWindow = 1.0;  // seconds the rates are taken over
}

NetGraphSampler::NetGraphSampler(double period, double ticks_per_snapshot)
    : period_(period > 0 ? period : 0.1),
      stride_(ticks_per_snapshot > 0 ? ticks_per_snapshot : 1.0) {}

void NetGraphSampler::on_snapshot(double now) {
  if (last_arrival_ >= 0) max_gap_ = std::max(max_gap_, now - last_arrival_);
  last_arrival_ = now;
}

std::optional<NetReading> NetGraphSampler::record(double now, const NetTotals& totals,
                                                  std::optional<float> ping_ms,
                                                  float interp_delay_ms) {
  if (!started_) {
    started_ = true;
    last_close_ = now;
    window_.push_back({now, totals});
    return std::nullopt;
  }
  if (now - last_close_ < period_) return std::nullopt;
  window_.push_back({now, totals});
  while (window_.size() > 2 && now - window_[1].time >= kWindow) window_.pop_front();
  const Mark& first = window_.front();
  const double span = std::max(1e-6, now - first.time);

  NetReading r;
  r.time = now;
  r.ping_ms = ping_ms;
  r.bytes_in_per_s =
      static_cast<float>(static_cast<double>(totals.bytes_in - first.totals.bytes_in) / span);
  r.bytes_out_per_s =
      static_cast<float>(static_cast<double>(totals.bytes_out - first.totals.bytes_out) / span);
  const auto arrived = static_cast<double>(totals.snapshots - first.totals.snapshots);
  r.snapshots_per_s = static_cast<float>(arrived / span);
  if (totals.newest_tick && first.totals.newest_tick &&
      *totals.newest_tick > *first.totals.newest_tick) {
    const double expected = std::floor((*totals.newest_tick - *first.totals.newest_tick) / stride_);
    if (expected > 0)
      r.loss_percent = static_cast<float>(std::clamp(1.0 - arrived / expected, 0.0, 1.0) * 100.0);
  }
  // A period without any arrival waited at least since the last one.
  const double open = last_arrival_ >= 0 ? now - last_arrival_ : now - last_close_;
  r.snapshot_gap_ms = static_cast<float>(std::max(max_gap_, open) * 1000.0);
  r.interp_delay_ms = interp_delay_ms;
  max_gap_ = 0.0;
  last_close_ = now;
  latest_ = r;
  return r;
}

}  // namespace spear::client
