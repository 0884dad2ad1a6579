#pragma once
// What a headless run saw, written as JSON by --stats-json (client.md): snapshots received,
// bytes, loss, interpolation delay, worst joint pop, frames drawn, followed runners seen.
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace spear::client {

// A sound the client played (with --audio-wav or a sound device): its kind ("footstep",
// "whoosh", "crunch", "thud", "take_off", "landing") and the run second it started at (sample
// round(t × rate)).
struct SoundCue {
  std::string kind;
  double t = 0.0;
};

struct RunStats {
  bool connected = false;
  std::string role;    // "player" or "spectator"
  std::string server;  // as named by the user
  std::optional<std::uint32_t> own_runner;
  double seconds = 0.0;       // run length, local seconds
  double handshake_s = -1.0;  // Hello → Welcome, seconds (-1: never)
  std::uint64_t snapshots_received = 0;
  std::uint64_t snapshots_duplicate = 0;
  std::uint64_t snapshots_reordered = 0;
  std::uint64_t snapshots_too_old = 0;
  double snapshot_loss = 0.0;  // 0..1
  std::uint64_t bytes_in = 0, bytes_out = 0;
  std::uint64_t datagrams_in = 0, datagrams_out = 0;
  std::uint64_t datagrams_dropped = 0;
  double bytes_per_runner = 0.0;  // runner-block bytes per runner per snapshot (mean)
  double interp_delay_ms = 0.0;   // delay in effect at the end
  double interp_delay_mean_ms = 0.0;
  double target_delay_ms = 0.0;
  // Largest per-frame joint move of the followed runner, units (anchor-relative). Fast authored
  // motion counts too: a thrust moves the spear ~28 units a frame at 60 Hz.
  double worst_joint_pop = 0.0;
  double steady_joint_step = 0.0;  // median per-frame joint move, units (for scale)
  std::uint64_t frames = 0;        // views sampled (one per loop iteration)
  std::uint64_t frames_drawn = 0;  // of which drawn to a window or offscreen target
  std::uint64_t frames_extrapolated = 0, frames_held = 0;
  std::set<std::uint32_t> followed_runners;
  std::set<std::uint32_t> runners_seen;
  std::optional<double> round_trip_ms;
  std::uint32_t best_score = 0;  // own runner's best, players
  double own_distance = 0.0;     // own runner's distance at the end, units
  // Distinct input ticks generated (players): one frame per tick, empty ones included; the
  // server's --summary-json counts the same ticks on arrival (clients[].inputs.accepted).
  std::uint64_t inputs_sent = 0;
  // Own-runner prediction (players): on or off, and Jump press → first frame showing the leap.
  bool prediction = false;
  std::uint64_t reaction_samples = 0;
  double reaction_frames_mean = 0.0;
  std::uint64_t reaction_frames_max = 0;
  double reaction_ms_mean = 0.0;
  std::uint64_t prediction_checks = 0, prediction_mismatches = 0, prediction_corrections = 0;
  double prediction_worst_step = 0.0;  // units: largest per-frame move of a fading correction
  std::vector<SoundCue> sounds;        // in order; empty without sound
  std::string failure;                 // why the run failed, empty when it did not
};

std::string to_json(const RunStats& s);

}  // namespace spear::client
