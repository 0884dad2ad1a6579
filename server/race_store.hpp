#pragma once
// Where finished races are kept (the leaderboard): an interface, so that the server, the
// /leaderboard endpoint and the results screen never see which database holds them. A SQLite
// file behind --db today; a fleet's shared PostgreSQL later. Nothing storage-specific appears
// here.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "sim/race_result.hpp"

namespace spear::server {

// One result of one race, as the leaderboard lists it.
struct LeaderboardEntry {
  std::string name;
  bool bot = false;
  std::uint64_t score = 0;
  double distance_m = 0.0;
  std::uint64_t targets_broken = 0;
  std::uint64_t crashes = 0;
  std::uint64_t best_combo = 0;
  std::uint32_t place = 0;         // in its race
  std::uint64_t seed = 0;          // the race's course seed
  std::uint32_t race_number = 0;   // as numbered by the server that ran it
  std::int64_t finished_unix = 0;  // when the race was saved, seconds since 1970 (UTC)
};

class RaceStore {
 public:
  virtual ~RaceStore() = default;

  // Keeps a finished race and all its results (all or nothing). Called from the tick thread:
  // it never waits for the disk (an implementation queues the write and does it elsewhere).
  virtual void save(const sim::RaceResult& race) = 0;

  // The best results of all time, highest score first (then longer distance, then earlier),
  // at most `limit`; with `seed`, only races on that course seed. Includes every race passed
  // to save() before, even if its write is still queued. Safe to call from any thread; never
  // waits for the disk on the tick thread's behalf (served from memory where it must be).
  virtual std::vector<LeaderboardEntry> top(std::size_t limit,
                                            std::optional<std::uint64_t> seed) const = 0;
};

}  // namespace spear::server
