#include "replay_json.hpp"

#include "replay/race_result_json.hpp"

namespace spear::tools {

double runner_minutes(const replay::Replay& replay) {
  std::uint64_t ticks = 0;
  for (const replay::RosterEntry& r : replay.runners)
    ticks += r.leave_tick.value_or(replay.end_tick) - r.join_tick;
  return static_cast<double>(ticks) / replay.config.tick_rate / 60.0;
}

nlohmann::json replay_info_json(const replay::Replay& replay, std::size_t file_bytes) {
  using nlohmann::json;
  json j;
  j["format_version"] = replay.format_version;
  j["sim_version"] = replay.sim_version;
  j["protocol_version"] = replay.protocol_version;
  j["seed"] = replay.seed;
  j["tick_rate"] = replay.config.tick_rate;
  j["rewind_ticks"] = replay.config.rewind_ticks;
  j["first_tick"] = replay.first_tick;
  j["end_tick"] = replay.end_tick;
  j["seconds"] = static_cast<double>(replay.end_tick - replay.first_tick) / replay.config.tick_rate;
  json runners = json::array();
  std::size_t inputs = 0;
  for (const replay::RosterEntry& r : replay.runners) {
    inputs += r.inputs.size();
    runners.push_back({{"id", r.id},
                       {"name", r.name},
                       {"bot", r.bot},
                       {"join_tick", r.join_tick},
                       {"start_wait_ticks", r.start.wait_ticks},
                       {"start_away", r.start.away},
                       {"stood_ticks", r.start.stood_ticks},
                       {"leave_tick", r.leave_tick ? json(*r.leave_tick) : json(nullptr)},
                       {"inputs", r.inputs.size()}});
  }
  j["runners"] = std::move(runners);
  j["checkpoints"] = replay.checkpoints.size();
  j["result"] = replay.result ? json(*replay.result) : json(nullptr);
  const double minutes = runner_minutes(replay);
  j["size"] = {{"file_bytes", file_bytes},
               {"inputs", inputs},
               {"runner_minutes", minutes},
               {"bytes_per_runner_minute",
                minutes > 0.0 ? json(static_cast<double>(file_bytes) / minutes) : json(nullptr)}};
  return j;
}

}  // namespace spear::tools
