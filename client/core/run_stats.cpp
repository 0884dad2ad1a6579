#include "core/run_stats.hpp"

#include <cmath>
#include <nlohmann/json.hpp>

namespace spear::client {

namespace {

// Non-finite figures (an infinite worst pop) are written as null.
nlohmann::ordered_json number(double v) {
  return std::isfinite(v) ? nlohmann::ordered_json(v) : nlohmann::ordered_json(nullptr);
}

}  // namespace

std::string to_json(const RunStats& s) {
  nlohmann::ordered_json o = {
      {"connected", s.connected},
      {"role", s.role},
      {"server", s.server},
      {"own_runner", s.own_runner ? nlohmann::ordered_json(*s.own_runner) : nullptr},
      {"seconds", number(s.seconds)},
      {"handshake_s", s.handshake_s < 0 ? nullptr : number(s.handshake_s)},
      {"snapshots_received", s.snapshots_received},
      {"snapshots_duplicate", s.snapshots_duplicate},
      {"snapshots_reordered", s.snapshots_reordered},
      {"snapshots_too_old", s.snapshots_too_old},
      {"snapshot_loss", number(s.snapshot_loss)},
      {"bytes_in", s.bytes_in},
      {"bytes_out", s.bytes_out},
      {"datagrams_in", s.datagrams_in},
      {"datagrams_out", s.datagrams_out},
      {"datagrams_dropped", s.datagrams_dropped},
      {"bytes_per_runner", number(s.bytes_per_runner)},
      {"interp_delay_ms", number(s.interp_delay_ms)},
      {"interp_delay_mean_ms", number(s.interp_delay_mean_ms)},
      {"target_delay_ms", number(s.target_delay_ms)},
      {"worst_joint_pop", number(s.worst_joint_pop)},
      {"steady_joint_step", number(s.steady_joint_step)},
      {"frames", s.frames},
      {"frames_drawn", s.frames_drawn},
      {"frames_extrapolated", s.frames_extrapolated},
      {"frames_held", s.frames_held},
      {"followed_runners", s.followed_runners},
      {"runners_seen", s.runners_seen},
      {"round_trip_ms", s.round_trip_ms ? number(*s.round_trip_ms) : nullptr},
      {"best_score", s.best_score},
      {"own_distance", number(s.own_distance)},
      {"inputs_sent", s.inputs_sent},
      {"prediction", s.prediction},
      {"reaction_samples", s.reaction_samples},
      {"reaction_frames_mean", number(s.reaction_frames_mean)},
      {"reaction_frames_max", s.reaction_frames_max},
      {"reaction_ms_mean", number(s.reaction_ms_mean)},
      {"prediction_checks", s.prediction_checks},
      {"prediction_mismatches", s.prediction_mismatches},
      {"prediction_corrections", s.prediction_corrections},
      {"prediction_worst_step", number(s.prediction_worst_step)},
  };
  std::uint64_t footsteps = 0;
  nlohmann::ordered_json sounds = nlohmann::ordered_json::array();
  for (const SoundCue& cue : s.sounds) {
    if (cue.kind == "footstep") ++footsteps;
    sounds.push_back({{"kind", cue.kind}, {"t", number(cue.t)}});
  }
  o["footsteps"] = footsteps;
  o["sounds"] = std::move(sounds);
  o["failure"] = s.failure.empty() ? nullptr : nlohmann::ordered_json(s.failure);
  // Invalid UTF-8 (a server name as typed) is replaced, not thrown on.
  return o.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

}  // namespace spear::client
