#pragma once
// GET /leaderboard on the metrics listener: the best results of all time as JSON.
//
//   /leaderboard                    the top 10
//   /leaderboard?limit=N            the top N, 1 <= N <= 100
//   /leaderboard?seed=S             only races on course seed S (0 <= S < 2^64)
//   /leaderboard?seed=S&limit=N     both, in either order
//
// Strict: an unknown parameter, one given twice, an empty one, a value that is not a plain
// decimal number (no sign, no spaces, no percent-escapes) or out of range gets 400 with
// {"error": "..."}. A server without --db answers 404 with {"error": "..."}.
// Answered from RaceStore::top(), which serves from memory: safe on the tick thread, which is
// the thread that runs the listener's handlers (Server::run polls the Asio context).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/http_listener.hpp"
#include "server/race_store.hpp"

namespace spear::server {

inline constexpr std::size_t kDefaultLeaderboardLimit = 10;
inline constexpr std::size_t kMaxLeaderboardLimit = 100;

struct LeaderboardQuery {
  std::size_t limit = kDefaultLeaderboardLimit;
  std::optional<std::uint64_t> seed;
};

// The query string (after '?', possibly empty). nullopt with a one-line `error` when bad.
std::optional<LeaderboardQuery> parse_leaderboard_query(std::string_view query, std::string& error);

// {"limit": N, "seed": S or null, "entries": [{"rank", "name", "bot", "score", "distance_m",
//   "targets_broken", "crashes", "best_combo", "place", "seed", "race_number",
//   "finished_unix"}]}
std::string leaderboard_json(const LeaderboardQuery& query,
                             const std::vector<LeaderboardEntry>& entries);

// The whole answer; `store` may be null (no --db).
HttpResponse leaderboard_response(const RaceStore* store, std::string_view query);

}  // namespace spear::server
