#include "server/match_summary.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <nlohmann/json.hpp>
#include <optional>

#include "replay/race_result_json.hpp"

namespace spear::server {

namespace {
using Json = nlohmann::ordered_json;  // keys in the order written: stable, readable files

Json inputs_json(const InputCounts& c) {
  return Json{{"accepted", c.accepted},
              {"duplicate", c.duplicate},
              {"too_old", c.too_old},
              {"too_far_ahead", c.too_far_ahead},
              {"late", c.late}};
}

template <typename T>
Json or_null(const std::optional<T>& v) {
  return v ? Json(static_cast<std::uint64_t>(*v)) : Json(nullptr);
}
}  // namespace

void FoldedRunners::add(const RunnerSummary& r) {
  ++count;
  distance_m += r.distance_m;
  score += r.score;
  crashes += r.crashes;
  targets_broken += r.targets_broken;
}

std::string summary_json(const MatchSummary& m, const ServerStats& stats, bool include_timing) {
  Json j;
  j["seed"] = m.seed;
  j["ticks"] = m.ticks;
  j["tick_rate"] = m.tick_rate;
  j["match_seconds"] = static_cast<double>(m.ticks) / m.tick_rate;
  Json runners = Json::array();
  for (const RunnerSummary& r : m.runners) {
    runners.push_back(Json{{"id", static_cast<std::uint64_t>(r.id)},
                           {"name", r.name},
                           {"bot", r.bot},
                           {"distance_m", r.distance_m},
                           {"best_distance_m", r.best_distance_m},
                           {"score", r.score},
                           {"best", r.best},
                           {"crashes", r.crashes},
                           {"targets_broken", r.targets_broken}});
  }
  j["runners"] = std::move(runners);
  Json clients = Json::array();
  for (const ClientRecord& c : m.clients) {
    clients.push_back(
        Json{{"id", static_cast<std::uint64_t>(c.client)},
             {"name", c.name},
             {"role", c.role == net::Role::Player ? "player" : "spectator"},
             {"runner", or_null(c.runner)},
             {"wire_runner", or_null(c.wire_runner)},
             {"connected_s", c.connected_seconds()},
             {"input_datagrams", c.input_datagrams},
             {"inputs", inputs_json(c.inputs)},
             {"left", c.left ? Json(std::string(leave_reason_name(*c.left))) : Json(nullptr)}});
  }
  j["clients"] = std::move(clients);
  const FoldedRunners& er = m.earlier_runners;
  j["earlier_runners"] = Json{{"count", er.count},
                              {"distance_m", er.distance_m},
                              {"score", er.score},
                              {"crashes", er.crashes},
                              {"targets_broken", er.targets_broken}};
  const FoldedClients& ec = m.earlier_clients;
  j["earlier_clients"] = Json{{"count", ec.count},
                              {"players", ec.players},
                              {"spectators", ec.spectators},
                              {"disconnected", ec.disconnected},
                              {"timed_out", ec.timed_out},
                              {"connected_s", ec.connected_seconds},
                              {"input_datagrams", ec.input_datagrams},
                              {"inputs", inputs_json(ec.inputs)}};
  j["races"] = Json(m.races);
  j["inputs"] = inputs_json(stats.inputs);
  Json drops = Json::object();
  for (std::size_t i = 0; i < kDropReasonCount; ++i) {
    const auto reason = static_cast<DropReason>(i);
    drops[std::string(drop_reason_name(reason))] = stats.drops.count(reason);
  }
  j["datagrams_dropped"] = std::move(drops);
  if (include_timing) {
    j["timing"] = Json{{"tick_seconds", Json{{"p50", stats.tick_timings.quantile(0.50)},
                                             {"p99", stats.tick_timings.quantile(0.99)},
                                             {"max", stats.tick_timings.max_seconds()}}},
                       {"ticks_measured", stats.tick_timings.count()}};
  }
  // Names come from the network: bytes that are not UTF-8 are replaced, never break the file.
  // NaN and infinities are written as null (JSON has neither).
  return j.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

bool write_text_file(const std::string& path, const std::string& text, std::string& error) {
  const std::string tmp = path + ".tmp";
  std::FILE* f = std::fopen(tmp.c_str(), "wb");
  if (!f) {
    error = "cannot write " + tmp + ": " + std::strerror(errno);
    return false;
  }
  const bool wrote = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  const bool closed = std::fclose(f) == 0;
  if (!wrote || !closed) {
    error = "cannot write " + tmp + ": " + std::strerror(errno);
    std::remove(tmp.c_str());
    return false;
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = "cannot rename " + tmp + " to " + path + ": " + std::strerror(errno);
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

}  // namespace spear::server
