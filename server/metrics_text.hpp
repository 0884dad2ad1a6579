#pragma once
// The Prometheus text exposition (format 0.0.4) of the server's figures: base units (seconds,
// bytes), `_total` on counters, # HELP and # TYPE before each family.
#include <cstdint>
#include <string>

#include "server/server_stats.hpp"

namespace spear::server {

inline constexpr const char* kPrometheusContentType = "text/plain; version=0.0.4; charset=utf-8";

// Gauges that are not counters in ServerStats.
struct MetricsGauges {
  int players = 0;
  int spectators = 0;
  int runners = 0;
  int bots = 0;
  std::uint64_t match_tick = 0;
  double uptime_seconds = 0.0;
  int tick_rate = 0;
  int snapshot_rate = 0;
};

std::string render_metrics(const ServerStats& stats, const MetricsGauges& gauges);

}  // namespace spear::server
