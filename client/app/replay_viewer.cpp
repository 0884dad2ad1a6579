#include "app/replay_headless.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>

#include "replay/replay_player.hpp"
#include "replay/replay_reader.hpp"
#include "sim/sim_version.hpp"

namespace spear::client {

namespace {
constexpr double kFrameSeconds = 1.0 / 60.0;  // headless frames, as the client's own
}

int run_replay_headless(const ClientOptions& o) {
  std::string error;
  const auto bytes = replay::read_file_bytes(o.replay, error);
  if (!bytes) {
    std::cerr << "spear-client: --replay: " << error << "\n";
    return 2;
  }
  const replay::ReadResult read = replay::read_replay(*bytes);
  if (!read.replay) {
    std::cerr << "spear-client: --replay: " << o.replay << ": " << read.error << "\n";
    return 2;
  }
  const replay::Replay& r = *read.replay;
  if (r.sim_version != sim::kSimVersion) {
    std::cerr << "spear-client: --replay: " << o.replay << ": recorded by sim version "
              << r.sim_version << ", this build's is " << sim::kSimVersion << "\n";
    return 2;
  }
  replay::ReplayPlayer player(r);
  player.set_speed(o.replay_speed);
  const auto frames = static_cast<long>(std::llround(o.duration / kFrameSeconds));
  for (long f = 0; f < frames && !player.at_end(); ++f) player.advance(kFrameSeconds);

  const std::uint64_t hash = player.match().state_hash();
  const auto cp =
      std::find_if(r.checkpoints.begin(), r.checkpoints.end(),
                   [&](const replay::Checkpoint& c) { return c.tick == player.tick(); });
  nlohmann::json j;
  j["replay"] = o.replay;
  j["speed"] = player.speed();
  j["tick"] = player.tick();
  j["end_tick"] = r.end_tick;
  j["race_seconds"] = player.seconds();
  j["at_end"] = player.at_end();
  j["runners"] = player.match().runner_count();
  j["state_hash"] = hash;
  j["matches_checkpoint"] =
      cp == r.checkpoints.end() ? nlohmann::json(nullptr) : nlohmann::json(cp->hash == hash);
  if (!o.stats_json.empty()) {
    std::ofstream out(o.stats_json, std::ios::trunc);
    out << j.dump(2) << '\n';
    if (!out) {
      std::cerr << "spear-client: cannot write " << o.stats_json << "\n";
      return 1;
    }
  }
  std::cout << "replay: " << player.seconds() << " s of race played to tick " << player.tick()
            << (cp == r.checkpoints.end() ? ""
                : cp->hash == hash        ? " (matches the recorded checkpoint)"
                                          : " (DIFFERS from the recorded checkpoint)")
            << "\n";
  return cp != r.checkpoints.end() && cp->hash != hash ? 1 : 0;
}

}  // namespace spear::client
