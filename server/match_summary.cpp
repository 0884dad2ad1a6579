#include "server/match_summary.hpp"

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "server/json_writer.hpp"

namespace spear::server {

namespace {
void write_inputs(JsonWriter& w, const InputCounts& c) {
  w.begin_object();
  w.key("accepted").value(c.accepted);
  w.key("duplicate").value(c.duplicate);
  w.key("too_old").value(c.too_old);
  w.key("too_far_ahead").value(c.too_far_ahead);
  w.key("late").value(c.late);
  w.end_object();
}
}  // namespace

std::string summary_json(const MatchSummary& m, const ServerStats& stats, bool include_timing) {
  JsonWriter w;
  w.begin_object();
  w.key("seed").value(m.seed);
  w.key("ticks").value(m.ticks);
  w.key("tick_rate").value(m.tick_rate);
  w.key("match_seconds").value(static_cast<double>(m.ticks) / m.tick_rate);
  w.key("runners").begin_array();
  for (const RunnerSummary& r : m.runners) {
    w.begin_object();
    w.key("id").value(static_cast<std::uint64_t>(r.id));
    w.key("name").value(r.name);
    w.key("bot").value(r.bot);
    w.key("distance_m").value(r.distance_m);
    w.key("best_distance_m").value(r.best_distance_m);
    w.key("score").value(r.score);
    w.key("best").value(r.best);
    w.key("crashes").value(r.crashes);
    w.key("targets_broken").value(r.targets_broken);
    w.end_object();
  }
  w.end_array();
  w.key("clients").begin_array();
  for (const ClientRecord& c : m.clients) {
    w.begin_object();
    w.key("id").value(static_cast<std::uint64_t>(c.client));
    w.key("name").value(c.name);
    w.key("role").value(c.role == net::Role::Player ? "player" : "spectator");
    if (c.runner) {
      w.key("runner").value(static_cast<std::uint64_t>(*c.runner));
    } else {
      w.key("runner").null();
    }
    if (c.wire_runner) {
      w.key("wire_runner").value(static_cast<std::uint64_t>(*c.wire_runner));
    } else {
      w.key("wire_runner").null();
    }
    w.key("connected_s").value(c.connected_seconds());
    w.key("input_datagrams").value(c.input_datagrams);
    w.key("inputs");
    write_inputs(w, c.inputs);
    if (c.left) {
      w.key("left").value(leave_reason_name(*c.left));
    } else {
      w.key("left").null();
    }
    w.end_object();
  }
  w.end_array();
  w.key("inputs");
  write_inputs(w, stats.inputs);
  w.key("datagrams_dropped").begin_object();
  for (std::size_t i = 0; i < kDropReasonCount; ++i) {
    const auto reason = static_cast<DropReason>(i);
    w.key(drop_reason_name(reason)).value(stats.drops.count(reason));
  }
  w.end_object();
  if (include_timing) {
    w.key("timing").begin_object();
    w.key("tick_seconds").begin_object();
    w.key("p50").value(stats.tick_timings.quantile(0.50));
    w.key("p99").value(stats.tick_timings.quantile(0.99));
    w.key("max").value(stats.tick_timings.max_seconds());
    w.end_object();
    w.key("ticks_measured").value(stats.tick_timings.count());
    w.end_object();
  }
  w.end_object();
  return w.str();
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
