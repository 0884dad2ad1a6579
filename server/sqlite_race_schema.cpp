#include "server/sqlite_race_schema.hpp"

#include <SQLiteCpp/Database.h>
#include <SQLiteCpp/Transaction.h>

#include <array>
#include <string>

namespace spear::server {

namespace {

// migrations[v] takes a file from version v to v + 1. Append only: a released step never
// changes (files in the field were made by it), and no step drops a table or a column.
// 64-bit unsigned values (seeds, scores) are stored as the signed 64-bit integer with the same
// bits (SQLite integers are signed).
constexpr std::array<const char*, kLeaderboardSchemaVersion> kMigrations = {
    // 0 -> 1: races and their results.
    R"sql(
CREATE TABLE races (
  id INTEGER PRIMARY KEY,           -- order of saving, across every server that used the file
  number INTEGER NOT NULL,          -- as numbered by the server that ran it (1, 2, ...)
  seed INTEGER NOT NULL,            -- the course seed
  first_tick INTEGER NOT NULL,      -- first tick of the race proper
  last_tick INTEGER NOT NULL,       -- last tick stepped in it
  tick_rate INTEGER NOT NULL,       -- ticks per second
  finished_unix INTEGER NOT NULL    -- when it was saved, seconds since 1970 (UTC)
) STRICT;
CREATE INDEX races_by_seed ON races(seed);
CREATE TABLE results (
  race_id INTEGER NOT NULL REFERENCES races(id),
  place INTEGER NOT NULL CHECK (place >= 1),
  runner INTEGER NOT NULL,          -- the runner's id in its race's match
  name TEXT NOT NULL,               -- UTF-8, 1-24 bytes
  bot INTEGER NOT NULL CHECK (bot IN (0, 1)),
  score INTEGER NOT NULL,
  distance_m REAL NOT NULL,         -- metres
  targets_broken INTEGER NOT NULL,
  crashes INTEGER NOT NULL,
  best_combo INTEGER NOT NULL,
  PRIMARY KEY (race_id, place)
) STRICT, WITHOUT ROWID;
)sql",
};

}  // namespace

void migrate_leaderboard_schema(SQLite::Database& db, int from_version) {
  for (int v = from_version; v < kLeaderboardSchemaVersion; ++v) {
    SQLite::Transaction step(db, SQLite::TransactionBehavior::IMMEDIATE);
    db.exec(kMigrations[static_cast<std::size_t>(v)]);
    if (v == 0) db.exec("PRAGMA application_id = " + std::to_string(kLeaderboardApplicationId));
    db.exec("PRAGMA user_version = " + std::to_string(v + 1));
    step.commit();
  }
}

}  // namespace spear::server
