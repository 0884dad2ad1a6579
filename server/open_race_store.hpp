#pragma once
// Opens the race store named by --db: today a SQLite file path (server/sqlite_race_store.hpp).
// The one place that knows which implementation backs a RaceStore; a fleet's shared database
// (a postgresql:// address) would be told apart here. Destroying the store writes every race
// still queued before it returns.
#include <memory>
#include <string>

#include "server/race_store.hpp"

namespace spear::server {

// nullptr with a one-line `error` when the store cannot be used; the server must not start.
std::unique_ptr<RaceStore> open_race_store(const std::string& location, std::string& error);

}  // namespace spear::server
