#include "load_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <sstream>

namespace spear::load {

namespace {

std::string quoted(const std::string& s) {
  std::string out = "\"";
  for (const char c : s) {
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

std::string number(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

double per_second(double v, double seconds) { return seconds > 0 ? v / seconds : 0.0; }

struct Totals {
  int clients = 0, players = 0, spectators = 0, connected = 0, failed = 0;
  double bytes_down = 0, bytes_up = 0, down_per_s = 0, up_per_s = 0;
  std::uint64_t snapshots_received = 0, snapshots_lost = 0, inputs_generated = 0;
  SampleStats bytes_per_runner, handshake_ms;
  double worst_second_difference = 0, worst_step = 0;
  // Against the truth (--truth), over every client that measured.
  bool truth_measured = false;
  std::uint64_t truth_samples = 0, truth_pops = 0;
  double truth_worst_step = 0, truth_worst_distance = 0;
  std::map<std::uint32_t, double> truth_worst_by_runner;  // over every client that drew it
};

// {"4": 12.5, ...}: runner id (as on the wire) to units.
std::string by_runner_json(const std::map<std::uint32_t, double>& worst) {
  std::string out = "{";
  for (const auto& [id, step] : worst)
    out += (out.size() > 1 ? ", " : "") + quoted(std::to_string(id)) + ": " + number(step);
  return out + "}";
}

Totals totals_of(const LoadRun& run) {
  Totals t;
  for (const ClientFigures& c : run.clients) {
    ++t.clients;
    (c.role == net::Role::Player ? t.players : t.spectators)++;
    if (c.final_state == "connected")
      ++t.connected;
    else if (c.final_state != "disconnected")
      ++t.failed;
    t.bytes_down += static_cast<double>(c.bytes_down);
    t.bytes_up += static_cast<double>(c.bytes_up);
    t.down_per_s += per_second(static_cast<double>(c.bytes_down), c.connected_s);
    t.up_per_s += per_second(static_cast<double>(c.bytes_up), c.connected_s);
    t.snapshots_received += c.snapshots_received;
    t.snapshots_lost += c.snapshots_lost;
    t.inputs_generated += c.inputs_generated;
    t.bytes_per_runner.merge(c.bytes_per_runner);
    if (c.handshake_s) t.handshake_ms.add(*c.handshake_s * 1000.0);
    t.worst_second_difference = std::max(t.worst_second_difference, c.worst_second_difference);
    t.worst_step = std::max(t.worst_step, c.worst_step);
    if (c.truth_pops) {
      t.truth_measured = true;
      t.truth_samples += c.truth_pops->samples;
      t.truth_pops += c.truth_pops->pops;
      t.truth_worst_step = std::max(t.truth_worst_step, c.truth_pops->worst_step);
      t.truth_worst_distance = std::max(t.truth_worst_distance, c.truth_pops->worst_error);
      for (const auto& [id, step] : c.truth_pops->worst_by_runner)
        t.truth_worst_by_runner[id] = std::max(t.truth_worst_by_runner[id], step);
    }
  }
  return t;
}

}  // namespace

std::string report_json(const LoadRun& run) {
  std::ostringstream o;
  const Totals t = totals_of(run);
  o << "{\n  \"server\": " << quoted(run.server)
    << ",\n  \"duration_s\": " << number(run.duration_s) << ",\n  \"total\": {\n"
    << "    \"clients\": " << t.clients << ", \"players\": " << t.players
    << ", \"spectators\": " << t.spectators << ", \"connected_at_end\": " << t.connected
    << ", \"failed\": " << t.failed << ",\n"
    << "    \"bytes_down\": " << number(t.bytes_down) << ", \"bytes_up\": " << number(t.bytes_up)
    << ",\n    \"bytes_per_s_down\": " << number(t.down_per_s)
    << ", \"bytes_per_s_up\": " << number(t.up_per_s) << ",\n"
    << "    \"bytes_per_s_down_per_client\": " << number(t.clients ? t.down_per_s / t.clients : 0)
    << ", \"bytes_per_s_up_per_client\": " << number(t.clients ? t.up_per_s / t.clients : 0)
    << ",\n"
    << "    \"bytes_per_runner_per_snapshot\": { \"mean\": " << number(t.bytes_per_runner.mean())
    << ", \"p99\": " << number(t.bytes_per_runner.percentile(99))
    << ", \"max\": " << number(t.bytes_per_runner.max())
    << ", \"snapshots\": " << t.bytes_per_runner.count() << " },\n"
    << "    \"snapshots_received\": " << t.snapshots_received
    << ", \"snapshots_lost\": " << t.snapshots_lost << ", \"snapshot_loss\": "
    << number(t.snapshots_received + t.snapshots_lost
                  ? static_cast<double>(t.snapshots_lost) /
                        static_cast<double>(t.snapshots_received + t.snapshots_lost)
                  : 0.0)
    << ",\n    \"handshake_ms\": { \"p50\": " << number(t.handshake_ms.percentile(50))
    << ", \"max\": " << number(t.handshake_ms.max()) << " },\n"
    << "    \"inputs_generated\": " << t.inputs_generated << ",\n"
    << "    \"worst_joint_second_difference\": " << number(t.worst_second_difference)
    << ", \"worst_joint_step\": " << number(t.worst_step);
  if (t.truth_measured) {
    o << ",\n    \"truth_pops\": { \"samples\": " << t.truth_samples
      << ", \"worst_step\": " << number(t.truth_worst_step) << ", \"pops\": " << t.truth_pops
      << ", \"worst_distance\": " << number(t.truth_worst_distance)
      << ", \"worst_step_by_runner\": " << by_runner_json(t.truth_worst_by_runner) << " }";
  }
  o << "\n  },\n";
  if (run.truth) {
    o << "  \"truth\": { \"address\": " << quoted(run.truth->address)
      << ", \"state\": " << quoted(run.truth->final_state)
      << ", \"snapshots\": " << run.truth->snapshots << ", \"gaps\": " << run.truth->gaps
      << " },\n";
  }
  o << "  \"clients\": [";
  for (std::size_t i = 0; i < run.clients.size(); ++i) {
    const ClientFigures& c = run.clients[i];
    o << (i ? "," : "") << "\n    { \"name\": " << quoted(c.name)
      << ", \"role\": " << quoted(c.role == net::Role::Player ? "player" : "spectator")
      << ", \"state\": " << quoted(c.final_state);
    if (!c.refusal.empty()) o << ", \"refusal\": " << quoted(c.refusal);
    o << ", \"handshake_ms\": " << (c.handshake_s ? number(*c.handshake_s * 1000.0) : "null")
      << ", \"connected_s\": " << number(c.connected_s) << ", \"bytes_down\": " << c.bytes_down
      << ", \"bytes_up\": " << c.bytes_up << ", \"bytes_per_s_down\": "
      << number(per_second(static_cast<double>(c.bytes_down), c.connected_s))
      << ", \"bytes_per_s_up\": "
      << number(per_second(static_cast<double>(c.bytes_up), c.connected_s))
      << ", \"datagrams_down\": " << c.datagrams_down << ", \"datagrams_up\": " << c.datagrams_up
      << ", \"bytes_per_runner_mean\": " << number(c.bytes_per_runner.mean())
      << ", \"bytes_per_runner_p99\": " << number(c.bytes_per_runner.percentile(99))
      << ", \"snapshots_received\": " << c.snapshots_received
      << ", \"snapshots_lost\": " << c.snapshots_lost
      << ", \"snapshots_undecodable\": " << c.snapshots_undecodable
      << ", \"dropped\": " << c.dropped << ", \"inputs_generated\": " << c.inputs_generated
      << ", \"inputs_pressed\": " << c.inputs_pressed;
    if (c.interpolated) {
      o << ", \"worst_joint_second_difference\": " << number(c.worst_second_difference)
        << ", \"worst_joint_step\": " << number(c.worst_step)
        << ", \"extrapolated_frames\": " << c.extrapolated_frames
        << ", \"held_frames\": " << c.held_frames;
      if (c.truth_pops) {
        const client::TruthPopStats& p = *c.truth_pops;
        o << ", \"truth_pops\": { \"samples\": " << p.samples << ", \"uncovered\": " << p.uncovered
          << ", \"worst_step\": " << number(p.worst_step)
          << ", \"worst_runner\": " << p.worst_runner
          << ", \"worst_tick\": " << number(p.worst_tick)
          << ", \"mean_step\": " << number(p.mean_step()) << ", \"pops\": " << p.pops
          << ", \"worst_distance\": " << number(p.worst_error)
          << ", \"worst_step_by_runner\": " << by_runner_json(p.worst_by_runner) << " }";
      }
    }
    o << " }";
  }
  o << "\n  ]\n}\n";
  return o.str();
}

std::string report_text(const LoadRun& run) {
  const Totals t = totals_of(run);
  std::ostringstream o;
  o << "spear-load: " << t.clients << " clients (" << t.players << " players, " << t.spectators
    << " spectators) against " << run.server << " for " << number(run.duration_s) << " s\n"
    << "  connected at end " << t.connected << ", failed " << t.failed << "\n"
    << "  down " << number(t.clients ? t.down_per_s / t.clients : 0) << " B/s per client ("
    << number(t.down_per_s) << " total), up " << number(t.clients ? t.up_per_s / t.clients : 0)
    << " B/s per client\n"
    << "  bytes per runner per snapshot: mean " << number(t.bytes_per_runner.mean()) << ", p99 "
    << number(t.bytes_per_runner.percentile(99)) << "\n"
    << "  snapshots received " << t.snapshots_received << ", lost " << t.snapshots_lost << "\n"
    << "  input ticks generated " << t.inputs_generated
    << " (compare with the server's --summary-json clients[].inputs.accepted, by name)\n"
    << "  handshake p50 " << number(t.handshake_ms.percentile(50)) << " ms, max "
    << number(t.handshake_ms.max()) << " ms\n"
    << "  worst joint step " << number(t.worst_step) << " units/frame, second difference "
    << number(t.worst_second_difference) << " units (fast motion counts: not a pop measure)\n";
  if (t.truth_measured) {
    o << "  against the truth: worst error step " << number(t.truth_worst_step) << " units/frame, "
      << t.truth_pops << " pops (over " << number(client::TruthPopConfig{}.pop_threshold) << ") in "
      << t.truth_samples << " runner-frames, worst distance " << number(t.truth_worst_distance)
      << " units\n  worst error step by runner (id: units):";
    for (const auto& [id, step] : t.truth_worst_by_runner) o << " " << id << ": " << number(step);
    o << "\n";
  }
  if (run.truth && run.truth->gaps > 0) {
    o << "  the truth missed " << run.truth->gaps << " snapshots (no truth around them)\n";
  }
  for (const ClientFigures& c : run.clients) {
    if (!c.refusal.empty())
      o << "  " << c.name << " refused: " << c.refusal << "\n";
    else if (c.final_state != "connected" && c.final_state != "disconnected")
      o << "  " << c.name << " ended " << c.final_state << "\n";
  }
  return o.str();
}

}  // namespace spear::load
