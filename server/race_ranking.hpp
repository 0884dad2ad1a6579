#pragma once
// Every stored result, ranked in memory: the leaderboard's answer to top() without touching a
// database, so the tick thread (which serves the metrics listener, see server.cpp) never waits
// for a disk. Kept by any RaceStore implementation: loaded at open, added to at save().
// Not thread-safe on its own; the store guards it.
//
// Order: higher score first, then longer distance, then earlier (finished_unix), then the order
// in which results were added (a race's results are added by place), so no two entries tie.
// Memory: at most about 300 bytes a result (100,000 results: about 30 MB, bench_leaderboard).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <optional>
#include <set>
#include <unordered_map>
#include <vector>

#include "server/race_store.hpp"
#include "sim/race_result.hpp"

namespace spear::server {

class RaceRanking {
 public:
  // Adds every result of a race finished at `finished_unix` (seconds since 1970, UTC).
  void add(const sim::RaceResult& race, std::int64_t finished_unix);
  void add(const LeaderboardEntry& entry);

  std::vector<LeaderboardEntry> top(std::size_t limit, std::optional<std::uint64_t> seed) const;

  std::size_t size() const { return entries_.size(); }

 private:
  // The sort key of one entry; `index` is its position in entries_ (the order added).
  struct Key {
    std::uint64_t score;
    double distance_m;
    std::int64_t finished_unix;
    std::size_t index;
  };
  struct Better {
    bool operator()(const Key& a, const Key& b) const;
  };
  using Ranked = std::set<Key, Better>;

  std::deque<LeaderboardEntry> entries_;
  Ranked all_;
  std::unordered_map<std::uint64_t, Ranked> by_seed_;
};

}  // namespace spear::server
