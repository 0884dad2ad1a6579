#include "load_report.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace spear::load {

namespace {

using Json = nlohmann::ordered_json;

// Figures in the text report: up to 4 decimals, trailing zeros dropped.
std::string number(double v) {
  if (!std::isfinite(v)) return "null";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.4f", v);
  std::string s = buf;
  while (!s.empty() && s.back() == '0') s.pop_back();
  if (!s.empty() && s.back() == '.') s.pop_back();
  return s;
}

// Figures in the JSON report; non-finite ones are written as null.
Json json_number(double v) { return std::isfinite(v) ? Json(v) : Json(nullptr); }

double per_second(double v, double seconds) { return seconds > 0 ? v / seconds : 0.0; }

struct Totals {
  int clients = 0, players = 0, spectators = 0, connected = 0, failed = 0;
  double bytes_down = 0, bytes_up = 0, down_per_s = 0, up_per_s = 0;
  std::uint64_t snapshots_received = 0, snapshots_lost = 0, inputs_generated = 0;
  SampleStats bytes_per_runner, runners_per_snapshot, full_per_snapshot, reduced_per_snapshot,
      cued_per_snapshot, handshake_ms;
  double worst_second_difference = 0, worst_step = 0;
  // Against the truth (--truth), over every client that measured.
  bool truth_measured = false;
  std::uint64_t truth_samples = 0, truth_pops = 0;
  double truth_worst_step = 0, truth_worst_distance = 0;
  std::map<std::uint32_t, double> truth_worst_by_runner;  // over every client that drew it
  bool own_measured = false;
  double own_worst_step = 0;  // players' own runners as their buffers had them (not drawn)
};

// {"4": 12.5, ...}: runner id (as on the wire) to units.
Json by_runner_json(const std::map<std::uint32_t, double>& worst) {
  Json out = Json::object();
  for (const auto& [id, step] : worst) out[std::to_string(id)] = json_number(step);
  return out;
}

// One meter's figures (TruthPopStats).
Json truth_pops_json(const TruthPopStats& p) {
  return {{"samples", p.samples},
          {"uncovered", p.uncovered},
          {"worst_step", json_number(p.worst_step)},
          {"worst_runner", p.worst_runner},
          {"worst_tick", json_number(p.worst_tick)},
          {"mean_step", json_number(p.mean_step())},
          {"pops", p.pops},
          {"worst_distance", json_number(p.worst_error)},
          {"worst_step_by_runner", by_runner_json(p.worst_by_runner)}};
}

Json total_json(const Totals& t) {
  Json o;
  o["clients"] = t.clients;
  o["players"] = t.players;
  o["spectators"] = t.spectators;
  o["connected_at_end"] = t.connected;
  o["failed"] = t.failed;
  o["bytes_down"] = json_number(t.bytes_down);
  o["bytes_up"] = json_number(t.bytes_up);
  o["bytes_per_s_down"] = json_number(t.down_per_s);
  o["bytes_per_s_up"] = json_number(t.up_per_s);
  o["bytes_per_s_down_per_client"] = json_number(t.clients ? t.down_per_s / t.clients : 0);
  o["bytes_per_s_up_per_client"] = json_number(t.clients ? t.up_per_s / t.clients : 0);
  o["bytes_per_runner_per_snapshot"] = {{"mean", json_number(t.bytes_per_runner.mean())},
                                        {"p99", json_number(t.bytes_per_runner.percentile(99))},
                                        {"max", json_number(t.bytes_per_runner.max())},
                                        {"snapshots", t.bytes_per_runner.count()}};
  // How many runners each decoded snapshot listed, with a pose or in the roll call only (every
  // runner of the match, unless it joined or left lately); of them, full: with a pose, reduced:
  // in the roll call only (full_mean + reduced_mean = runners_mean); cued: of the reduced, those
  // with a rig cue, drawn from their rigs.
  o["runners_per_snapshot"] = {{"runners_mean", json_number(t.runners_per_snapshot.mean())},
                               {"runners_min", json_number(t.runners_per_snapshot.percentile(0))},
                               {"runners_max", json_number(t.runners_per_snapshot.max())},
                               {"full_mean", json_number(t.full_per_snapshot.mean())},
                               {"reduced_mean", json_number(t.reduced_per_snapshot.mean())},
                               {"cued_mean", json_number(t.cued_per_snapshot.mean())}};
  o["snapshots_received"] = t.snapshots_received;
  o["snapshots_lost"] = t.snapshots_lost;
  const std::uint64_t sent = t.snapshots_received + t.snapshots_lost;
  o["snapshot_loss"] =
      json_number(sent ? static_cast<double>(t.snapshots_lost) / static_cast<double>(sent) : 0.0);
  o["handshake_ms"] = {{"p50", json_number(t.handshake_ms.percentile(50))},
                       {"max", json_number(t.handshake_ms.max())}};
  o["inputs_generated"] = t.inputs_generated;
  o["worst_joint_second_difference"] = json_number(t.worst_second_difference);
  o["worst_joint_step"] = json_number(t.worst_step);
  if (t.truth_measured) {
    o["truth_pops"] = {{"samples", t.truth_samples},
                       {"worst_step", json_number(t.truth_worst_step)},
                       {"pops", t.truth_pops},
                       {"worst_distance", json_number(t.truth_worst_distance)},
                       {"worst_step_by_runner", by_runner_json(t.truth_worst_by_runner)}};
    if (t.own_measured)
      o["own_runner_truth_pops"] = {{"worst_step", json_number(t.own_worst_step)}};
  }
  return o;
}

Json client_json(const ClientFigures& c) {
  Json o;
  o["name"] = c.name;
  o["role"] = c.role == net::Role::Player ? "player" : "spectator";
  o["state"] = c.final_state;
  if (!c.refusal.empty()) o["refusal"] = c.refusal;
  o["handshake_ms"] = c.handshake_s ? json_number(*c.handshake_s * 1000.0) : Json(nullptr);
  o["connected_s"] = json_number(c.connected_s);
  o["bytes_down"] = c.bytes_down;
  o["bytes_up"] = c.bytes_up;
  o["bytes_per_s_down"] = json_number(per_second(static_cast<double>(c.bytes_down), c.connected_s));
  o["bytes_per_s_up"] = json_number(per_second(static_cast<double>(c.bytes_up), c.connected_s));
  o["datagrams_down"] = c.datagrams_down;
  o["datagrams_up"] = c.datagrams_up;
  o["bytes_per_runner_mean"] = json_number(c.bytes_per_runner.mean());
  o["bytes_per_runner_p99"] = json_number(c.bytes_per_runner.percentile(99));
  o["runners_per_snapshot_mean"] = json_number(c.runners_per_snapshot.mean());
  o["runners_per_snapshot_min"] = json_number(c.runners_per_snapshot.percentile(0));
  o["full_per_snapshot_mean"] = json_number(c.full_per_snapshot.mean());
  o["reduced_per_snapshot_mean"] = json_number(c.reduced_per_snapshot.mean());
  o["cued_per_snapshot_mean"] = json_number(c.cued_per_snapshot.mean());
  o["snapshots_received"] = c.snapshots_received;
  o["snapshots_lost"] = c.snapshots_lost;
  o["snapshots_undecodable"] = c.snapshots_undecodable;
  o["dropped"] = c.dropped;
  o["inputs_generated"] = c.inputs_generated;
  o["inputs_pressed"] = c.inputs_pressed;
  if (c.interpolated) {
    o["worst_joint_second_difference"] = json_number(c.worst_second_difference);
    o["worst_joint_step"] = json_number(c.worst_step);
    o["extrapolated_frames"] = c.extrapolated_frames;
    o["held_frames"] = c.held_frames;
    if (c.truth_pops) o["truth_pops"] = truth_pops_json(*c.truth_pops);
    if (c.own_truth_pops) o["own_runner_truth_pops"] = truth_pops_json(*c.own_truth_pops);
  }
  return o;
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
    t.runners_per_snapshot.merge(c.runners_per_snapshot);
    t.full_per_snapshot.merge(c.full_per_snapshot);
    t.reduced_per_snapshot.merge(c.reduced_per_snapshot);
    t.cued_per_snapshot.merge(c.cued_per_snapshot);
    if (c.handshake_s) t.handshake_ms.add(*c.handshake_s * 1000.0);
    t.worst_second_difference = std::max(t.worst_second_difference, c.worst_second_difference);
    t.worst_step = std::max(t.worst_step, c.worst_step);
    if (c.truth_pops) {
      t.truth_measured = true;
      t.truth_samples += c.truth_pops->samples;
      t.truth_pops += c.truth_pops->pops;
      t.truth_worst_step = std::max(t.truth_worst_step, c.truth_pops->worst_step);
      t.truth_worst_distance = std::max(t.truth_worst_distance, c.truth_pops->worst_error);
      if (c.own_truth_pops) {
        t.own_measured = true;
        t.own_worst_step = std::max(t.own_worst_step, c.own_truth_pops->worst_step);
      }
      for (const auto& [id, step] : c.truth_pops->worst_by_runner)
        t.truth_worst_by_runner[id] = std::max(t.truth_worst_by_runner[id], step);
    }
  }
  return t;
}

}  // namespace

std::string report_json(const LoadRun& run) {
  Json o;
  o["server"] = run.server;
  o["duration_s"] = json_number(run.duration_s);
  o["total"] = total_json(totals_of(run));
  if (run.truth) {
    o["truth"] = {{"address", run.truth->address},
                  {"state", run.truth->final_state},
                  {"snapshots", run.truth->snapshots},
                  {"gaps", run.truth->gaps}};
  }
  Json clients = Json::array();
  for (const ClientFigures& c : run.clients) clients.push_back(client_json(c));
  o["clients"] = std::move(clients);
  // Invalid UTF-8 (a refusal's text as the server sent it) is replaced, not thrown on.
  return o.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
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
    << "  runners per snapshot (listed, with a pose or in the roll call): mean "
    << number(t.runners_per_snapshot.mean()) << ", min "
    << number(t.runners_per_snapshot.percentile(0)) << ", max "
    << number(t.runners_per_snapshot.max()) << "\n"
    << "  of them with a pose (full): mean " << number(t.full_per_snapshot.mean())
    << ", in the roll call only (reduced): mean " << number(t.reduced_per_snapshot.mean())
    << ", of which cued (drawn from their rigs): mean " << number(t.cued_per_snapshot.mean())
    << "\n"
    << "  snapshots received " << t.snapshots_received << ", lost " << t.snapshots_lost << "\n"
    << "  input ticks generated " << t.inputs_generated
    << " (compare with the server's --summary-json clients[].inputs.accepted, by name)\n"
    << "  handshake p50 " << number(t.handshake_ms.percentile(50)) << " ms, max "
    << number(t.handshake_ms.max()) << " ms\n"
    << "  worst joint step " << number(t.worst_step) << " units/frame, second difference "
    << number(t.worst_second_difference) << " units (fast motion counts: not a pop measure)\n";
  if (t.truth_measured) {
    o << "  against the truth: worst error step " << number(t.truth_worst_step) << " units/frame, "
      << t.truth_pops << " pops (over " << number(TruthPopConfig{}.pop_threshold) << ") in "
      << t.truth_samples << " runner-frames, worst distance " << number(t.truth_worst_distance)
      << " units\n  worst error step by runner (id: units):";
    for (const auto& [id, step] : t.truth_worst_by_runner) o << " " << id << ": " << number(step);
    o << "\n";
    if (t.own_measured)
      o << "  (players' own runners, drawn predicted by the game, not counted above; as their "
           "interpolation buffers had them: worst error step "
        << number(t.own_worst_step) << " units/frame)\n";
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
