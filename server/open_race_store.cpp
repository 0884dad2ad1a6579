#include "server/open_race_store.hpp"

#include <spdlog/spdlog.h>

#include "server/sqlite_race_store.hpp"

namespace spear::server {

std::unique_ptr<RaceStore> open_race_store(const std::string& location, std::string& error) {
  auto store = SqliteRaceStore::open(location, error);
  if (store)
    spdlog::info("leaderboard: {} races, {} results in {}", store->races_at_open(),
                 store->results_at_open(), location);
  return store;
}

}  // namespace spear::server
