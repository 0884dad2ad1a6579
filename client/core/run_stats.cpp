#include "core/run_stats.hpp"

#include <cmath>
#include <cstdio>
#include <sstream>

namespace spear::client {

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
      case '\t':
        out += "\\t";
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
  std::snprintf(buf, sizeof buf, "%.6g", v);
  return buf;
}

std::string ids(const std::set<std::uint32_t>& s) {
  std::string out = "[";
  for (auto it = s.begin(); it != s.end(); ++it)
    out += (it == s.begin() ? "" : ", ") + std::to_string(*it);
  return out + "]";
}
}  // namespace

std::string to_json(const RunStats& s) {
  std::ostringstream o;
  o << "{\n";
  o << "  \"connected\": " << (s.connected ? "true" : "false") << ",\n";
  o << "  \"role\": " << quoted(s.role) << ",\n";
  o << "  \"server\": " << quoted(s.server) << ",\n";
  o << "  \"own_runner\": " << (s.own_runner ? std::to_string(*s.own_runner) : "null") << ",\n";
  o << "  \"seconds\": " << number(s.seconds) << ",\n";
  o << "  \"handshake_s\": " << (s.handshake_s < 0 ? "null" : number(s.handshake_s)) << ",\n";
  o << "  \"snapshots_received\": " << s.snapshots_received << ",\n";
  o << "  \"snapshots_duplicate\": " << s.snapshots_duplicate << ",\n";
  o << "  \"snapshots_reordered\": " << s.snapshots_reordered << ",\n";
  o << "  \"snapshots_too_old\": " << s.snapshots_too_old << ",\n";
  o << "  \"snapshot_loss\": " << number(s.snapshot_loss) << ",\n";
  o << "  \"bytes_in\": " << s.bytes_in << ",\n";
  o << "  \"bytes_out\": " << s.bytes_out << ",\n";
  o << "  \"datagrams_in\": " << s.datagrams_in << ",\n";
  o << "  \"datagrams_out\": " << s.datagrams_out << ",\n";
  o << "  \"datagrams_dropped\": " << s.datagrams_dropped << ",\n";
  o << "  \"bytes_per_runner\": " << number(s.bytes_per_runner) << ",\n";
  o << "  \"interp_delay_ms\": " << number(s.interp_delay_ms) << ",\n";
  o << "  \"interp_delay_mean_ms\": " << number(s.interp_delay_mean_ms) << ",\n";
  o << "  \"target_delay_ms\": " << number(s.target_delay_ms) << ",\n";
  o << "  \"worst_joint_pop\": " << number(s.worst_joint_pop) << ",\n";
  o << "  \"steady_joint_step\": " << number(s.steady_joint_step) << ",\n";
  o << "  \"frames\": " << s.frames << ",\n";
  o << "  \"frames_drawn\": " << s.frames_drawn << ",\n";
  o << "  \"frames_extrapolated\": " << s.frames_extrapolated << ",\n";
  o << "  \"frames_held\": " << s.frames_held << ",\n";
  o << "  \"followed_runners\": " << ids(s.followed_runners) << ",\n";
  o << "  \"runners_seen\": " << ids(s.runners_seen) << ",\n";
  o << "  \"round_trip_ms\": " << (s.round_trip_ms ? number(*s.round_trip_ms) : "null") << ",\n";
  o << "  \"best_score\": " << s.best_score << ",\n";
  o << "  \"own_distance\": " << number(s.own_distance) << ",\n";
  o << "  \"inputs_sent\": " << s.inputs_sent << ",\n";
  o << "  \"prediction\": " << (s.prediction ? "true" : "false") << ",\n";
  o << "  \"reaction_samples\": " << s.reaction_samples << ",\n";
  o << "  \"reaction_frames_mean\": " << number(s.reaction_frames_mean) << ",\n";
  o << "  \"reaction_frames_max\": " << s.reaction_frames_max << ",\n";
  o << "  \"reaction_ms_mean\": " << number(s.reaction_ms_mean) << ",\n";
  o << "  \"prediction_checks\": " << s.prediction_checks << ",\n";
  o << "  \"prediction_mismatches\": " << s.prediction_mismatches << ",\n";
  o << "  \"prediction_corrections\": " << s.prediction_corrections << ",\n";
  o << "  \"prediction_worst_step\": " << number(s.prediction_worst_step) << ",\n";
  std::uint64_t footsteps = 0;
  std::string sounds = "[";
  for (std::size_t i = 0; i < s.sounds.size(); ++i) {
    if (s.sounds[i].kind == "footstep") ++footsteps;
    char t[32];
    std::snprintf(t, sizeof t, "%.6f", s.sounds[i].t);
    sounds += std::string(i ? ", " : "") + "{\"kind\": " + quoted(s.sounds[i].kind) +
              ", \"t\": " + t + "}";
  }
  o << "  \"footsteps\": " << footsteps << ",\n";
  o << "  \"sounds\": " << sounds << "],\n";
  o << "  \"failure\": " << (s.failure.empty() ? "null" : quoted(s.failure)) << "\n";
  o << "}\n";
  return o.str();
}

}  // namespace spear::client
