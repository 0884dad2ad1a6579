#include "server/race_ranking.hpp"

#include <algorithm>

namespace spear::server {

bool RaceRanking::Better::operator()(const Key& a, const Key& b) const {
  if (a.score != b.score) return a.score > b.score;
  // Distances come from the sim (finite); NaN would only ever compare equal here.
  if (a.distance_m > b.distance_m) return true;
  if (a.distance_m < b.distance_m) return false;
  if (a.finished_unix != b.finished_unix) return a.finished_unix < b.finished_unix;
  return a.index < b.index;
}

void RaceRanking::add(const LeaderboardEntry& entry) {
  const Key key{entry.score, entry.distance_m, entry.finished_unix, entries_.size()};
  entries_.push_back(entry);
  all_.insert(key);
  by_seed_[entry.seed].insert(key);
}

void RaceRanking::add(const sim::RaceResult& race, std::int64_t finished_unix) {
  for (const sim::RaceResultEntry& r : race.results) {
    LeaderboardEntry e;
    e.name = r.name;
    e.bot = r.bot;
    e.score = r.score;
    e.distance_m = r.distance_m;
    e.targets_broken = r.targets_broken;
    e.crashes = r.crashes;
    e.best_combo = r.best_combo;
    e.place = r.place;
    e.seed = race.seed;
    e.race_number = race.number;
    e.finished_unix = finished_unix;
    add(e);
  }
}

std::vector<LeaderboardEntry> RaceRanking::top(std::size_t limit,
                                               std::optional<std::uint64_t> seed) const {
  const Ranked* ranked = &all_;
  if (seed) {
    const auto it = by_seed_.find(*seed);
    if (it == by_seed_.end()) return {};
    ranked = &it->second;
  }
  std::vector<LeaderboardEntry> out;
  out.reserve(std::min(limit, ranked->size()));
  for (auto it = ranked->begin(); it != ranked->end() && out.size() < limit; ++it)
    out.push_back(entries_[it->index]);
  return out;
}

}  // namespace spear::server
