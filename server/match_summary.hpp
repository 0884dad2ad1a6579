#pragma once
// The --summary-json file. Layout:
//   { "seed", "ticks", "tick_rate", "match_seconds",
//     "runners": [ { "id", "name", "bot", "distance_m", "best_distance_m", "score", "best",
//     "crashes",
//                    "targets_broken" } ... ],
//     "clients": [ { "id", "name", "role", "runner", "wire_runner", "connected_s",
//     "input_datagrams",
//                    "inputs": { "accepted", "duplicate", "too_old", "too_far_ahead", "late" },
//                    "left" } ... ],
//     "earlier_runners": { "count", "distance_m", "score", "crashes", "targets_broken" },
//     "earlier_clients": { "count", "players", "spectators", "disconnected", "timed_out",
//                          "connected_s", "input_datagrams", "inputs": { ... } },
//     "races": [ { "number", "seed", "first_tick", "last_tick", "tick_rate",
//                  "results": [ { "place", "runner", "name", "bot", "score", "distance_m",
//                                 "targets_broken", "crashes", "best_combo" } ... ] } ... ],
//     "inputs": { "accepted", "duplicate", "too_old", "too_far_ahead", "late" },
//     "datagrams_dropped": { "<reason>": n, ... },
//     "timing": { "tick_seconds": { "p50", "p99", "max" }, "ticks_measured" } }
// "seed" is the course seed in play when the summary was written: the match's own, or with races
// the course of the race under way or of the next one drawn (even after the last race); the
// seed of every race run is its entry's in "races".
// "clients" holds every session still connected and the newest finished ones (at most
// --finished-records), in join order; older finished sessions are only counted, in
// "earlier_clients" (and players' runners that left before those in "runners" in
// "earlier_runners"), so the file stays a bounded size however long the server runs:
// "id" is the client id of its Welcome, "runner" the runner id of "runners" (null for a
// spectator), "wire_runner" the runner id its snapshots used, "left" "disconnected",
// "timed_out" or null (still connected when the server stopped). "inputs" counts input frames
// (server/input_counts.hpp); the top-level "inputs" is their sum over all clients (the
// metrics' spear_input_frames_total).
// Everything but "timing" is a function of the arguments (and of what clients sent, and when:
// "connected_s" is server time): two --fast runs with the same arguments write the same bytes.
// "races" lists every race run to its end (the newest 1000; MatchHost::kKeptRaces), oldest
// first: its course seed (sim::race_course_seed), the first and last tick of the race proper
// (after the countdown), and its results by place (score, then distance, then runner id;
// "runner" is the id of "runners"). A runner's "runners" figures are the sum over its races'
// matches (a race's match holds only that race: warm-up and countdown are stood at the line).
// "timing" holds wall-clock figures, so it is left out with --fast (include_timing = false).
#include <cstdint>
#include <string>
#include <vector>

#include "server/client_record.hpp"
#include "server/server_stats.hpp"
#include "sim/race_result.hpp"

namespace spear::server {

struct RunnerSummary {
  std::uint32_t id = 0;
  std::string name;
  bool bot = false;
  double distance_m = 0.0;       // all runs together, metres
  double best_distance_m = 0.0;  // the longest run, metres
  std::uint64_t score = 0;
  std::uint64_t best = 0;
  std::uint64_t crashes = 0;
  std::uint64_t targets_broken = 0;
};

// Runners of players who left long ago, folded into totals (the summary's "earlier_runners").
struct FoldedRunners {
  std::uint64_t count = 0;
  double distance_m = 0.0;
  std::uint64_t score = 0;
  std::uint64_t crashes = 0;
  std::uint64_t targets_broken = 0;

  void add(const RunnerSummary& r);
};

struct MatchSummary {
  std::uint64_t seed = 0;
  std::uint64_t ticks = 0;
  int tick_rate = 60;
  std::vector<RunnerSummary> runners;  // in runner id order
  std::vector<ClientRecord> clients;   // in join order
  FoldedRunners earlier_runners;       // left the match before those in `runners`
  FoldedClients earlier_clients;       // finished before those in `clients`
  std::vector<sim::RaceResult> races;  // races run to their end, oldest first
};

std::string summary_json(const MatchSummary& match, const ServerStats& stats, bool include_timing);

// Writes atomically (temporary file + rename). False with a message on failure.
bool write_text_file(const std::string& path, const std::string& text, std::string& error);

}  // namespace spear::server
