#include "server/metrics_text.hpp"

#include <fmt/format.h>

#include <iterator>
#include <utility>

namespace spear::server {

namespace {

void family(std::string& out, std::string_view name, std::string_view type, std::string_view help) {
  fmt::format_to(std::back_inserter(out), "# HELP {} {}\n# TYPE {} {}\n", name, help, name, type);
}

template <typename T>
void sample(std::string& out, std::string_view name, T value) {
  fmt::format_to(std::back_inserter(out), "{} {}\n", name, value);
}

}  // namespace

std::string render_metrics(const ServerStats& s, const MetricsGauges& g) {
  std::string out;
  out.reserve(4096);

  family(out, "spear_tick_duration_seconds", "histogram",
         "Wall time of one server tick: simulation step, snapshots and sends.");
  const auto bounds = TickTimings::bucket_bounds();
  const auto cumulative = s.tick_timings.cumulative_bucket_counts();
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    fmt::format_to(std::back_inserter(out), "spear_tick_duration_seconds_bucket{{le=\"{}\"}} {}\n",
                   bounds[i], cumulative[i]);
  }
  fmt::format_to(std::back_inserter(out), "spear_tick_duration_seconds_bucket{{le=\"+Inf\"}} {}\n",
                 s.tick_timings.count());
  sample(out, "spear_tick_duration_seconds_sum", s.tick_timings.sum_seconds());
  sample(out, "spear_tick_duration_seconds_count", s.tick_timings.count());

  family(out, "spear_players", "gauge", "Connected players.");
  sample(out, "spear_players", g.players);
  family(out, "spear_spectators", "gauge", "Connected spectators.");
  sample(out, "spear_spectators", g.spectators);
  family(out, "spear_runners", "gauge", "Runners in the match (players and bots).");
  sample(out, "spear_runners", g.runners);
  family(out, "spear_bots", "gauge", "Bot runners in the match.");
  sample(out, "spear_bots", g.bots);
  family(out, "spear_match_tick", "gauge", "Current simulation tick of the match.");
  sample(out, "spear_match_tick", g.match_tick);
  family(out, "spear_tick_rate_hertz", "gauge", "Configured simulation ticks per second.");
  sample(out, "spear_tick_rate_hertz", g.tick_rate);
  family(out, "spear_snapshot_rate_hertz", "gauge", "Configured snapshots per second per client.");
  sample(out, "spear_snapshot_rate_hertz", g.snapshot_rate);
  family(out, "spear_uptime_seconds", "gauge", "Seconds since the server started.");
  sample(out, "spear_uptime_seconds", g.uptime_seconds);

  family(out, "spear_datagrams_received_total", "counter", "UDP datagrams received.");
  sample(out, "spear_datagrams_received_total", s.datagrams_in);
  family(out, "spear_datagrams_sent_total", "counter", "UDP datagrams sent.");
  sample(out, "spear_datagrams_sent_total", s.datagrams_out);
  family(out, "spear_received_bytes_total", "counter", "UDP payload bytes received.");
  sample(out, "spear_received_bytes_total", s.bytes_in);
  family(out, "spear_sent_bytes_total", "counter", "UDP payload bytes sent.");
  sample(out, "spear_sent_bytes_total", s.bytes_out);
  family(out, "spear_snapshots_sent_total", "counter", "Snapshots sent to clients.");
  sample(out, "spear_snapshots_sent_total", s.snapshots_sent);
  family(out, "spear_send_errors_total", "counter", "Datagrams the socket failed to send.");
  sample(out, "spear_send_errors_total", s.send_errors);

  family(out, "spear_datagrams_dropped_total", "counter",
         "Received datagrams thrown away, by reason.");
  for (std::size_t i = 0; i < kDropReasonCount; ++i) {
    const auto r = static_cast<DropReason>(i);
    fmt::format_to(std::back_inserter(out), "spear_datagrams_dropped_total{{reason=\"{}\"}} {}\n",
                   drop_reason_name(r), s.drops.count(r));
  }
  family(out, "spear_handshakes_total", "counter", "Handshake steps, by outcome.");
  for (std::size_t i = 0; i < kHandshakeOutcomeCount; ++i) {
    fmt::format_to(std::back_inserter(out), "spear_handshakes_total{{outcome=\"{}\"}} {}\n",
                   handshake_outcome_name(static_cast<HandshakeOutcome>(i)), s.handshakes[i]);
  }
  family(out, "spear_input_frames_total", "counter",
         "Players' input frames received, by outcome (accepted counts each tick once).");
  const std::pair<const char*, std::uint64_t> inputs[] = {
      {"accepted", s.inputs.accepted},
      {"duplicate", s.inputs.duplicate},
      {"too_old", s.inputs.too_old},
      {"too_far_ahead", s.inputs.too_far_ahead}};
  for (const auto& [outcome, n] : inputs) {
    fmt::format_to(std::back_inserter(out), "spear_input_frames_total{{outcome=\"{}\"}} {}\n",
                   outcome, n);
  }
  family(out, "spear_input_frames_late_total", "counter",
         "Accepted input frames that arrived after their tick was simulated (rewound or applied at "
         "the next step).");
  sample(out, "spear_input_frames_late_total", s.inputs.late);
  family(out, "spear_client_timeouts_total", "counter", "Clients freed after 5 s of silence.");
  sample(out, "spear_client_timeouts_total", s.timeouts);
  family(out, "spear_client_disconnects_total", "counter", "Clients that said goodbye.");
  sample(out, "spear_client_disconnects_total", s.disconnects);
  family(out, "spear_tick_resyncs_total", "counter",
         "Times the loop fell too far behind real time and dropped its backlog.");
  sample(out, "spear_tick_resyncs_total", s.tick_resyncs);
  return out;
}

}  // namespace spear::server
